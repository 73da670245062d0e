import type { Page } from '@playwright/test'
import { expect, hydrated } from './fixtures.ts'

// Signing a client or a provider in for an end-to-end spec, the one way each is done: through
// the log-in form in a browser page (pt-BR), or with the one request that form sends. Admins,
// who need their second factor too, sign in with admin-sign-in.ts.

export interface Account {
  email: string
  password: string
}

/** A sign-in's answer (its password hashed): slow on a loaded machine. */
export const SIGN_IN_TIMEOUT = { timeout: 15_000 }

export interface FormSignIn {
  /** Opens /auth?mode=login first (default), with `&type=client` for a client's card. */
  open?: boolean
  type?: 'client'
  /** The password field's label (exact, or a pattern) and the submit button's name. */
  passwordLabel?: string | RegExp
  button?: string
  /** Waits for hydration before typing (default); false in a page without script. */
  hydrate?: boolean
  /** Where she must land, within `timeout` (the password is hashed first). */
  landing?: string | RegExp
  /** Waits until she has left /auth, within `timeout`. */
  leavesAuth?: boolean
  timeout?: number
}

/**
 * Signs `account` in through the log-in form of the site at `base` (age gate passed), as she
 * would type it; then, when asked, waits for where she lands.
 */
export async function signIn(
  page: Page,
  base: string,
  account: Account,
  options: FormSignIn = {},
): Promise<void> {
  const { passwordLabel = 'Senha', button = 'Entrar', timeout = SIGN_IN_TIMEOUT.timeout } = options
  await page.context().addCookies([{ name: 'aprova-age', value: '1', url: base }])
  if (options.open ?? true) {
    await page.goto(`${base}/auth?mode=login${options.type ? `&type=${options.type}` : ''}`)
  }
  if (options.hydrate ?? true) await hydrated(page)
  await page.getByLabel('E-mail').fill(account.email)
  await page.getByLabel(passwordLabel, { exact: true }).fill(account.password)
  await page.getByRole('button', { name: button, exact: true }).click()
  if (options.landing !== undefined) await expect(page).toHaveURL(options.landing, { timeout })
  if (options.leavesAuth) await expect(page).not.toHaveURL(/\/auth/, { timeout })
}

/** The `name=value` pairs a response's Set-Cookie headers set (cleared ones left out). */
export function cookiesOf(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0] ?? '')
    .filter((pair) => pair && !pair.endsWith('='))
    .join('; ')
}

/**
 * Signs `account` in with the one form post the log-in page sends (same origin, age gate
 * passed), expecting the redirect of a sign-in (to `landing` when given); the session's Cookie
 * header.
 */
export async function signInByRequest(
  base: string,
  account: Account,
  options: { rememberMe?: boolean; landing?: string } = {},
): Promise<string> {
  const response = await fetch(`${base}/auth`, {
    method: 'POST',
    redirect: 'manual',
    headers: {
      origin: new URL(base).origin,
      'sec-fetch-site': 'same-origin',
      cookie: 'aprova-age=1',
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams({
      intent: 'login',
      email: account.email,
      password: account.password,
      ...(options.rememberMe ? { rememberMe: 'on' } : {}),
    }),
    signal: AbortSignal.timeout(30_000),
  })
  const alert = /role="alert"[^>]*>([\s\S]{0,300}?)<\/div>/.exec(await response.text())?.[1]
  expect(response.status, `sign-in of ${account.email} answered ${response.status}: ${alert}`).toBe(
    302,
  )
  if (options.landing !== undefined) expect(response.headers.get('location')).toBe(options.landing)
  return cookiesOf(response)
}

/**
 * On the local OpenID Connect server (tests/support/oidc-server.ts) at `issuer`, where the site
 * sent the browser: its own sign-in page as `login` (any password), then its consent page.
 */
export async function signInAtProvider(page: Page, issuer: string, login: string): Promise<void> {
  await expect(page).toHaveURL(new RegExp(`^${issuer}/interaction/`))
  await page.locator('input[name="login"]').fill(login)
  await page.locator('input[name="password"]').fill('qualquer')
  await page.getByRole('button', { name: 'Sign-in' }).click()
  await page.getByRole('button', { name: 'Continue' }).click()
}

/** Signs out with the header's button (pt-BR), landing on the home page. */
export async function signOut(page: Page): Promise<void> {
  await page.getByRole('banner').getByRole('button', { name: 'Sair' }).click()
  await expect(page).toHaveURL(/\/pt\/$/)
}
