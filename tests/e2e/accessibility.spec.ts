import AxeBuilder from '@axe-core/playwright'
import { expect, test } from '../support/browser/fixtures.ts'

for (const path of [
  '/pt/',
  '/en/',
  '/xyz',
  '/pt/acompanhantes/sao-paulo',
  '/en/buscar?city=rio-de-janeiro',
  '/pt/servicos',
  '/pt/cidades',
  '/en/buscar?local=zzzz',
  '/en/servicos/gfe',
  '/pt/acompanhantes/atlantida',
  '/acompanhante/luna-azul',
  '/acompanhante/ninguem',
  '/acompanhante/luna-azul/denunciar',
  '/auth',
  '/auth?mode=login',
  '/auth?mode=signup&type=provider',
  '/auth?type=client',
  '/auth?mode=forgot',
]) {
  test(`${path} has no axe violations @phone`, async ({ page }) => {
    await page.goto(path)
    const results = await new AxeBuilder({ page }).analyze()
    expect(results.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([])
  })
}
