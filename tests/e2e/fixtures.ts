import { test as base, expect } from '@playwright/test'

// Every browser test fails on a console error or an uncaught exception in the page; that
// includes Content-Security-Policy violations, which Chromium reports as console errors.
export const test = base.extend<{ pageErrors: string[] }>({
  pageErrors: [
    async ({ page }, use) => {
      const errors: string[] = []
      page.on('console', (message) => {
        if (message.type() !== 'error') return
        // A 404 page answers with status 404 on purpose; Chromium logs that for the document.
        const documentStatus =
          message.text().startsWith('Failed to load resource') &&
          message.location().url === page.url()
        if (!documentStatus) errors.push(`${message.text()} (${message.location().url})`)
      })
      page.on('pageerror', (error) => errors.push(error.message))
      await use(errors)
      expect(errors, 'console errors in the page').toEqual([])
    },
    { auto: true },
  ],
})

export { expect }
