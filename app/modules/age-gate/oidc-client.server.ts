import { createHash, randomBytes } from 'node:crypto'
import { createRemoteJWKSet, type JWTPayload, jwtVerify } from 'jose'
import type { AgeOidcConfig } from '#app/platform/env.server.ts'

// The relying party of the age gate (ADR 0021): OpenID Connect's authorization code flow with
// PKCE, as a confidential client. Discovery and the provider's keys are kept in memory.

/** Longest wait for any answer of the provider. */
const TIMEOUT_MS = 10_000
/** Discovery documents change rarely; a failed fetch is not kept. */
const DISCOVERY_TTL_MS = 60 * 60_000

/** Why a verification could not be completed: for the log, never for the visitor. */
export class AgeCheckError extends Error {
  override name = 'AgeCheckError'
}

interface Discovery {
  issuer: string
  authorization_endpoint: string
  token_endpoint: string
  jwks_uri: string
  userinfo_endpoint?: string
  token_endpoint_auth_methods_supported?: string[]
  authorization_response_iss_parameter_supported?: boolean
}

const discoveries = new Map<string, { document: Promise<Discovery>; expires: number }>()
const keySets = new Map<string, ReturnType<typeof createRemoteJWKSet>>()

const isUrl = (value: unknown): value is string =>
  typeof value === 'string' && /^https?:$/.test(URL.parse(value)?.protocol ?? '')

async function fetchDiscovery(url: string): Promise<Discovery> {
  const response = await fetch(url, {
    headers: { accept: 'application/json' },
    signal: AbortSignal.timeout(TIMEOUT_MS),
  })
  if (!response.ok) throw new AgeCheckError(`discovery answered ${response.status}`)
  const document = (await response.json()) as Partial<Discovery>
  const endpoints = [document.authorization_endpoint, document.token_endpoint, document.jwks_uri]
  if (!isUrl(document.issuer) || !endpoints.every(isUrl)) {
    throw new AgeCheckError('discovery lacks the issuer or an endpoint')
  }
  if (document.userinfo_endpoint !== undefined && !isUrl(document.userinfo_endpoint)) {
    throw new AgeCheckError('discovery has a malformed userinfo endpoint')
  }
  return document as Discovery
}

/** The provider's discovery document, from memory for an hour. */
export function discovery(config: AgeOidcConfig, now = Date.now()): Promise<Discovery> {
  const kept = discoveries.get(config.discoveryUrl)
  if (kept && kept.expires > now) return kept.document
  const document = fetchDiscovery(config.discoveryUrl)
  discoveries.set(config.discoveryUrl, { document, expires: now + DISCOVERY_TTL_MS })
  document.catch(() => {
    if (discoveries.get(config.discoveryUrl)?.document === document) {
      discoveries.delete(config.discoveryUrl)
    }
  })
  return document
}

/** The provider's signing keys (jose refetches them for a key it has not seen, at most every 30 s). */
function keySetOf(jwksUri: string) {
  let keys = keySets.get(jwksUri)
  if (!keys) {
    keys = createRemoteJWKSet(new URL(jwksUri), { timeoutDuration: TIMEOUT_MS })
    keySets.set(jwksUri, keys)
  }
  return keys
}

/** A fresh random value for state, nonce and the PKCE verifier (256 bits, base64url). */
export function randomToken(): string {
  return randomBytes(32).toString('base64url')
}

/** The authorization request's address (code flow, PKCE S256). */
export async function authorizationUrl(
  config: AgeOidcConfig,
  request: { redirectUri: string; state: string; nonce: string; verifier: string; locale: string },
): Promise<string> {
  const provider = await discovery(config)
  const url = new URL(provider.authorization_endpoint)
  const challenge = createHash('sha256').update(request.verifier).digest('base64url')
  for (const [name, value] of Object.entries({
    response_type: 'code',
    client_id: config.clientId,
    redirect_uri: request.redirectUri,
    scope: config.scope,
    state: request.state,
    nonce: request.nonce,
    code_challenge: challenge,
    code_challenge_method: 'S256',
    ui_locales: request.locale,
  })) {
    url.searchParams.set(name, value)
  }
  return url.toString()
}

/** Whether the `iss` of an authorization response is the provider's (RFC 9207), if it must be. */
export async function acceptsIssuer(config: AgeOidcConfig, iss: string | null): Promise<boolean> {
  const provider = await discovery(config)
  if (iss === null) return provider.authorization_response_iss_parameter_supported !== true
  return iss === provider.issuer
}

async function postToken(
  config: AgeOidcConfig,
  provider: Discovery,
  form: Record<string, string>,
): Promise<{ id_token?: unknown; access_token?: unknown }> {
  const methods = provider.token_endpoint_auth_methods_supported ?? ['client_secret_basic']
  const body = new URLSearchParams(form)
  const headers: Record<string, string> = {
    'content-type': 'application/x-www-form-urlencoded',
    accept: 'application/json',
  }
  if (methods.includes('client_secret_basic')) {
    // RFC 6749 §2.3.1: each part form-encoded before Base64.
    const pair = `${encodeURIComponent(config.clientId)}:${encodeURIComponent(config.clientSecret)}`
    headers.authorization = `Basic ${Buffer.from(pair).toString('base64')}`
  } else if (methods.includes('client_secret_post')) {
    body.set('client_id', config.clientId)
    body.set('client_secret', config.clientSecret)
  } else {
    throw new AgeCheckError('the provider takes neither client_secret_basic nor client_secret_post')
  }
  const response = await fetch(provider.token_endpoint, {
    method: 'POST',
    headers,
    body,
    signal: AbortSignal.timeout(TIMEOUT_MS),
  })
  if (!response.ok) throw new AgeCheckError(`token endpoint answered ${response.status}`)
  return (await response.json()) as { id_token?: unknown; access_token?: unknown }
}

/**
 * Exchanges the code, verifies the ID token (signature by the provider's keys, issuer, audience,
 * expiry, nonce) and returns the value of the one claim configured: from the ID token, else from
 * the userinfo endpoint (for the same subject). Nothing else of the answer leaves this function.
 */
export async function claimOfCode(
  config: AgeOidcConfig,
  exchange: { code: string; redirectUri: string; verifier: string; nonce: string },
): Promise<unknown> {
  const provider = await discovery(config)
  const tokens = await postToken(config, provider, {
    grant_type: 'authorization_code',
    code: exchange.code,
    redirect_uri: exchange.redirectUri,
    code_verifier: exchange.verifier,
  })
  if (typeof tokens.id_token !== 'string') throw new AgeCheckError('no ID token')
  let payload: JWTPayload
  try {
    ;({ payload } = await jwtVerify(tokens.id_token, keySetOf(provider.jwks_uri), {
      issuer: provider.issuer,
      audience: config.clientId,
      requiredClaims: ['sub', 'exp', 'iat'],
      clockTolerance: 60,
    }))
  } catch (error) {
    throw new AgeCheckError(`ID token refused: ${(error as Error).name}`)
  }
  if (payload.nonce !== exchange.nonce) throw new AgeCheckError('ID token nonce differs')
  if (Array.isArray(payload.aud) && payload.aud.length > 1 && payload.azp !== config.clientId) {
    throw new AgeCheckError('ID token made for another party')
  }
  if (Object.hasOwn(payload, config.claim)) return payload[config.claim]
  if (!provider.userinfo_endpoint || typeof tokens.access_token !== 'string') return undefined
  const response = await fetch(provider.userinfo_endpoint, {
    headers: { authorization: `Bearer ${tokens.access_token}`, accept: 'application/json' },
    signal: AbortSignal.timeout(TIMEOUT_MS),
  })
  if (!response.ok) throw new AgeCheckError(`userinfo answered ${response.status}`)
  if (!/^application\/json\b/.test(response.headers.get('content-type') ?? '')) {
    throw new AgeCheckError('userinfo is not JSON')
  }
  const userinfo = (await response.json()) as Record<string, unknown>
  // OpenID Connect Core 5.3.2: a userinfo answer about someone else is not used.
  if (userinfo?.sub !== payload.sub) throw new AgeCheckError('userinfo subject differs')
  return Object.hasOwn(userinfo, config.claim) ? userinfo[config.claim] : undefined
}
