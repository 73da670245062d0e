import AxeBuilder from '@axe-core/playwright'
import { brazilDay } from '#app/domain/brazil-time.ts'
import { expect, hydrated, test, thirdPartyOrigins } from '../support/browser/fixtures.ts'
import { signInAtProvider } from '../support/browser/sign-in.ts'
import { specServer } from '../support/browser/spec-server.ts'
import { OIDC_CLIENT_ID, OIDC_CLIENT_SECRET, startOidcServer } from '../support/oidc-server.ts'

// The age gate with AGE_ASSURANCE=oidc (issue 23, ADR 0021): a server of its own whose gate sends
// the visitor to a real local OpenID Connect server, through its own login and consent pages.

let oidc: Awaited<ReturnType<typeof startOidcServer>>
let base = ''

test.describe.configure({ mode: 'serial' })
test.use({ ageConfirmed: false, locale: 'pt-BR' })

/** YYYY-MM-DD `years` before today in Brazil (a 29 February becomes the 28th). */
function yearsAgo(years: number): string {
  const [year, month, day] = brazilDay().split('-')
  const date = `${Number(year) - years}-${month}-${day}`
  return date.endsWith('-02-29') && Number.isNaN(Date.parse(date)) ? date.replace('29', '28') : date
}

const ADULT_BIRTHDATE = yearsAgo(30)

// The gate's redirect URI names the site's address before it starts.
specServer({
  fixedPort: true,
  beforeStart: async (spec) => {
    base = spec.base()
    oidc = await startOidcServer(base, {
      adulta: { email: 'adulta@example.com', name: 'Adulta Teste', birthdate: ADULT_BIRTHDATE },
      menor: { email: 'menor@example.com', name: 'Menor Teste', birthdate: yearsAgo(17) },
    })
    thirdPartyOrigins.add(oidc.issuer)
  },
  env: () => ({
    AGE_ASSURANCE: 'oidc',
    AGE_OIDC_DISCOVERY_URL: oidc.discoveryUrl,
    AGE_OIDC_CLIENT_ID: OIDC_CLIENT_ID,
    AGE_OIDC_CLIENT_SECRET: OIDC_CLIENT_SECRET,
  }),
  timeout: 120_000,
})

test.afterAll(async () => {
  await oidc?.close()
})

test('an adult verifies at the provider and browses; only "over 18 until" is kept', async ({
  page,
  context,
}) => {
  await page.goto(`${base}/pt/acompanhantes/sao-paulo`)
  // The gate's link takes the focus from its script.
  await hydrated(page)
  const gate = page.getByRole('dialog', { name: 'Conteúdo para maiores de 18 anos' })
  await expect(gate).toBeVisible()
  // The page is server-rendered behind it, and cannot be reached.
  await expect(page.getByRole('heading', { level: 1 })).toBeAttached()
  expect(await page.locator('main').evaluate((main) => main.closest('[inert]') !== null)).toBe(true)
  await expect(gate.getByRole('button', { name: 'Tenho mais de 18 anos – Entrar' })).toHaveCount(0)
  const verify = gate.getByRole('link', { name: 'Verificar minha idade' })
  await expect(verify).toBeFocused()
  expect((await new AxeBuilder({ page }).analyze()).violations.map((v) => v.id)).toEqual([])

  // The click gate's local-storage flag admits no one here.
  await page.evaluate(() => localStorage.setItem('aprova-age-confirmed', '1'))
  await page.reload()
  await expect(gate).toBeVisible()

  await verify.click()
  await signInAtProvider(page, oidc.issuer, 'adulta')
  await expect(page).toHaveURL(`${base}/pt/acompanhantes/sao-paulo`)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Acompanhantes em São Paulo')
  await expect(page.getByRole('dialog')).toHaveCount(0)

  const cookies = await context.cookies(base)
  const verified = cookies.find((cookie) => cookie.name === 'aprova-age-verified')
  expect(verified).toMatchObject({ httpOnly: true, sameSite: 'Lax' })
  expect(verified?.value).toMatch(/^over18-until-\d{4}-\d{2}-\d{2}T\d{2}:00Z\.[\w-]{43}$/)
  for (const cookie of cookies) {
    for (const secret of ['adulta', 'example.com', ADULT_BIRTHDATE]) {
      expect(cookie.value).not.toContain(secret)
    }
  }
  expect(cookies.some((cookie) => cookie.name === 'aprova-age-flow')).toBe(false)

  await page.goto(`${base}/pt/servicos`)
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await expect(page.getByRole('dialog')).toHaveCount(0)
})

test('a minor is told why at the gate, and may try again or leave', async ({ page, context }) => {
  await page.goto(`${base}/pt/servicos`)
  const gate = page.getByRole('dialog', { name: 'Conteúdo para maiores de 18 anos' })
  await gate.getByRole('link', { name: 'Verificar minha idade' }).click()
  await signInAtProvider(page, oidc.issuer, 'menor')
  await expect(page).toHaveURL(`${base}/pt/servicos`)
  await expect(gate.getByRole('alert')).toHaveText(
    'A verificação indicou menos de 18 anos. Este site é só para maiores de 18.',
  )
  await expect(gate.getByRole('link', { name: 'Tentar de novo' })).toBeVisible()
  expect((await new AxeBuilder({ page }).analyze()).violations.map((v) => v.id)).toEqual([])
  await expect(gate.getByRole('link', { name: 'Tenho menos de 18 anos – Sair' })).toHaveAttribute(
    'href',
    'https://www.google.com/',
  )
  expect((await context.cookies(base)).some((c) => c.name === 'aprova-age-verified')).toBe(false)
  // Shown once: the next page shows the gate without it.
  await page.reload()
  await expect(gate).toBeVisible()
  await expect(gate.getByRole('alert')).toHaveCount(0)
})
