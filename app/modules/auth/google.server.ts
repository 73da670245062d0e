import { genericOAuth } from 'better-auth/plugins/generic-oauth'
import { shownDisplayName } from '#app/domain/account.ts'
import type { ServerEnv } from '#app/platform/env.server.ts'
import { db } from '#db/client.server.ts'
import { dropPendingAccount } from './pending-accounts.server.ts'

// Google sign-in (issue 6) through better-auth's generic OpenID Connect configuration, so the
// same code runs against Google and the local OpenID Connect server of the tests.

/** Google's provider id: the generic OpenID Connect configuration takes Google's place. */
export const GOOGLE_PROVIDER_ID = 'google'

/** better-auth's plugin for Google with the environment's client. */
export function googleSignIn(google: NonNullable<ServerEnv['google']>) {
  return genericOAuth({
    config: [
      {
        providerId: GOOGLE_PROVIDER_ID,
        clientId: google.clientId,
        clientSecret: google.clientSecret,
        discoveryUrl: google.discoveryUrl,
        scopes: ['openid', 'email', 'profile'],
        pkce: true,
        // No session for an address Google does not vouch for: it waits for our link like any
        // sign-up, so an unconfirmed account never holds anything (issue 30).
        requireEmailVerification: true,
        // An address Google vouches for belongs to whoever signs in with it: an account someone
        // else opened there and nobody confirmed gives way (issue 30), instead of keeping Google
        // out of the address until the sweep (better-auth never links into an unconfirmed one).
        mapProfileToUser: async (profile) => {
          const vouched = [profile.emailVerified, profile.email_verified].some(
            (claim) => claim === true || claim === 'true',
          )
          if (vouched && typeof profile.email === 'string')
            await dropPendingAccount(db(), profile.email)
          // Google's name obeys no rule of ours: it is greeted in e-mails and shown with reviews,
          // so it takes the display names' rule (issue 30 point 9) like a typed one.
          return typeof profile.name === 'string' ? { name: shownDisplayName(profile.name) } : {}
        },
      },
    ],
  })
}
