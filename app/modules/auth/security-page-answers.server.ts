import { data } from 'react-router'
import type { FormAnswer } from '#app/modules/forms/checks.ts'
import { waitAlert } from './limits.server.ts'
import type { CodeRefusal } from './two-factor.server.ts'

// What the pages of issue 23 (second factor, confirming who you are, the account's security)
// answer alike: a form over its limit, a refused code.

export interface LoadContext {
  clientIp?: string
}

/** The 429 answer of a form over its limit. */
export function limited<Intent extends string>(intent: Intent, seconds: number) {
  return data<FormAnswer<Intent>>(
    { intent, alert: waitAlert(seconds) },
    { status: 429, headers: { 'Retry-After': String(seconds) } },
  )
}

/** The answer to a refused code. */
export function refusedCode<Intent extends string>(intent: Intent, reason: CodeRefusal) {
  if (reason === 'invalid')
    return data<FormAnswer<Intent>>({ intent, error: { field: 'code', message: 'codeWrong' } }, 401)
  if (reason === 'locked')
    return data<FormAnswer<Intent>>(
      { intent, alert: { title: 'factorLockedTitle', text: 'factorLocked' } },
      429,
    )
  return data<FormAnswer<Intent> & { expired: true }>(
    { intent, expired: true, alert: { title: 'codeExpiredTitle', text: 'codeExpired' } },
    401,
  )
}
