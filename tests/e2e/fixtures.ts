import { test as base, expect } from '@playwright/test'

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
        // A not-found page answers 404 on purpose, to the document request or, after a
        // client-side navigation, to React Router's data request; Chromium logs both.
        const url = message.location().url
        const notFoundPage =
          message.text().includes('status of 404') &&
          (url === page.url() || /\.data(\?|$)/.test(url))
        if (!notFoundPage) errors.push(`${message.text()} (${url})`)
      })
      page.on('pageerror', (error) => errors.push(error.message))
      await use(errors)
      expect(errors, 'console errors in the page').toEqual([])
    },
    { auto: true },
  ],
})

export { expect }
