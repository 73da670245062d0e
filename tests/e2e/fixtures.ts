import { test as base, expect } from '@playwright/test'

/**
 * Origins of third-party pages a test walks through (the local OpenID Connect server standing in
 * for Google): what their own pages log is not ours to fail on.
 */
export const thirdPartyOrigins = new Set<string>()

// Every browser test fails on a console error or an uncaught exception in the page; that
// includes Content-Security-Policy violations, which Chromium reports as console errors.
export const test = base.extend<{ pageErrors: string[]; ageConfirmed: boolean }>({
  // Visitors in these tests have passed the age gate already, unless a test says otherwise
  // (tests/e2e/age-gate.spec.ts).
  ageConfirmed: [true, { option: true }],
  context: async ({ context, ageConfirmed, baseURL }, use) => {
    if (ageConfirmed && baseURL) {
      await context.addCookies([{ name: 'aprova-age', value: '1', url: baseURL }])
    }
    await use(context)
  },
  pageErrors: [
    async ({ page }, use) => {
      const errors: string[] = []
      page.on('console', (message) => {
        if (message.type() !== 'error') return
        // A not-found page answers 404 on purpose, and a form sent back with its message 400,
        // 401, 403 or 429, to the document request or, after a client-side navigation or
        // submission, to React Router's data request; Chromium logs both.
        const url = message.location().url
        const foreign = [url, page.url()]
        if ([...thirdPartyOrigins].some((origin) => foreign.some((u) => u.startsWith(origin)))) {
          return
        }
        const answeredOnPurpose =
          /status of 4(?:00|01|03|04|29)\b/.test(message.text()) &&
          (url === page.url() || /\.data(\?|$)/.test(url))
        if (!answeredOnPurpose) errors.push(`${message.text()} (${url})`)
      })
      page.on('pageerror', (error) => errors.push(error.message))
      await use(errors)
      expect(errors, 'console errors in the page').toEqual([])
    },
    { auto: true },
  ],
})

export { expect }

/**
 * Waits until React Router has hydrated the page: typing into an input before that is lost
 * (the first page's dictionary loads before hydration, one more request on a slow machine).
 */
export async function hydrated(page: import('@playwright/test').Page) {
  await expect
    .poll(() =>
      page.evaluate(
        () =>
          (window as { __reactRouterDataRouter?: { state: { initialized: boolean } } })
            .__reactRouterDataRouter?.state.initialized === true,
      ),
    )
    .toBe(true)
}
