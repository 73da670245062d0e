import { redirect } from 'react-router'
import {
  AGE_CHECK_CALLBACK_PATH,
  AGE_FLOW_COOKIE_NAME,
  type AgeOutcome,
  ageVerdict,
} from '#app/domain/age-assurance.ts'
import { brazilDay } from '#app/domain/brazil-time.ts'
import { cookieValue } from '#app/domain/cookies.ts'
import { asLanguage } from '#app/domain/language.ts'
import { localPath } from '#app/domain/paths.ts'
import { requestLanguage } from '#app/modules/i18n/request-language.server.ts'
import { type AgeOidcConfig, ageOidcSettings, serverEnv } from '#app/platform/env.server.ts'
import { log } from '#app/platform/logger.server.ts'
import {
  clearedFlowCookie,
  clearedOutcomeCookie,
  flowCookie,
  outcomeCookie,
  readFlow,
  sameText,
  verifiedCookie,
} from './assurance-cookie.server.ts'
import { acceptsIssuer, authorizationUrl, claimOfCode, randomToken } from './oidc-client.server.ts'

// The age gate's verification by OpenID Connect (issue 23, ADR 0021): GET /age-gate/oidc starts
// it, GET /age-gate/oidc/callback takes the provider's answer. Whatever comes back, the visitor
// returns to the page they were on: admitted, or before the gate with the reason.

/** Where a visitor goes when the page they came from is unknown or not a page. */
const HOME = '/pt/'
/** Longest authorization code passed on to the provider. */
const MAX_CODE_LENGTH = 4096

const notFound = () => new Response(null, { status: 404, headers: { 'Cache-Control': 'no-store' } })

/** The gate's own address for the provider's answer, as registered with the provider. */
const callbackUrl = () => `${serverEnv().baseUrl}${AGE_CHECK_CALLBACK_PATH}`

/** A local page to return to; not the verification's own addresses (no loop through them). */
function returnPath(value: string | null): string {
  const path = localPath(value)
  return path && !path.startsWith('/age-gate') ? path : HOME
}

function redirectWith(location: string, cookies: string[]): Response {
  const headers = new Headers({ 'Cache-Control': 'no-store' })
  for (const cookie of cookies) headers.append('Set-Cookie', cookie)
  return redirect(location, { headers })
}

/** GET /age-gate/oidc?to=…: off the site to the provider, the flow bound to this browser. */
export async function startAgeCheck(request: Request): Promise<Response> {
  const config = ageOidcSettings()
  if (!config) return notFound()
  const to = returnPath(new URL(request.url).searchParams.get('to'))
  const language =
    asLanguage(/^\/(pt|en)(?:\/|$)/.exec(to)?.[1]) ?? requestLanguage(request).language
  const flow = { state: randomToken(), nonce: randomToken(), verifier: randomToken(), to }
  try {
    const location = await authorizationUrl(config, {
      ...flow,
      redirectUri: callbackUrl(),
      locale: language === 'pt' ? 'pt-BR' : 'en',
    })
    return redirectWith(location, [flowCookie(flow)])
  } catch (error) {
    log.warn('age check not started', { reason: String(error) })
    return redirectWith(to, [outcomeCookie('failed')])
  }
}

/** GET /age-gate/oidc/callback: the provider's answer, taken once, for the flow of this browser. */
export async function finishAgeCheck(request: Request): Promise<Response> {
  const config = ageOidcSettings()
  if (!config) return notFound()
  const flow = readFlow(cookieValue(request.headers.get('cookie'), AGE_FLOW_COOKIE_NAME))
  const to = flow?.to ?? HOME
  const params = new URL(request.url).searchParams
  const refuse = (outcome: AgeOutcome, reason: string) => {
    log.warn('age check not passed', { outcome, reason })
    return redirectWith(to, [clearedFlowCookie(), outcomeCookie(outcome)])
  }
  if (!flow) return refuse('failed', 'no flow of this browser, or it expired')
  const state = params.get('state')
  if (!state || !sameText(state, flow.state)) return refuse('failed', 'state differs')
  try {
    if (!(await acceptsIssuer(config, params.get('iss')))) return refuse('failed', 'iss differs')
    const error = params.get('error')
    if (error !== null) {
      const reason = `provider said ${error.slice(0, 64)}`
      return refuse(error === 'access_denied' ? 'refused' : 'failed', reason)
    }
    const code = params.get('code')
    if (!code || code.length > MAX_CODE_LENGTH) return refuse('failed', 'no usable code')
    const verdict = await verdictOf(config, code, flow)
    if (verdict !== 'adult') return refuse(verdict, 'the claim does not say 18 or over')
    return redirectWith(to, [clearedFlowCookie(), clearedOutcomeCookie(), verifiedCookie()])
  } catch (error) {
    return refuse('failed', String(error))
  }
}

/** What the configured claim of the code's answer says, today in Brazil. */
async function verdictOf(
  config: AgeOidcConfig,
  code: string,
  flow: { verifier: string; nonce: string },
): Promise<'adult' | 'minor' | 'unknown'> {
  const value = await claimOfCode(config, {
    code,
    redirectUri: callbackUrl(),
    verifier: flow.verifier,
    nonce: flow.nonce,
  })
  return ageVerdict(value, brazilDay())
}
