import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import Provider from 'oidc-provider'

// A real OpenID Connect server (oidc-provider) on a free local port standing in for Google in
// tests: the browser goes through its login and consent pages, our server through discovery,
// the code exchange and the ID token, exactly as with Google. It stands in for the age gate's
// provider too (AGE_ASSURANCE=oidc, issue 23): an account may carry a birthdate (profile scope),
// an over-18 flag or an age (the 'age' scope).

export const OIDC_CLIENT_ID = 'aprova-test-client'
export const OIDC_CLIENT_SECRET = 'aprova-test-client-secret-0123456789'

export interface OidcAccount {
  email: string
  name: string
  /** Whether the provider vouches for the address (unset: it does, as Google does). */
  emailVerified?: boolean
  /** YYYY-MM-DD, OpenID Connect's standard claim (profile scope). */
  birthdate?: string
  /** Claims of an age verification service (the 'age' scope). */
  age_over_18?: unknown
  age?: unknown
}

/** The age gate's address for the provider's answer on a site at `siteBaseUrl`. */
export const ageCheckCallback = (siteBaseUrl: string) => `${siteBaseUrl}/age-gate/oidc/callback`

/**
 * Starts the server for a site at `siteBaseUrl`. Any login name typed on its page signs in as
 * `{login}@example.com` unless `accounts` names it.
 */
export async function startOidcServer(
  siteBaseUrl: string,
  accounts: Record<string, OidcAccount> = {},
  options: {
    /** Claims in the ID token itself (as Google does), not only at the userinfo endpoint. */
    claimsInIdToken?: boolean
    /** The token endpoint's only client authentication (unset: all of oidc-provider's). */
    tokenAuthMethod?: 'client_secret_basic' | 'client_secret_post'
  } = {},
) {
  const http: Server = createServer()
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve))
  const issuer = `http://127.0.0.1:${(http.address() as AddressInfo).port}`
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: OIDC_CLIENT_ID,
        client_secret: OIDC_CLIENT_SECRET,
        redirect_uris: [`${siteBaseUrl}/api/auth/callback/google`, ageCheckCallback(siteBaseUrl)],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: options.tokenAuthMethod ?? 'client_secret_basic',
      },
    ],
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name', 'birthdate'],
      age: ['age_over_18', 'age'],
    },
    conformIdTokenClaims: !options.claimsInIdToken,
    // The one method asked for, alone in discovery (else oidc-provider's whole list).
    ...(options.tokenAuthMethod ? { clientAuthMethods: [options.tokenAuthMethod] } : {}),
    async findAccount(_ctx, id) {
      const account = accounts[id] ?? { email: `${id}@example.com`, name: 'Conta Google' }
      return {
        accountId: id,
        claims: async () => ({
          sub: id,
          email: account.email,
          email_verified: account.emailVerified ?? true,
          name: account.name,
          birthdate: account.birthdate,
          age_over_18: account.age_over_18,
          age: account.age,
        }),
      }
    },
    features: { devInteractions: { enabled: true } },
    cookies: { keys: ['aprova-test-oidc-cookie-key'] },
  })
  http.on('request', provider.callback())
  return {
    issuer,
    discoveryUrl: `${issuer}/.well-known/openid-configuration`,
    /**
     * What a browser sent to `authorizationUrl` ends with: signed in as `login` on the provider's
     * own pages and consenting (or cancelling, with `cancel`), the address it is sent back to.
     */
    answer: (authorizationUrl: string, login: string, options: { cancel?: boolean } = {}) =>
      answerAt(issuer, authorizationUrl, login, options.cancel ?? false),
    close: () => new Promise<void>((resolve) => http.close(() => resolve())),
  }
}

/** Walks oidc-provider's development login and consent pages as a browser would. */
async function answerAt(
  issuer: string,
  authorizationUrl: string,
  login: string,
  cancel: boolean,
): Promise<string> {
  const jar = new Map<string, string>()
  let next = authorizationUrl
  let form: URLSearchParams | undefined
  for (let step = 0; step < 20; step++) {
    if (!next.startsWith(`${issuer}/`)) return next
    const response = await fetch(next, {
      method: form ? 'POST' : 'GET',
      body: form,
      redirect: 'manual',
      headers: { cookie: [...jar].map(([name, value]) => `${name}=${value}`).join('; ') },
    })
    form = undefined
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = ''] = cookie.split(';')
      const name = pair.slice(0, pair.indexOf('='))
      const value = pair.slice(pair.indexOf('=') + 1)
      if (value && !/max-age=0|expires=thu, 01 jan 1970/i.test(cookie)) jar.set(name, value)
      else jar.delete(name)
    }
    const location = response.headers.get('location')
    if (location) {
      next = new URL(location, next).toString()
      continue
    }
    const page = await response.text()
    if (!response.ok) throw new Error(`the provider answered ${response.status}: ${page}`)
    // A login or consent page: its form posts back to the same address.
    if (cancel) {
      next = `${next}/abort`
      continue
    }
    const prompt = /name="prompt" value="(\w+)"/.exec(page)?.[1]
    form = new URLSearchParams(
      prompt === 'login' ? { prompt, login, password: 'any' } : { prompt: 'consent' },
    )
  }
  throw new Error('the provider never sent the browser back')
}
