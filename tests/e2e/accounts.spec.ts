import type { Page } from '@playwright/test'
import { expect, hydrated, test, thirdPartyOrigins } from '../support/browser/fixtures.ts'
import { signInAtProvider, signOut } from '../support/browser/sign-in.ts'
import { specServer } from '../support/browser/spec-server.ts'
import { OIDC_CLIENT_ID, OIDC_CLIENT_SECRET, startOidcServer } from '../support/oidc-server.ts'
import { linkIn } from '../support/smtp-server.ts'

// Accounts end to end (issue 6): a server of its own that sends mail over SMTP to a real local
// SMTP server and signs in with Google through a real local OpenID Connect server.

let oidc: Awaited<ReturnType<typeof startOidcServer>>
let base = ''

test.describe.configure({ mode: 'serial' })
test.use({ locale: 'pt-BR' })

const spec = specServer({
  smtp: true,
  // Google's redirect URI names the site's address before it starts.
  fixedPort: true,
  beforeStart: async (spec) => {
    base = spec.base()
    oidc = await startOidcServer(base)
    thirdPartyOrigins.add(oidc.issuer)
  },
  env: ({ smtp }) => ({
    SMTP_URL: smtp.url,
    GOOGLE_CLIENT_ID: OIDC_CLIENT_ID,
    GOOGLE_CLIENT_SECRET: OIDC_CLIENT_SECRET,
    GOOGLE_DISCOVERY_URL: oidc.discoveryUrl,
  }),
  timeout: 120_000,
})

// Visitors here have passed the age gate of the listings already.
test.beforeEach(async ({ context }) => {
  await context.addCookies([{ name: 'aprova-age', value: '1', url: base }])
})

test.afterAll(async () => {
  await oidc?.close()
})

const PASSWORD = 'senha-forte-123'

/**
 * Opens a page of forms and waits for hydration: fields typed and boxes checked before it may be
 * undone by React taking over a controlled field, on a loaded machine.
 */
async function visit(page: Page, url: string, options?: Parameters<Page['goto']>[1]) {
  await page.goto(url, options)
  await hydrated(page)
}

/** Fills and sends the client sign-up card of /auth. */
async function fillClientSignUp(page: Page, fields: Record<string, string>) {
  const labels: Record<string, string> = {
    displayName: 'Nome de exibição',
    email: 'E-mail',
    password: 'Senha',
    confirmPassword: 'Confirmar senha',
    about: 'Sobre você',
    dateOfBirth: 'Data de nascimento',
  }
  for (const [field, value] of Object.entries(fields)) {
    await page.getByLabel(labels[field] ?? field, { exact: true }).fill(value)
  }
}

/**
 * A sign-up or sign-in (its password hashed), an e-mail sent, or a confirmation link's way to
 * the account's area (hydration, the token posted, a 1 s pause, a client-side navigation into
 * another area): slow on a loaded machine.
 */
const SLOW = { timeout: 15_000 }

/** Opens the confirmation link of the newest e-mail to `email` and waits for its area. */
async function confirmByEmail(page: Page, email: string, area: RegExp) {
  const mail = await spec.smtp.waitFor(email, /Confirme seu e-mail|Confirm your e-mail/)
  await page.goto(linkIn(mail, `${base}/?token=`))
  await expect(page).toHaveURL(area, SLOW)
}

test('provider: sign-up → confirmation e-mail over SMTP → link → confirmation screen → /dashboard', async ({
  page,
}) => {
  await page.goto(`${base}/pt/acompanhantes/sao-paulo`)
  await page.getByRole('banner').getByRole('link', { name: 'Cadastrar' }).click()
  await page.getByRole('link', { name: /Sou Acompanhante/ }).click()
  await expect(page.getByRole('heading', { name: 'Criar conta de anunciante' })).toBeVisible()
  await expect(
    page.getByRole('region', { name: 'Política do anunciante, em resumo' }).getByRole('listitem'),
  ).toHaveCount(8)

  // The links above may have been followed before hydration (new documents): the card's
  // fields and boxes are used once React holds them.
  await hydrated(page)
  await page.getByLabel('Nome artístico').fill('Estrela Azul')
  await page.getByLabel('E-mail').fill('estrela@example.com')
  await page.getByLabel('Senha', { exact: true }).fill(PASSWORD)
  await page.getByLabel('Confirmar senha').fill(PASSWORD)
  const submit = page.getByRole('button', { name: 'Criar conta de anunciante' })
  // Submit stays disabled until both boxes are ticked (SPEC §2).
  await expect(submit).toBeDisabled()
  await page.getByLabel(/Li e aceito os Termos de Uso do anunciante/).check()
  await expect(submit).toBeDisabled()
  await page.getByLabel(/Declaro ter 18 anos ou mais/).check()
  await expect(submit).toBeEnabled()
  await submit.click()

  await expect(page).toHaveURL(/\/auth\?mode=login&type=provider$/, SLOW)
  await expect(
    page.getByRole('status').filter({ hasText: 'Conta criada com sucesso!' }).first(),
  ).toContainText('Verifique seu e-mail para confirmar sua conta')

  const mail = await spec.smtp.waitFor('estrela@example.com', /Confirme seu e-mail no Aprova/)
  // To an address nobody has confirmed yet: no name anyone typed (issue 30 point 9).
  expect(mail.text).toMatch(/^Olá,$/m)
  expect(mail.text).not.toContain('Estrela Azul')
  await page.goto(linkIn(mail, `${base}/?token=`))
  await expect(page.getByRole('heading', { name: 'E-mail confirmado!' })).toBeVisible()
  await expect(page.getByText('Configurando sua conta...')).toBeVisible()
  await expect(page.getByText('estrela@example.com')).toBeVisible()
  await expect(page.getByText('Anunciante')).toBeVisible()
  await expect(page).toHaveURL(`${base}/dashboard`, SLOW)
  await expect(page.getByRole('heading', { name: 'Painel da anunciante' })).toBeVisible()
  await expect(page.getByRole('banner').getByRole('link', { name: 'Painel' })).toHaveAttribute(
    'href',
    '/dashboard',
  )

  // Signed in with a role, /auth sends her to her area (SPEC §4).
  await visit(page, `${base}/auth`)
  await expect(page).toHaveURL(`${base}/dashboard`)
  // The used link is spent: 'Confirmation Error', then /auth after 5 s.
  await signOut(page)
  await page.goto(linkIn(mail, `${base}/?token=`))
  await expect(page.getByRole('heading', { name: 'Erro na confirmação' })).toBeVisible()
  await expect(
    page.getByText('Confirmação expirada ou inválida. Tente entrar manualmente.').first(),
  ).toBeVisible()
  await expect(page.getByText('Redirecionando para a página de login...')).toBeVisible()
  // 5 s, then a client-side navigation into another area (slow on a loaded machine, as SLOW).
  await expect(page).toHaveURL(`${base}/auth`, { timeout: 5000 + SLOW.timeout })
})

test('client: each validation error in SPEC order, then the account', async ({ page }) => {
  await visit(page, `${base}/auth?mode=signup&type=client`)
  await page.getByLabel(/Li e aceito os Termos de Uso do cliente/).check()
  await page.getByLabel(/Declaro ter 18 anos ou mais/).check()
  const submit = page.getByRole('button', { name: 'Criar conta de cliente' })
  const steps: [Record<string, string>, string][] = [
    [
      {
        displayName: 'R',
        email: 'rafa@',
        password: 'curta',
        confirmPassword: 'outra',
        about: 'oi',
        dateOfBirth: '',
      },
      'Por favor, insira um e-mail válido',
    ],
    [{ email: 'rafa@example.com' }, 'A senha deve ter pelo menos 8 caracteres'],
    [{ password: PASSWORD }, 'As senhas não coincidem'],
    [{ confirmPassword: PASSWORD }, 'O nome de exibição deve ter pelo menos 2 caracteres'],
    [{ displayName: 'Rafa' }, 'Escreva pelo menos 10 caracteres sobre você'],
    [{ about: 'Gosto de boas conversas.' }, 'Data de nascimento é obrigatória'],
    [{ dateOfBirth: '31022000' }, 'Data de nascimento inválida'],
    [{ dateOfBirth: '01012015' }, 'Você deve ter pelo menos 18 anos'],
  ]
  for (const [fields, message] of steps) {
    await fillClientSignUp(page, fields)
    await submit.click()
    const alerts = page.getByRole('alert')
    await expect(alerts).toHaveCount(1)
    await expect(alerts).toHaveText(message)
  }
  // The date field keeps the dd/mm/yyyy shape as it is typed; the counter follows the text.
  await expect(page.getByLabel('Data de nascimento')).toHaveValue('01/01/2015')
  await expect(page.getByText('24/300')).toBeVisible()
  await fillClientSignUp(page, { dateOfBirth: '20051990' })
  await submit.click()
  await expect(page).toHaveURL(/\/auth\?mode=login&type=client$/, SLOW)
  await confirmByEmail(page, 'rafa@example.com', /\/client-dashboard$/)
  await expect(page.getByRole('heading', { name: 'Painel do cliente' })).toBeVisible()
})

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('the server checks the same rules and keeps what was typed', async ({ page }) => {
    await page.goto(`${base}/auth?mode=signup&type=provider`)
    await page.getByLabel('Nome artístico').fill('Copacabana')
    await page.getByLabel('E-mail').fill('semjs@example.com')
    await page.getByLabel('Senha', { exact: true }).fill(PASSWORD)
    await page.getByLabel('Confirmar senha').fill(PASSWORD)
    await page.getByRole('button', { name: 'Criar conta de anunciante' }).click()
    await expect(page.getByRole('alert')).toHaveText(
      'Você deve aceitar todas as políticas e termos',
    )
    await expect(page.getByLabel('E-mail')).toHaveValue('semjs@example.com')
    await page.getByLabel('Senha', { exact: true }).fill(PASSWORD)
    await page.getByLabel('Confirmar senha').fill(PASSWORD)
    await page.getByLabel(/Li e aceito/).check()
    await page.getByLabel(/Declaro ter 18 anos/).check()
    await page.getByRole('button', { name: 'Criar conta de anunciante' }).click()
    await expect(page.getByRole('alert')).toHaveText(
      'O nome artístico não pode ser o nome de uma cidade ou bairro',
    )
  })
})

test('login with and without remember me; a wrong password says nothing more', async ({
  page,
  context,
}) => {
  // An account to log in with, through the whole sign-up.
  await visit(page, `${base}/auth?type=client`)
  await fillClientSignUp(page, {
    displayName: 'Bruno',
    email: 'bruno@example.com',
    password: PASSWORD,
    confirmPassword: PASSWORD,
    about: 'Procuro companhia para jantares.',
    dateOfBirth: '15/03/1985',
  })
  await page.getByLabel(/Li e aceito/).check()
  await page.getByLabel(/Declaro ter 18 anos/).check()
  await page.getByRole('button', { name: 'Criar conta de cliente' }).click()
  await expect(page).toHaveURL(/mode=login/, SLOW)

  // Before confirming: told so, with a way to get a new link.
  await page.getByLabel('E-mail').fill('bruno@example.com')
  await page.getByLabel('Senha').fill(PASSWORD)
  await page.getByRole('button', { name: 'Entrar', exact: true }).click()
  await expect(page.getByText('E-mail ainda não confirmado')).toBeVisible(SLOW)
  await page.getByRole('button', { name: 'Reenviar e-mail de confirmação' }).click()
  await expect(page.getByText('Se a conta existir e ainda não estiver confirmada')).toBeVisible(
    SLOW,
  )
  await expect
    .poll(() => spec.smtp.received.filter((m) => m.to.includes('bruno@example.com')).length, SLOW)
    .toBe(2)
  await confirmByEmail(page, 'bruno@example.com', /\/client-dashboard$/)
  await signOut(page)

  const login = async (password: string, remember: boolean) => {
    await visit(page, `${base}/auth?mode=login`)
    await page.getByLabel('E-mail').fill('bruno@example.com')
    await page.getByLabel('Senha').fill(password)
    if (remember) await page.getByLabel('Lembrar de mim por 14 dias').check()
    await page.getByRole('button', { name: 'Entrar', exact: true }).click()
  }
  const sessionCookie = async () =>
    (await context.cookies()).find((cookie) => cookie.name === 'aprova.session_token')

  await login('senha-errada-1', false)
  await expect(page.getByRole('alert')).toContainText('Erro ao fazer login', SLOW)
  await expect(page.getByRole('alert')).toContainText('E-mail ou senha incorretos')
  expect(await sessionCookie()).toBeUndefined()

  await login(PASSWORD, false)
  await expect(page).toHaveURL(`${base}/client-dashboard`, SLOW)
  const browserSession = await sessionCookie()
  expect(browserSession?.httpOnly).toBe(true)
  expect(browserSession?.sameSite).toBe('Lax')
  expect(browserSession?.expires).toBe(-1)
  await signOut(page)

  await login(PASSWORD, true)
  await expect(page).toHaveURL(`${base}/client-dashboard`, SLOW)
  const remembered = await sessionCookie()
  const days = ((remembered?.expires ?? 0) * 1000 - Date.now()) / 86_400_000
  expect(days).toBeGreaterThan(13.9)
  expect(days).toBeLessThanOrEqual(14)
})

test('password reset end to end', async ({ page }) => {
  await visit(page, `${base}/auth?mode=login`)
  await page.getByRole('link', { name: 'Esqueci minha senha' }).click()
  await expect(page.getByRole('heading', { name: 'Recuperar senha' })).toBeVisible()
  await page.getByLabel('E-mail').fill('bruno@example.com')
  await page.getByRole('button', { name: 'Enviar link' }).click()
  await expect(page.getByText('Você receberá instruções por e-mail em breve')).toBeVisible(SLOW)

  const mail = await spec.smtp.waitFor('bruno@example.com', /mode=reset/)
  const link = linkIn(mail, `${base}/auth?mode=reset&token=`)
  await visit(page, link)
  await expect(page.getByRole('heading', { name: 'Criar nova senha' })).toBeVisible()
  await page.getByLabel('Nova senha', { exact: true }).fill('nova-senha-456')
  await page.getByLabel('Confirmar nova senha').fill('nova-senha-456')
  await page.getByRole('button', { name: 'Salvar nova senha' }).click()
  await expect(page).toHaveURL(/\/auth\?mode=login$/, SLOW)
  await expect(page.getByText('Senha alterada').first()).toBeVisible()

  await page.getByLabel('E-mail').fill('bruno@example.com')
  await page.getByLabel('Senha').fill('nova-senha-456')
  await page.getByRole('button', { name: 'Entrar', exact: true }).click()
  await expect(page).toHaveURL(`${base}/client-dashboard`, SLOW)
  await signOut(page)

  // The link works once.
  await visit(page, link)
  await page.getByLabel('Nova senha', { exact: true }).fill('outra-senha-789')
  await page.getByLabel('Confirmar nova senha').fill('outra-senha-789')
  await page.getByRole('button', { name: 'Salvar nova senha' }).click()
  await expect(page.getByRole('heading', { name: 'Link inválido ou expirado' })).toBeVisible()
})

test('Google sign-in through the OpenID Connect server → account type → dashboard', async ({
  page,
}) => {
  await visit(page, `${base}/auth?mode=login`)
  const google = page.getByRole('button', { name: 'Continuar com Google' })
  await google.click()
  // The provider's own sign-in and consent pages.
  await signInAtProvider(page, oidc.issuer, 'marina')

  await expect(page).toHaveURL(`${base}/auth`)
  // A new document: Escape and the dialog's checks are React's once it has hydrated.
  await hydrated(page)
  const dialog = page.getByRole('dialog', { name: 'Como você quer usar o Aprova?' })
  await expect(dialog).toBeVisible()
  await expect(dialog).toContainText('Conectado como marina@example.com')
  // Not dismissable: Escape leaves it there, and the page behind cannot be reached.
  await page.keyboard.press('Escape')
  await expect(dialog).toBeVisible()
  expect(await page.locator('main').evaluate((main) => main.closest('[inert]') !== null)).toBe(true)
  await dialog.getByRole('button', { name: 'Continuar' }).click()
  await expect(dialog.getByRole('alert')).toHaveText('Escolha o tipo da conta')
  await dialog.getByLabel(/Sou Acompanhante/).check()
  await dialog.getByLabel(/Declaro ter 18 anos ou mais/).check()
  await dialog.getByRole('button', { name: 'Continuar' }).click()
  await expect(page).toHaveURL(`${base}/dashboard`)
  await expect(page.getByText('Conta configurada! Redirecionando...')).toBeVisible()

  // The next time, straight to the dashboard.
  await signOut(page)
  await visit(page, `${base}/auth?mode=login`)
  await page.getByRole('button', { name: 'Continuar com Google' }).click()
  await expect(page).toHaveURL(`${base}/dashboard`)
})

test('Google takes an address someone registered and nobody confirmed: a new account, his password gone (issue 30)', async ({
  page,
  browser,
}) => {
  // A stranger registers the address with his password.
  const stranger = await browser.newContext({ locale: 'pt-BR' })
  await stranger.addCookies([{ name: 'aprova-age', value: '1', url: base }])
  const his = await stranger.newPage()
  await visit(his, `${base}/auth?type=client`)
  await fillClientSignUp(his, {
    displayName: 'Equipe Aprova',
    email: 'julia@example.com',
    password: 'senha-do-invasor-1',
    confirmPassword: 'senha-do-invasor-1',
    about: 'Gosto de boas conversas.',
    dateOfBirth: '20/05/1990',
  })
  await his.getByLabel(/Li e aceito/).check()
  await his.getByLabel(/Declaro ter 18 anos/).check()
  await his.getByRole('button', { name: 'Criar conta de cliente' }).click()
  await expect(his).toHaveURL(/mode=login/, SLOW)

  // The owner signs in with Google, which vouches for the address: an account of her own.
  await visit(page, `${base}/auth?mode=login`)
  await page.getByRole('button', { name: 'Continuar com Google' }).click()
  await signInAtProvider(page, oidc.issuer, 'julia')
  await expect(page).toHaveURL(`${base}/auth`)
  await hydrated(page)
  const dialog = page.getByRole('dialog', { name: 'Como você quer usar o Aprova?' })
  await expect(dialog).toContainText('Conectado como julia@example.com')

  // His password opens nothing.
  await visit(his, `${base}/auth?mode=login`)
  await his.getByLabel('E-mail').fill('julia@example.com')
  await his.getByLabel('Senha').fill('senha-do-invasor-1')
  await his.getByRole('button', { name: 'Entrar', exact: true }).click()
  await expect(his.getByRole('alert')).toContainText('E-mail ou senha incorretos', SLOW)
  await stranger.close()
})

test('protected areas: signed out to /auth with the way back; a wrong role to its own area', async ({
  page,
}) => {
  const admin = await page.request.get(`${base}/admin`, { maxRedirects: 0 })
  expect(admin.status()).toBe(302)
  expect(admin.headers().location).toBe('/auth?mode=login&next=%2Fadmin')
  // The client account of the tests above (its password was reset).
  await visit(page, `${base}/auth?mode=login&next=%2Fadmin`)
  await page.getByLabel('E-mail').fill('bruno@example.com')
  await page.getByLabel('Senha').fill('nova-senha-456')
  await page.getByRole('button', { name: 'Entrar', exact: true }).click()
  await expect(page).toHaveURL(`${base}/client-dashboard`, SLOW)
  for (const path of ['/dashboard', '/admin']) {
    await page.goto(`${base}${path}`)
    await expect(page).toHaveURL(`${base}/client-dashboard`)
  }
})

test('a write from another site is refused before it reaches an action', async ({ request }) => {
  const foreign: Record<string, string>[] = [
    { origin: 'https://evil.example' },
    { 'sec-fetch-site': 'cross-site' },
  ]
  for (const headers of foreign) {
    const response = await request.post(`${base}/auth`, {
      headers,
      form: { intent: 'login', email: 'bruno@example.com', password: 'x' },
      maxRedirects: 0,
    })
    expect(response.status()).toBe(403)
  }
  // An oversized body is refused before anything reads it.
  const huge = await request.post(`${base}/auth`, {
    headers: { origin: base },
    form: { intent: 'login', email: 'a@example.com', password: 'x'.repeat(300_000) },
  })
  expect(huge.status()).toBe(413)
  // From the site itself the action runs, and its answer shows on the card of the form sent.
  const sameSite = await request.post(`${base}/auth`, {
    headers: { origin: base, 'accept-language': 'pt-BR' },
    form: { intent: 'login', email: 'bruno@example.com', password: 'errada-123' },
  })
  expect(sameSite.status()).toBe(401)
  expect(await sameSite.text()).toContain('E-mail ou senha incorretos')
})

test('account pages are never kept by any cache', async ({ request }) => {
  for (const path of ['/auth', '/auth?mode=login', '/?token=abc']) {
    for (let i = 0; i < 2; i++) {
      const response = await request.get(`${base}${path}`)
      expect(response.headers()['cache-control'], path).toBe('no-store')
      expect(response.headers()['x-cache'], path).not.toBe('HIT')
    }
  }
})

test('/auth in English follows the browser, and the back button leads where the visitor was', async ({
  browser,
}) => {
  const context = await browser.newContext({ locale: 'en-US' })
  await context.addCookies([{ name: 'aprova-age', value: '1', url: base }])
  const page = await context.newPage()
  await visit(page, `${base}/auth`, { referer: `${base}/acompanhante/luna-azul` })
  await expect(page.getByRole('heading', { name: 'Welcome to Aprova' })).toBeVisible()
  await page.getByRole('link', { name: /I am looking/ }).click()
  await expect(page.getByRole('heading', { name: 'Create a client account' })).toBeVisible()
  await page.getByRole('link', { name: 'Back' }).click()
  await expect(page).toHaveURL(`${base}/acompanhante/luna-azul`)
  await context.close()
})
