import { z } from 'zod'
import { type Issue, optional, type Parsed, urlWithProtocols } from './shared.ts'

// The OpenID Connect providers: Google sign-in, and the age gate's provider (age assurance).

/** Google's OpenID Connect discovery document; a local OpenID Connect server stands in for tests. */
const GOOGLE_DISCOVERY_URL = 'https://accounts.google.com/.well-known/openid-configuration'

/**
 * Age assurance (issue 23, ADR 0021): AGE_ASSURANCE=oidc sends the age gate to an OpenID Connect
 * provider; these must then be set, and are refused without it (a forgotten AGE_ASSURANCE would
 * otherwise leave the click gate on unnoticed).
 */
const AGE_OIDC_REQUIRED = [
  'AGE_OIDC_DISCOVERY_URL',
  'AGE_OIDC_CLIENT_ID',
  'AGE_OIDC_CLIENT_SECRET',
] as const
const AGE_OIDC_VARIABLES = [...AGE_OIDC_REQUIRED, 'AGE_OIDC_SCOPE', 'AGE_OIDC_CLAIM'] as const
/** The standard claim of a birthdate, and the scope that carries it (OpenID Connect Core 5.4). */
const AGE_OIDC_DEFAULT_CLAIM = 'birthdate'

export const OIDC_FIELDS = {
  GOOGLE_CLIENT_ID: optional(z.string().min(1)),
  GOOGLE_CLIENT_SECRET: optional(z.string().min(1)),
  GOOGLE_DISCOVERY_URL: optional(
    urlWithProtocols(['https:', 'http:'], GOOGLE_DISCOVERY_URL),
  ).default(GOOGLE_DISCOVERY_URL),
  AGE_ASSURANCE: optional(
    z.enum(['click', 'oidc'], { message: "must be 'click' or 'oidc'" }),
  ).default('click'),
  AGE_OIDC_DISCOVERY_URL: optional(
    urlWithProtocols(
      ['https:', 'http:'],
      'https://id.example.com/.well-known/openid-configuration',
    ),
  ),
  AGE_OIDC_CLIENT_ID: optional(z.string().min(1)),
  AGE_OIDC_CLIENT_SECRET: optional(z.string().min(1)),
  AGE_OIDC_SCOPE: optional(
    z
      .string()
      .regex(/^[!#-[\]-~]+( [!#-[\]-~]+)*$/, 'must be scopes separated by single spaces')
      .refine((scope) => scope.split(' ').includes('openid'), {
        message: "must include 'openid'",
      }),
  ),
  AGE_OIDC_CLAIM: optional(
    z.string().regex(/^[!-~]{1,200}$/, 'must be a claim name (no spaces), such as birthdate'),
  ),
}

export const OIDC_SECRETS = ['GOOGLE_CLIENT_SECRET', 'AGE_OIDC_CLIENT_SECRET']

type OidcVariables = Parsed<typeof OIDC_FIELDS>

export function oidcIssues(env: OidcVariables): Issue[] {
  const issues: Issue[] = []
  if (Boolean(env.GOOGLE_CLIENT_ID) !== Boolean(env.GOOGLE_CLIENT_SECRET)) {
    issues.push({
      path: [env.GOOGLE_CLIENT_ID ? 'GOOGLE_CLIENT_SECRET' : 'GOOGLE_CLIENT_ID'],
      message: 'must be set together with the other GOOGLE_CLIENT_* variable',
    })
  }
  if (env.AGE_ASSURANCE === 'oidc') {
    for (const name of AGE_OIDC_REQUIRED.filter((name) => !env[name])) {
      issues.push({ path: [name], message: 'must be set with AGE_ASSURANCE=oidc' })
    }
  } else {
    for (const name of AGE_OIDC_VARIABLES.filter((name) => env[name])) {
      issues.push({
        path: [name],
        message: "is set but AGE_ASSURANCE is not 'oidc' (set AGE_ASSURANCE=oidc, or remove it)",
      })
    }
  }
  return issues
}

/** The OpenID Connect provider the age gate sends visitors to (issue 23, ADR 0021). */
export interface AgeOidcConfig {
  discoveryUrl: string
  clientId: string
  clientSecret: string
  /** Space-separated scopes, 'openid' among them. */
  scope: string
  /** The one claim read: a birthdate, an over-18 flag or an age. */
  claim: string
}

export interface OidcEnv {
  /** Google sign-in; undefined hides the button. */
  google: { clientId: string; clientSecret: string; discoveryUrl: string } | undefined
  /** Age assurance by OpenID Connect (AGE_ASSURANCE=oidc); undefined: the click gate. */
  ageOidc: AgeOidcConfig | undefined
}

export function oidcEnv(env: OidcVariables): OidcEnv {
  return {
    google:
      env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET
        ? {
            clientId: env.GOOGLE_CLIENT_ID,
            clientSecret: env.GOOGLE_CLIENT_SECRET,
            discoveryUrl: env.GOOGLE_DISCOVERY_URL,
          }
        : undefined,
    ageOidc: ageOidcConfig(env),
  }
}

function ageOidcConfig(env: OidcVariables): AgeOidcConfig | undefined {
  if (
    env.AGE_ASSURANCE !== 'oidc' ||
    !env.AGE_OIDC_DISCOVERY_URL ||
    !env.AGE_OIDC_CLIENT_ID ||
    !env.AGE_OIDC_CLIENT_SECRET
  ) {
    return undefined
  }
  const claim = env.AGE_OIDC_CLAIM ?? AGE_OIDC_DEFAULT_CLAIM
  return {
    discoveryUrl: env.AGE_OIDC_DISCOVERY_URL,
    clientId: env.AGE_OIDC_CLIENT_ID,
    clientSecret: env.AGE_OIDC_CLIENT_SECRET,
    // A birthdate comes with the profile scope; another claim's scope is the provider's own.
    scope: env.AGE_OIDC_SCOPE ?? (claim === AGE_OIDC_DEFAULT_CLAIM ? 'openid profile' : 'openid'),
    claim,
  }
}
