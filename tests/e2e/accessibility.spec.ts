import AxeBuilder from '@axe-core/playwright'
import { expect, test } from './fixtures.ts'

for (const path of ['/pt/', '/en/', '/xyz']) {
  test(`${path} has no axe violations @phone`, async ({ page }) => {
    await page.goto(path)
    const results = await new AxeBuilder({ page }).analyze()
    expect(results.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([])
  })
}
