import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import Provider from 'oidc-provider'

// A real OpenID Connect server (oidc-provider) on a free local port standing in for Google in
// tests: the browser goes through its login and consent pages, our server through discovery,
// the code exchange and the ID token, exactly as with Google.

export const OIDC_CLIENT_ID = 'aprova-test-client'
export const OIDC_CLIENT_SECRET = 'aprova-test-client-secret-0123456789'

export interface OidcAccount {
  email: string
  name: string
}

/**
 * Starts the server for a site at `siteBaseUrl`. Any login name typed on its page signs in as
 * `{login}@example.com` unless `accounts` names it.
 */
export async function startOidcServer(
  siteBaseUrl: string,
  accounts: Record<string, OidcAccount> = {},
) {
  const http: Server = createServer()
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve))
  const issuer = `http://127.0.0.1:${(http.address() as AddressInfo).port}`
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: OIDC_CLIENT_ID,
        client_secret: OIDC_CLIENT_SECRET,
        redirect_uris: [`${siteBaseUrl}/api/auth/callback/google`],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    async findAccount(_ctx, id) {
      const account = accounts[id] ?? { email: `${id}@example.com`, name: 'Conta Google' }
      return {
        accountId: id,
        claims: async () => ({
          sub: id,
          email: account.email,
          email_verified: true,
          name: account.name,
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
    close: () => new Promise<void>((resolve) => http.close(() => resolve())),
  }
}
