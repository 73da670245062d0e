import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import type { Page } from '@playwright/test'
import { expect, hydrated, test } from '../support/browser/fixtures.ts'
import { signIn } from '../support/browser/sign-in.ts'
import { specServer } from '../support/browser/spec-server.ts'
import { decodeQuotedPrintable } from '../support/smtp-server.ts'

// Issue 19 points 16–18: /auth's 'Voltar' returns to the page the header's Entrar or Cadastrar
// was pressed on, and so does a client's sign-in; the sign-up cards start with the name; after
// logging in 'Redirecionando para seu painel...' shows while the next page loads.

test.describe.configure({ mode: 'serial' })

const CLIENT = { email: 'volta.cliente@example.com', password: 'senha-do-cliente-123' }
// tests/support/cli/helpers.server.ts createPendingProvider's account.
const PROVIDER = { email: 'estrela@example.com', password: 'senha-forte-123' }

const spec = specServer({
  env: () => ({ DEMO_DATA: '1' }),
  prepare: ({ helper }) => {
    helper('createClient', CLIENT.email, CLIENT.password)
    helper('createPendingProvider')
  },
})

async function open(page: Page, path: string) {
  await page.context().addCookies([{ name: 'aprova-age', value: '1', url: spec.base() }])
  await page.goto(`${spec.base()}${path}`)
  await hydrated(page)
}

for (const [lang, login, signup, back, provider] of [
  ['pt', 'Entrar', 'Cadastrar', 'Voltar', /Sou Acompanhante/],
  ['en', 'Log in', 'Sign up', 'Back', /I am an escort/],
] as const) {
  test(`'${back}' on /auth returns to the page the header's buttons were pressed on (${lang})`, async ({
    page,
  }) => {
    const city = `/${lang}/acompanhantes/sao-paulo?availability=true`
    await open(page, city)
    await page.getByRole('banner').getByRole('link', { name: login, exact: true }).click()
    await expect(page).toHaveURL(/\/auth\?mode=login&from=/)
    await page.getByRole('link', { name: back, exact: true }).click()
    await expect(page).toHaveURL(`${spec.base()}${city}`)

    // Through the choice screen to a sign-up card (the address no longer names the page).
    await hydrated(page)
    await page.getByRole('banner').getByRole('link', { name: signup, exact: true }).click()
    await page.getByRole('link', { name: provider }).click()
    await expect(page).toHaveURL(/type=provider/)
    await page.getByRole('link', { name: back, exact: true }).click()
    await expect(page).toHaveURL(`${spec.base()}${city}`)
  })
}

test('a foreign or odd from= is ignored: Voltar goes to the home page', async ({ page }) => {
  for (const from of ['https://example.org/x', '//example.org/x', '/\\example.org']) {
    await open(page, `/auth?mode=login&lang=pt&from=${encodeURIComponent(from)}`)
    await expect(page.getByRole('link', { name: 'Voltar', exact: true })).toHaveAttribute(
      'href',
      '/pt/',
    )
  }
})

for (const [lang, first] of [
  ['pt', ['Nome artístico', 'Nome de exibição']],
  ['en', ['Working name', 'Display name']],
] as const) {
  test(`sign-up cards start with the working name or display name (${lang})`, async ({ page }) => {
    for (const [type, label] of [
      ['provider', first[0]],
      ['client', first[1]],
    ] as const) {
      await open(page, `/auth?mode=signup&type=${type}&lang=${lang}`)
      const fields = page.locator('main form').first().locator('input:not([type=hidden])')
      await expect(fields.first()).toHaveAccessibleName(new RegExp(`^${label}`))
      await expect(fields.nth(1)).toHaveAttribute('type', 'email')
    }
  })
}

/** Holds the next page's data request until released, so what shows meanwhile can be seen. */
async function holdData(page: Page, path: RegExp) {
  let release = () => {}
  const released = new Promise<void>((resolve) => {
    release = resolve
  })
  await page.route(path, async (route) => {
    await released
    await route.continue()
  })
  return release
}

/** A sign-in's answer (its password hashed) or an e-mail sent: slow on a loaded machine. */
const SLOW = { timeout: 15_000 }

/** The log-in card the page shows, filled in and sent with `submit`. */
const logIn = (page: Page, account: { email: string; password: string }, submit: string) =>
  signIn(page, spec.base(), account, {
    open: false,
    passwordLabel: /^(Senha|Password)$/,
    button: submit,
  })

test("a provider's log-in says 'Redirecionando para seu painel...' until her area shows", async ({
  page,
}) => {
  await open(page, '/pt/acompanhantes/sao-paulo')
  await page.getByRole('banner').getByRole('link', { name: 'Entrar', exact: true }).click()
  await expect(page.getByRole('heading', { name: 'Entrar' })).toBeVisible()
  await hydrated(page)
  const release = await holdData(page, /\/dashboard\.data/)
  await logIn(page, PROVIDER, 'Entrar')
  await expect(page.getByText('Redirecionando para seu painel...')).toBeVisible(SLOW)
  release()
  await expect(page).toHaveURL(`${spec.base()}/dashboard`)
  await expect(page.getByRole('heading', { name: 'Painel da anunciante' })).toBeVisible()
  await page.getByRole('banner').getByRole('button', { name: 'Sair' }).click()
  await expect(page).toHaveURL(/\/pt\/$/)
})

test('a client who logs in from a city page is taken back to it (en)', async ({ page }) => {
  const city = '/en/acompanhantes/rio-de-janeiro'
  await open(page, city)
  await page.getByRole('banner').getByRole('link', { name: 'Log in', exact: true }).click()
  await expect(page.getByRole('heading', { name: 'Log in' })).toBeVisible()
  await hydrated(page)
  const release = await holdData(page, /\/acompanhantes\/rio-de-janeiro\.data/)
  await logIn(page, CLIENT, 'Log in')
  await expect(page.getByText('Taking you back to the previous page...')).toBeVisible(SLOW)
  release()
  await expect(page).toHaveURL(`${spec.base()}${city}`)
  await expect(page.getByRole('banner').getByRole('link', { name: 'Dashboard' })).toHaveAttribute(
    'href',
    '/client-dashboard',
  )
})

/** The newest outbox e-mail to `to` whose text matches `pattern`, decoded (no SMTP_URL here). */
async function mailIn(to: string, pattern: RegExp): Promise<string> {
  const outbox = path.join(spec.storage.dataDir, 'outbox')
  let found = ''
  await expect
    .poll(
      async () => {
        const files = (await readdir(outbox).catch(() => [])).sort().reverse()
        for (const file of files) {
          const mail = decodeQuotedPrintable(await readFile(path.join(outbox, file), 'utf8'))
          if (mail.includes(`To: ${to}`) && pattern.test(mail)) {
            found = mail
            return true
          }
        }
        return false
      },
      { timeout: 15_000 },
    )
    .toBe(true)
  return found
}

// Issue 19 points 14 and 15 in the browser: the language a signed-in client switches to is her
// e-mails' language; a change of e-mail sends the old address a link that secures the account
// (issue 30: a new password only after the account's current password).
test('after switching to English and changing her e-mail, the old address gets an English notice whose link secures the account', async ({
  page,
}) => {
  test.setTimeout(90_000)
  await open(page, '/auth?mode=login&type=client&lang=pt')
  await logIn(page, CLIENT, 'Entrar')
  await expect(page).toHaveURL(`${spec.base()}/client-dashboard`, SLOW)
  await open(page, '/pt/')
  // The switch tells the server in the background (the page may come from the HTML cache).
  const saved = page.waitForResponse((response) => response.url().includes('/language/en'))
  await page.getByRole('banner').getByRole('link', { name: 'English' }).click()
  await expect(page).toHaveURL(/\/en\/$/)
  await saved

  await open(page, '/client-dashboard/account')
  await page.getByLabel('New e-mail').fill('volta.novo@example.com')
  await page.getByRole('button', { name: 'Send link' }).click()
  await expect(page.getByText('If the address can be used')).toBeVisible(SLOW)

  const notice = await mailIn(CLIENT.email, /mode=secure/)
  expect(notice).toContain('Subject: Your Aprova account e-mail is about to change')
  expect(notice).toContain('volta.novo@example.com')
  const link = /http:\/\/\S+\/auth\?mode=secure&token=[\w-]+/.exec(notice)?.[0] ?? ''
  await page.goto(link)
  await expect(page.getByRole('heading', { name: 'Secure your account' })).toBeVisible()
  await hydrated(page)
  await page.getByRole('button', { name: 'Cancel the change and end the sessions' }).click()
  // No password is handed out: the account's own proof first (issue 30). A wrong one is refused.
  await expect(page.getByRole('heading', { name: 'Your account is secured' })).toBeVisible(SLOW)
  await expect(page).toHaveURL(/\/auth\?mode=secure&proof=/)
  await hydrated(page)
  await page.getByLabel('Current password').fill('nao-e-a-senha-1')
  await page.getByRole('button', { name: 'Continue with the password' }).click()
  await expect(page.getByText('Wrong password')).toBeVisible(SLOW)
  await page.getByLabel('Current password').fill(CLIENT.password)
  await page.getByRole('button', { name: 'Continue with the password' }).click()
  await expect(page).toHaveURL(/\/auth\?mode=reset&token=/, SLOW)
  // The address the account was moving to is told the link was used.
  expect(await mailIn('volta.novo@example.com', /was cancelled/)).toContain(
    'The protection link sent to your account',
  )
  await hydrated(page)
  await page.getByLabel('New password', { exact: true }).fill('senha-nova-segura-789')
  await page.getByLabel('Confirm new password').fill('senha-nova-segura-789')
  await page.getByRole('button', { name: 'Save new password' }).click()
  await expect(page).toHaveURL(/\/auth\?mode=login$/, SLOW)
  await expect(page.getByText('Password changed').first()).toBeVisible()

  // Every session ended; the link works once; the new password opens the account.
  await page.goto(`${spec.base()}/client-dashboard`)
  await expect(page).toHaveURL(/\/auth\?mode=login/)
  await page.goto(link)
  await hydrated(page)
  await page.getByRole('button', { name: 'Cancel the change and end the sessions' }).click()
  await expect(page.getByRole('heading', { name: 'Invalid or expired link' })).toBeVisible()
  await open(page, '/auth?mode=login&type=client')
  await logIn(page, { email: CLIENT.email, password: 'senha-nova-segura-789' }, 'Log in')
  await expect(page).toHaveURL(`${spec.base()}/client-dashboard`, SLOW)
})
