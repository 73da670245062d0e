import type { APIRequestContext, APIResponse, Page } from '@playwright/test'
import { nextCode } from '#tests/support/totp.ts'
import { expect, hydrated } from './fixtures.ts'

// Signing an admin in (issue 23): the team must use two-step verification. An admin made by
// scripts/admin-create.mjs has none, so her first sign-in is sent by every /admin page to
// /account/security?setup=1, where she sets up her authenticator app (here: tests/support/totp.ts,
// given the key the page shows to type by hand); every later sign-in asks for its code on
// /auth/two-factor. These helpers do either, in a browser page (pt-BR) or with plain requests,
// and remember each admin's key for the next sign-in.

export interface Credentials {
  email: string
  password: string
}

/** Authenticator keys (base32, no spaces) by server and e-mail, from the set-ups done here. */
const keys = new Map<string, string>()

const keyName = (base: string, email: string) =>
  `${new URL(base).origin} ${email.trim().toLowerCase()}`

/** The authenticator key an admin set up on the server at `base` through these helpers. */
export function authenticatorKey(base: string, email: string): string | undefined {
  return keys.get(keyName(base, email))
}

/** Remembers an admin's authenticator key (a test that set it up by itself). */
export function rememberKey(base: string, email: string, key: string): void {
  keys.set(keyName(base, email), key.replace(/\s+/g, ''))
}

function keyOf(base: string, email: string): string {
  const key = authenticatorKey(base, email)
  if (!key)
    throw new Error(`${email} asks for a code, but no set-up of hers on ${base} was done here`)
  return key
}

/** A key as the set-up page shows it: base32 in groups of four. */
const SHOWN_KEY = /^[A-Z2-7]{4}(?: [A-Z2-7]{1,4})*$/

// ---- In the browser ---------------------------------------------------------------------------

/**
 * On /account/security: starts the set-up with the password, reads the key shown for typing by
 * hand, types the app's code and waits for 'Verificação em duas etapas ativada.'. The key
 * (no spaces) and the ten backup codes the set-up showed.
 */
export async function setUpAuthenticator(
  page: Page,
  password: string,
): Promise<{ key: string; backupCodes: string[] }> {
  await hydrated(page)
  await page.getByLabel('Sua senha').fill(password)
  await page.getByRole('button', { name: 'Ativar', exact: true }).click()
  const shown = page.getByText('Ou digite esta chave no aplicativo:').locator('code')
  // The password is checked (hashed) first: slow on a loaded machine.
  await expect(shown).toHaveText(SHOWN_KEY, { timeout: 15_000 })
  const key = ((await shown.textContent()) ?? '').replace(/\s+/g, '')
  const backupCodes = await page
    .locator('li')
    .filter({ hasText: /^[A-Za-z0-9]{5}-?[A-Za-z0-9]{5}$/ })
    .allTextContents()
  await hydrated(page)
  await page.getByLabel('Código', { exact: true }).fill(await nextCode(key))
  await page.getByRole('button', { name: 'Confirmar e ativar' }).click()
  await expect(page.getByText('Verificação em duas etapas ativada.')).toBeVisible()
  return { key, backupCodes }
}

/** On /auth/two-factor: types `code` (the app's, or a backup code) and sends it. */
export async function typeSecondFactor(page: Page, code: string): Promise<void> {
  await hydrated(page)
  await page.getByLabel('Código', { exact: true }).fill(code)
  await page.getByRole('button', { name: 'Verificar', exact: true }).click()
}

const SIGN_IN_LANDINGS = new Set(['/admin', '/account/security', '/auth/two-factor'])

/**
 * Signs an admin in on the server at `base` through its pages (pt-BR): e-mail and password,
 * then the set-up of her authenticator the first time, or its code on /auth/two-factor the
 * times after. Ends on /admin.
 */
export async function signInAdmin(page: Page, base: string, admin: Credentials): Promise<void> {
  await page.context().addCookies([{ name: 'aprova-age', value: '1', url: base }])
  await page.goto(`${base}/auth?mode=login`)
  await hydrated(page)
  await page.getByLabel('E-mail').fill(admin.email)
  await page.getByLabel('Senha').fill(admin.password)
  await page.getByRole('button', { name: 'Entrar', exact: true }).click()
  await expect(page, `${admin.email} signed in with her password`).toHaveURL(
    (url) => SIGN_IN_LANDINGS.has(url.pathname),
    { timeout: 15_000 },
  )
  const landed = new URL(page.url())
  if (landed.pathname === '/account/security') {
    // No second factor yet: every /admin page sends her here first.
    expect(landed.search).toBe('?setup=1')
    const { key } = await setUpAuthenticator(page, admin.password)
    rememberKey(base, admin.email, key)
    await page.goto(`${base}/admin`)
  } else if (landed.pathname === '/auth/two-factor') {
    await typeSecondFactor(page, await nextCode(keyOf(base, admin.email)))
  }
  await expect(page).toHaveURL(`${base}/admin`)
}

// ---- With requests ----------------------------------------------------------------------------

/** An answer of the site, its redirects not followed. */
export interface Reply {
  status: number
  location: string | undefined
  body: string
}

/** The site at one address as plain requests see it, keeping their own cookies. */
export interface Site {
  base: string
  get(path: string): Promise<Reply>
  /** Posts a form as a browser on the site's own pages would (same origin). */
  post(path: string, form: Record<string, string>): Promise<Reply>
}

/** The site through a Playwright request context (it keeps the cookies). */
export function siteThrough(request: APIRequestContext, base: string): Site {
  const reply = async (response: APIResponse): Promise<Reply> => ({
    status: response.status(),
    location: response.headers().location,
    body: await response.text(),
  })
  return {
    base,
    get: async (path) => reply(await request.get(`${base}${path}`, { maxRedirects: 0 })),
    post: async (path, form) =>
      reply(
        await request.post(`${base}${path}`, {
          form,
          headers: { Origin: base },
          maxRedirects: 0,
        }),
      ),
  }
}

/**
 * The site through fetch with a cookie jar of its own (age gate passed); `cookie()` is the
 * Cookie header the jar holds now.
 */
export function siteWithJar(base: string): Site & { cookie(): string } {
  const jar = new Map<string, string>([['aprova-age', '1']])
  const cookie = () => [...jar].map(([name, value]) => `${name}=${value}`).join('; ')
  const call = async (method: string, path: string, form?: Record<string, string>) => {
    const response = await fetch(`${base}${path}`, {
      method,
      redirect: 'manual',
      headers: {
        cookie: cookie(),
        accept: 'text/html',
        ...(form ? { origin: base, 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      body: form ? new URLSearchParams(form).toString() : undefined,
    })
    for (const line of response.headers.getSetCookie()) {
      const pair = line.split(';')[0] ?? ''
      const name = pair.slice(0, pair.indexOf('=')).trim()
      const value = pair.slice(pair.indexOf('=') + 1).trim()
      if (!name) continue
      if (!value || /;\s*max-age=0\b/i.test(line)) jar.delete(name)
      else jar.set(name, value)
    }
    return {
      status: response.status,
      location: response.headers.get('location') ?? undefined,
      body: await response.text(),
    }
  }
  return {
    base,
    cookie,
    get: (path) => call('GET', path),
    post: (path, form) => call('POST', path, form),
  }
}

const decodeAttribute = (text: string) =>
  text
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')

/**
 * Signs an admin in with plain requests, as the pages' forms would: the password, then the
 * set-up of her authenticator the first time (the key read from the otpauth:// address the
 * page holds), or its code the times after. Ends with a session that opens /admin.
 */
export async function signInAdminByRequests(site: Site, admin: Credentials): Promise<void> {
  const signedIn = await site.post('/auth?mode=login', {
    intent: 'login',
    email: admin.email,
    password: admin.password,
    rememberMe: 'on',
  })
  expect(signedIn.status, `sign-in of ${admin.email}`).toBe(302)
  if (signedIn.location?.startsWith('/auth/two-factor')) {
    const passed = await site.post('/auth/two-factor', {
      intent: 'second-factor',
      code: await nextCode(keyOf(site.base, admin.email)),
      next: '',
    })
    expect(passed.status, `second factor of ${admin.email}`).toBe(302)
    expect(passed.location).toBe('/admin')
  } else {
    expect(signedIn.location).toBe('/admin')
    const area = await site.get('/admin')
    expect(area.status, `/admin before the set-up of ${admin.email}`).toBe(302)
    expect(area.location).toBe('/account/security?setup=1')
    const started = await site.post('/account/security', {
      intent: 'enrol',
      password: admin.password,
    })
    expect(started.status, `set-up of ${admin.email}`).toBe(200)
    const uri = decodeAttribute(/value="(otpauth:\/\/totp\/[^"]+)"/.exec(started.body)?.[1] ?? '')
    const key = new URL(uri || 'otpauth://totp/none').searchParams.get('secret') ?? ''
    expect(key, 'the key of the set-up').toMatch(/^[A-Z2-7]{16,}$/)
    const done = await site.post('/account/security', {
      intent: 'enrol-confirm',
      uri,
      code: await nextCode(key),
    })
    expect(done.status, `set-up's code of ${admin.email}`).toBe(302)
    expect(done.location).toBe('/account/security')
    rememberKey(site.base, admin.email, key)
  }
  expect((await site.get('/admin')).status, `${admin.email} opens /admin`).toBe(200)
}
