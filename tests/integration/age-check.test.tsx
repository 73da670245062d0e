import { type LoaderFunctionArgs, useLoaderData } from 'react-router'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { brazilDay } from '#app/domain/brazil-time.ts'
import { flowCookie, verifiedCookie } from '#app/modules/age-gate/assurance-cookie.server.ts'
import {
  type AgeOidcConfig,
  type ServerEnv,
  serverEnv,
  setServerEnv,
} from '#app/platform/env.server.ts'
import * as root from '#app/root.tsx'
import { loader as startLoader } from '#app/routes/resources/age-check.ts'
import { loader as callbackLoader } from '#app/routes/resources/age-check-callback.ts'
import { action as clickAction } from '#app/routes/resources/age-gate.ts'
import {
  OIDC_CLIENT_ID,
  OIDC_CLIENT_SECRET,
  type OidcAccount,
  startOidcServer,
} from '#tests/support/oidc-server.ts'
import { renderRoutes } from '#tests/support/render-route.tsx'
import { callRoute, type RouteAnswer } from '#tests/support/route-call.ts'
import { muteOutput, TEST_BASE_URL, useTestServerEnv } from '#tests/support/test-server.ts'

// Age assurance by OpenID Connect (issue 23, ADR 0021) against a real local OpenID Connect
// server: the gate sends the visitor there, takes only the configured claim's answer and keeps
// nothing but a signed 'over 18 until'.

/** YYYY-MM-DD `years` before today in Brazil (28 February for a 29th that year lacks). */
function yearsAgo(years: number): string {
  const [year, month, day] = brazilDay().split('-')
  const date = `${Number(year) - years}-${month}-${day}`
  return date.endsWith('-02-29') && Number.isNaN(Date.parse(date)) ? date.replace('29', '28') : date
}

const ADULT_BIRTHDATE = yearsAgo(30)
/** 18 tomorrow at the earliest: still 17 today. */
const MINOR_BIRTHDATE = yearsAgo(17)
const ACCOUNTS: Record<string, OidcAccount> = {
  adulta: { email: 'adulta@example.com', name: 'Adulta Teste', birthdate: ADULT_BIRTHDATE },
  menor: { email: 'menor@example.com', name: 'Menor Teste', birthdate: MINOR_BIRTHDATE },
  'sem-data': { email: 'sem-data@example.com', name: 'Sem Data' },
  'so-ano': { email: 'so-ano@example.com', name: 'Só Ano', birthdate: '1980' },
  maior: { email: 'maior@example.com', name: 'Maior', age_over_18: true },
  'nao-maior': { email: 'nao-maior@example.com', name: 'Não Maior', age_over_18: false },
  trinta: { email: 'trinta@example.com', name: 'Trinta', age: 30 },
  dezessete: { email: 'dezessete@example.com', name: 'Dezessete', age: 17 },
}

/** Claims at userinfo (the provider's default for the code flow). */
let provider: Awaited<ReturnType<typeof startOidcServer>>
/** Claims in the ID token, client authentication in the form (client_secret_post). */
let tokenProvider: Awaited<ReturnType<typeof startOidcServer>>
let env: ServerEnv

const configOf = (
  server: { discoveryUrl: string },
  overrides: Partial<AgeOidcConfig> = {},
): AgeOidcConfig => ({
  discoveryUrl: server.discoveryUrl,
  clientId: OIDC_CLIENT_ID,
  clientSecret: OIDC_CLIENT_SECRET,
  scope: 'openid profile',
  claim: 'birthdate',
  ...overrides,
})

/** Runs `body` with the age gate's provider set to `config` (the click gate: undefined). */
async function withAgeOidc(config: AgeOidcConfig | undefined, body: () => Promise<void>) {
  setServerEnv({ ...env, ageOidc: config })
  try {
    await body()
  } finally {
    setServerEnv({ ...env, ageOidc: configOf(provider) })
  }
}

beforeAll(async () => {
  provider = await startOidcServer(TEST_BASE_URL, ACCOUNTS)
  tokenProvider = await startOidcServer(TEST_BASE_URL, ACCOUNTS, {
    claimsInIdToken: true,
    tokenAuthMethod: 'client_secret_post',
  })
  await useTestServerEnv({ ageOidc: configOf(provider) })
  env = serverEnv()
})

afterAll(async () => {
  await provider?.close()
  await tokenProvider?.close()
})

// The refusals are logged as warnings (stdout): not in the test output.
beforeEach(muteOutput)

const PAGE = '/pt/acompanhantes/sao-paulo?pagina=2'
const CHROME =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36'

const setCookies = (answer: RouteAnswer) => answer.headers?.getSetCookie() ?? []
const cookieNamed = (answer: RouteAnswer, name: string) =>
  setCookies(answer).find((cookie) => cookie.startsWith(`${name}=`))
/** The Cookie header a browser sends back from Set-Cookie values (cleared ones left out). */
const cookieHeader = (...cookies: (string | undefined)[]) =>
  cookies
    .filter((cookie): cookie is string => Boolean(cookie) && !/Max-Age=0\b/.test(cookie ?? ''))
    .map((cookie) => cookie.split(';')[0])
    .join('; ')

/** The gate's 'Verify my age' from `to`, the provider's pages, and the way back to the site. */
async function verifyAs(
  login: string,
  options: { to?: string; cancel?: boolean; server?: typeof provider } = {},
) {
  const start = await callRoute(
    startLoader,
    `/age-gate/oidc?${new URLSearchParams({ to: options.to ?? PAGE })}`,
    { headers: { 'user-agent': CHROME } },
  )
  expect(start.status).toBe(302)
  const flow = cookieNamed(start, 'aprova-age-flow')
  expect(flow).toMatch(/; Path=\/age-gate\/oidc; Max-Age=600; SameSite=Lax; HttpOnly/)
  const back = await (options.server ?? provider).answer(start.location ?? '', login, {
    cancel: options.cancel,
  })
  expect(back.startsWith(`${TEST_BASE_URL}/age-gate/oidc/callback?`)).toBe(true)
  const callbackPath = back.slice(TEST_BASE_URL.length)
  const answer = await callRoute(callbackLoader, callbackPath, { cookie: cookieHeader(flow) })
  return { start, flow, callbackPath, answer }
}

/** The root's gate for a page, for a browser holding `cookie`. */
async function gateOf(cookie: string, userAgent = CHROME, path = PAGE) {
  const answer = await callRoute(root.loader, path, {
    cookie: cookie || undefined,
    headers: { 'user-agent': userAgent },
  })
  return { gate: answer.data?.ageGate, setCookies: setCookies(answer) }
}

describe('the oidc gate (AGE_ASSURANCE=oidc)', () => {
  it('shows Verify my age to a person, with nothing answered yet', async () => {
    expect((await gateOf('')).gate).toEqual({ mode: 'oidc' })
  })

  it('admits an adult by birthdate and keeps nothing but a signed "over 18 until"', async () => {
    const { start, answer } = await verifyAs('adulta')
    // The authorization request: code flow, PKCE S256, state and nonce, the callback, no page.
    const authorization = new URL(start.location ?? '')
    expect(authorization.origin).toBe(provider.issuer)
    expect(Object.fromEntries(authorization.searchParams)).toMatchObject({
      response_type: 'code',
      client_id: OIDC_CLIENT_ID,
      redirect_uri: `${TEST_BASE_URL}/age-gate/oidc/callback`,
      scope: 'openid profile',
      code_challenge_method: 'S256',
      ui_locales: 'pt-BR',
    })
    for (const name of ['state', 'nonce', 'code_challenge']) {
      expect(authorization.searchParams.get(name)).toMatch(/^[\w-]{43}$/)
    }
    expect(start.location).not.toContain('sao-paulo')

    expect(answer.status).toBe(302)
    expect(answer.location).toBe(PAGE)
    const verified = cookieNamed(answer, 'aprova-age-verified') ?? ''
    expect(verified).toMatch(
      /^aprova-age-verified=over18-until-\d{4}-\d{2}-\d{2}T\d{2}:00Z\.[\w-]{43}; Path=\/; Max-Age=\d+; SameSite=Lax; HttpOnly$/,
    )
    const maxAge = Number(/Max-Age=(\d+)/.exec(verified)?.[1])
    expect(maxAge).toBeGreaterThan(23 * 3600 - 1)
    expect(maxAge).toBeLessThanOrEqual(24 * 3600)
    // Nothing of who the visitor is, nor the birthdate, in any cookie of the answer.
    for (const cookie of setCookies(answer)) {
      for (const secret of [
        'adulta',
        'Adulta',
        'example.com',
        ADULT_BIRTHDATE,
        ADULT_BIRTHDATE.slice(0, 4),
      ]) {
        expect(cookie).not.toContain(secret)
      }
    }
    // The flow is over: its cookie is cleared.
    expect(cookieNamed(answer, 'aprova-age-flow')).toMatch(
      /^aprova-age-flow=; Path=\/age-gate\/oidc; Max-Age=0/,
    )

    // The next pages come without the gate; a crawler's never had it.
    expect((await gateOf(cookieHeader(verified))).gate).toBeNull()
  })

  it('refuses a minor by birthdate: the reason on the gate, and no cookie', async () => {
    const { answer } = await verifyAs('menor')
    expect(answer.status).toBe(302)
    expect(answer.location).toBe(PAGE)
    expect(cookieNamed(answer, 'aprova-age-verified')).toBeUndefined()
    const outcome = cookieNamed(answer, 'aprova-age-outcome')
    expect(outcome).toMatch(/^aprova-age-outcome=minor; Path=\/; Max-Age=60/)
    const page = await gateOf(cookieHeader(outcome))
    expect(page.gate).toEqual({ mode: 'oidc', outcome: 'minor' })
    // Shown once: the page clears it.
    expect(page.setCookies.some((cookie) => /^aprova-age-outcome=; .*Max-Age=0/.test(cookie))).toBe(
      true,
    )
  })

  it('refuses when the visitor cancels at the provider (access_denied)', async () => {
    const { answer, callbackPath } = await verifyAs('adulta', { cancel: true })
    expect(callbackPath).toContain('error=access_denied')
    expect(answer.location).toBe(PAGE)
    expect(cookieNamed(answer, 'aprova-age-verified')).toBeUndefined()
    expect(cookieNamed(answer, 'aprova-age-outcome')).toMatch(/^aprova-age-outcome=refused;/)
  })

  it('refuses an answer without a full birthdate (no claim, or a year alone)', async () => {
    for (const login of ['sem-data', 'so-ano']) {
      const { answer } = await verifyAs(login)
      expect(cookieNamed(answer, 'aprova-age-verified'), login).toBeUndefined()
      expect(cookieNamed(answer, 'aprova-age-outcome'), login).toMatch(/=unknown;/)
    }
  })

  it('reads an over-18 flag or an age when configured, from the ID token as well', async () => {
    const cases: [AgeOidcConfig, string, boolean][] = [
      [configOf(tokenProvider, { claim: 'age_over_18', scope: 'openid age' }), 'maior', true],
      [configOf(tokenProvider, { claim: 'age_over_18', scope: 'openid age' }), 'nao-maior', false],
      [configOf(provider, { claim: 'age_over_18', scope: 'openid age' }), 'maior', true],
      [configOf(provider, { claim: 'age', scope: 'openid age' }), 'trinta', true],
      [configOf(tokenProvider, { claim: 'age', scope: 'openid age' }), 'dezessete', false],
      // The configured claim only: a birthdate does not count when the flag is asked for.
      [configOf(provider, { claim: 'age_over_18', scope: 'openid profile age' }), 'adulta', false],
    ]
    for (const [config, login, admitted] of cases) {
      await withAgeOidc(config, async () => {
        const server = config.discoveryUrl === tokenProvider.discoveryUrl ? tokenProvider : provider
        const { answer } = await verifyAs(login, { server })
        const label = `${config.claim} of ${login} (${server.issuer})`
        expect(Boolean(cookieNamed(answer, 'aprova-age-verified')), label).toBe(admitted)
      })
    }
  })
})

describe('the signed cookie', () => {
  const pairOf = (cookie: string) => cookie.split(';')[0] ?? ''

  it('is the same for everyone verified in the same hour: it tells no one apart', () => {
    const first = pairOf(verifiedCookie(new Date('2026-05-02T14:01:00Z')))
    const second = pairOf(verifiedCookie(new Date('2026-05-02T14:59:00Z')))
    expect(first).toBe(second)
    expect(first).toMatch(/^aprova-age-verified=over18-until-2026-05-03T14:00Z\./)
    expect(pairOf(verifiedCookie(new Date('2026-05-02T15:00:00Z')))).not.toBe(first)
  })

  it('is refused when tampered with, expired, signed by another secret or reaching too far', async () => {
    const good = pairOf(verifiedCookie())
    expect((await gateOf(good)).gate).toBeNull()
    const [name, value = ''] = good.split('=')
    const tampered = [
      `${name}=${value.replace(/T(\d{2})/, (_, hour) => `T${String((Number(hour) + 1) % 24).padStart(2, '0')}`)}`,
      `${name}=${value.slice(0, -1)}${value.endsWith('A') ? 'B' : 'A'}`,
      `${name}=${value.split('.')[0]}`,
      `${name}=over18-until-2999-01-01T00:00Z.${value.split('.')[1]}`,
      `${name}=1`,
      `${name}=`,
    ]
    for (const cookie of tampered)
      expect((await gateOf(cookie)).gate, cookie).toEqual({ mode: 'oidc' })
    // Expired: made 25 hours ago.
    const old = pairOf(verifiedCookie(new Date(Date.now() - 25 * 3_600_000)))
    expect((await gateOf(old)).gate).toEqual({ mode: 'oidc' })
    // Further than a verification made now could reach (a clock or a rule changed since).
    const far = pairOf(verifiedCookie(new Date(Date.now() + 48 * 3_600_000)))
    expect((await gateOf(far)).gate).toEqual({ mode: 'oidc' })
    // Another site's secret.
    setServerEnv({ ...env, authSecret: 'another-secret-0123456789-abcdefghijklmn' })
    const foreign = pairOf(verifiedCookie())
    setServerEnv(env)
    expect((await gateOf(foreign)).gate).toEqual({ mode: 'oidc' })
  })

  it("is not the click's: '1' admits no one with oidc, a click sets nothing, both still work with the click gate", async () => {
    expect((await gateOf('aprova-age=1')).gate).toEqual({ mode: 'oidc' })
    const click = await callRoute(clickAction, '/age-gate', { body: { to: PAGE } })
    expect(click.status).toBe(303)
    expect(click.location).toBe(PAGE)
    expect(setCookies(click)).toEqual([])
    await withAgeOidc(undefined, async () => {
      expect((await gateOf('')).gate).toEqual({ mode: 'click' })
      expect((await gateOf('aprova-age=1')).gate).toBeNull()
      // A verification made while oidc was on still counts after a switch back.
      expect((await gateOf(pairOf(verifiedCookie()))).gate).toBeNull()
      // The click gate shows no verification outcome.
      expect((await gateOf('aprova-age-outcome=minor')).gate).toEqual({ mode: 'click' })
    })
  })
})

/** The root's component as the framework renders it: its data as a prop. */
function RootPage() {
  const App = root.default as (props: { loaderData: unknown }) => React.ReactNode
  return <App loaderData={useLoaderData()} />
}

function ListingPage() {
  return (
    <main>
      <h1>Acompanhantes em São Paulo</h1>
    </main>
  )
}

/** A page under the root as the server renders it (the root's loader and component). */
async function renderPage(path: string, headers: Record<string, string>) {
  const routes = [
    {
      id: 'root',
      path: '/',
      loader: (args: LoaderFunctionArgs) => root.loader(args as never),
      Component: RootPage,
      children: [
        {
          id: 'page',
          path: ':lang/acompanhantes/:city',
          Component: ListingPage,
        },
      ],
    },
  ]
  const { html } = await renderRoutes(routes, new Request(`${TEST_BASE_URL}${path}`, { headers }))
  return html
}

describe('the page behind the gate', () => {
  it('is server-rendered and inert under Verify my age; a crawler gets it without the gate', async () => {
    const person = await renderPage(PAGE, { 'user-agent': CHROME })
    expect(person).toContain('Acompanhantes em São Paulo')
    expect(person).toMatch(/<div inert="">\s*<main>/)
    expect(person).toContain('role="dialog"')
    expect(person).toContain(
      'href="/age-gate/oidc?to=%2Fpt%2Facompanhantes%2Fsao-paulo%3Fpagina%3D2"',
    )
    expect(person).toContain('Verificar minha idade')
    expect(person).not.toContain('Tenho mais de 18 anos – Entrar')

    const refused = await renderPage(PAGE, {
      'user-agent': CHROME,
      cookie: 'aprova-age-outcome=refused',
    })
    expect(refused).toContain('A verificação foi cancelada.')
    expect(refused).toContain('Tentar de novo')

    const english = await renderPage('/en/acompanhantes/sao-paulo', {
      'user-agent': CHROME,
      cookie: 'aprova-age-outcome=minor',
    })
    expect(english).toContain('The check says you are under 18. This site is for adults only.')
    expect(english).toContain('Try again')
    expect(english).toContain('I am under 18 – Exit')

    const crawler = await renderPage(PAGE, { 'user-agent': 'Googlebot/2.1' })
    expect(crawler).toContain('Acompanhantes em São Paulo')
    expect(crawler).not.toContain('role="dialog"')
    expect(crawler).not.toContain('inert')
  })
})

describe('crawlers and account pages', () => {
  it('a crawler gets the page without the gate; account pages never show it', async () => {
    const googlebot = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)'
    expect((await gateOf('', googlebot)).gate).toBeNull()
    expect((await gateOf('', CHROME, '/auth?mode=login')).gate).toBeNull()
    expect((await gateOf('', CHROME, '/dashboard')).gate).toBeNull()
  })
})

describe('bad input never admits and never fails the server', () => {
  const callback = (query: string, cookie?: string) =>
    callRoute(callbackLoader, `/age-gate/oidc/callback${query}`, { cookie })

  /** A flow cookie as /age-gate/oidc would set, for `to`. */
  const flowOf = (state = 'state-0123456789', to = PAGE, now?: Date) =>
    cookieHeader(flowCookie({ state, nonce: 'nonce-0123', verifier: 'v'.repeat(43), to }, now))

  it('answers garbage with the gate and a reason, never a cookie that admits', async () => {
    const cases: [string, string | undefined, string][] = [
      ['', undefined, '/pt/'],
      ['?code=abc&state=x', undefined, '/pt/'],
      ['?code=abc&state=x', 'aprova-age-flow=garbage', '/pt/'],
      ['?code=abc&state=x', 'aprova-age-flow=eyJ9.x', '/pt/'],
      ['?code=abc&state=wrong', flowOf(), PAGE],
      ['?code=abc', flowOf(), PAGE],
      ['?state=state-0123456789', flowOf(), PAGE],
      ['?state=state-0123456789&code=abc', flowOf(), PAGE],
      [`?state=state-0123456789&code=${'x'.repeat(5000)}`, flowOf(), PAGE],
      ['?state=state-0123456789&error=server_error', flowOf(), PAGE],
      ['?state=state-0123456789&error=%00%FF%3Cscript%3E', flowOf(), PAGE],
      ['?state=state-0123456789&code=abc&iss=https%3A%2F%2Fevil.example', flowOf(), PAGE],
      ['?state=%E0%A4%A&code=%', flowOf(), PAGE],
      // Expired (the visitor took longer than 10 minutes).
      [
        '?state=state-0123456789&code=abc',
        flowOf('state-0123456789', PAGE, new Date(Date.now() - 11 * 60_000)),
        '/pt/',
      ],
    ]
    for (const [query, cookie, to] of cases) {
      const answer = await callback(query, cookie)
      expect(answer.status, query).toBe(302)
      expect(answer.location, query).toBe(to)
      expect(cookieNamed(answer, 'aprova-age-verified'), query).toBeUndefined()
      expect(cookieNamed(answer, 'aprova-age-outcome'), query).toMatch(/=failed;/)
    }
  })

  it('takes a code once: the same answer again is refused', async () => {
    const { flow, callbackPath } = await verifyAs('adulta')
    const again = await callRoute(callbackLoader, callbackPath, { cookie: cookieHeader(flow) })
    expect(cookieNamed(again, 'aprova-age-verified')).toBeUndefined()
    expect(cookieNamed(again, 'aprova-age-outcome')).toMatch(/=failed;/)
  })

  it("returns only to a local page, never to another site or the verification's own addresses", async () => {
    for (const to of [
      '//evil.example/x',
      'https://evil.example/',
      '/\\evil.example',
      '/age-gate/oidc?to=/pt/',
    ]) {
      const { answer } = await verifyAs('adulta', { to })
      expect(answer.location, to).toBe('/pt/')
    }
  })

  it('sends the visitor back with a reason when the provider cannot be reached', async () => {
    await withAgeOidc(
      configOf({ discoveryUrl: 'http://127.0.0.1:9/.well-known/openid-configuration' }),
      async () => {
        const start = await callRoute(startLoader, `/age-gate/oidc?to=${encodeURIComponent(PAGE)}`)
        expect(start.status).toBe(302)
        expect(start.location).toBe(PAGE)
        expect(cookieNamed(start, 'aprova-age-outcome')).toMatch(/=failed;/)
        expect(cookieNamed(start, 'aprova-age-flow')).toBeUndefined()
      },
    )
  })

  it('is a 404 with the click gate', async () => {
    await withAgeOidc(undefined, async () => {
      expect((await callRoute(startLoader, '/age-gate/oidc?to=/pt/')).status).toBe(404)
      expect((await callback('?code=a&state=b', flowOf())).status).toBe(404)
    })
  })
})
