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
        // 401, 403, 409 (the state changed: an admin decision) or 429, to the document request or, after a client-side navigation or
        // submission, to React Router's data request; Chromium logs both.
        const url = message.location().url
        const foreign = [url, page.url()]
        if ([...thirdPartyOrigins].some((origin) => foreign.some((u) => u.startsWith(origin)))) {
          return
        }
        const answeredOnPurpose =
          /status of 4(?:00|01|03|04|09|29)\b/.test(message.text()) &&
          (url === page.url() || /\.data(\?|$)/.test(url))
        if (!answeredOnPurpose) errors.push(`${message.text()} (${url})`)
      })
      // With the page and the stack: a rare error is found from the CI log alone.
      page.on('pageerror', (error) =>
        errors.push(`${error.stack ?? error.message} (${page.url()})`),
      )
      await use(errors)
      expect(errors, 'console errors in the page').toEqual([])
    },
    { auto: true },
  ],
})

export { expect }

/**
 * Waits until React has hydrated the page and React Router is idle: a click before that is lost
 * or becomes a plain form post (the first page's dictionary loads before hydration, one more
 * request on a slow machine), and a click during a navigation may be undone when it lands (a
 * menu opened on the page being left closes). `data-hydrated` is set by the root's effect.
 */
export async function hydrated(page: import('@playwright/test').Page, timeout = 15_000) {
  await expect.poll(() => page.evaluate(isHydratedAndIdle), { timeout }).toBe(true)
}

/** In the page: hydrated (the root's effect ran) and no navigation, fetcher or revalidation on the way. */
export function isHydratedAndIdle() {
  const router = (
    window as {
      __reactRouterDataRouter?: {
        state: {
          initialized: boolean
          navigation: { state: string }
          revalidation: string
          fetchers: Map<string, { state: string }>
        }
      }
    }
  ).__reactRouterDataRouter
  if (!router || !('hydrated' in document.documentElement.dataset)) return false
  const { initialized, navigation, revalidation, fetchers } = router.state
  return (
    initialized &&
    navigation.state === 'idle' &&
    revalidation === 'idle' &&
    [...fetchers.values()].every((fetcher) => fetcher.state === 'idle')
  )
}
