import { data } from 'react-router'
import { ageCookie } from '#app/modules/age-gate/age-gate.server.ts'
import { checkIntent, readForm } from '#app/modules/forms/parse-form.server.ts'
import { callerOf } from './accounts.server.ts'
import type { ConfirmationAnswer, ConfirmationView } from './confirmation-answer.ts'
import {
  type ConfirmationProof,
  type ConfirmationResult,
  confirmEmail,
} from './email-confirmation.server.ts'
import { guesses, limitAuthAttempt } from './limits.server.ts'
import { confirmationSchemas } from './schema.ts'
import { tellOwnerOfFailedSignIns } from './sign-in-alerts.server.ts'

// The action of the confirmation screen ('/', SPEC §2): its three forms, their limits, and the
// answer the screen shows (issue 30).

interface LoadContext {
  clientIp?: string
}

/** Confirmation tokens are signed JWTs; anything much longer is not one. */
const MAX_TOKEN_LENGTH = 2048

/** The token of a link, when it can be one. */
export function tokenOf(value: FormDataEntryValue | string | null): string | undefined {
  return typeof value === 'string' && value && value.length <= MAX_TOKEN_LENGTH ? value : undefined
}

/** What the screen shows of a result (no headers). */
function viewOf(result: ConfirmationResult): ConfirmationView {
  switch (result.kind) {
    case 'confirmed':
      return { kind: 'confirmed', email: result.email, role: result.role, area: result.area }
    case 'confirmed-apart':
      return { kind: 'confirmed-apart', email: result.email, role: result.role, why: result.why }
    case 'changed':
      return { kind: 'changed', email: result.email }
    case 'prove': {
      const { refused: _, ...view } = result
      return view
    }
    case 'error':
      return result
  }
}

/** No password is typed when the screen is only shown again. */
const noLimits = { before: async () => undefined, failed: async () => {} }

/** The screen's forms post here: the link alone, or with the password, or with a new one. */
export async function confirmationAction(request: Request, context: LoadContext | undefined) {
  const form = await readForm(request)
  // The screen's first post (and the button of a browser without JavaScript) has no intent.
  if (!form.has('intent')) form.set('intent', 'confirm')
  const parsed = checkIntent(form, confirmationSchemas)
  const token = tokenOf(form.get('token'))
  if (!parsed || !token) throw new Response('Bad request', { status: 400 })
  const { intent, checked } = parsed
  const caller = callerOf(request, context)
  const answer = (body: Omit<ConfirmationAnswer, 'intent'>, init?: number | ResponseInit) =>
    data<ConfirmationAnswer>({ intent, ...body }, init)
  /** The 429 answer of a form past its limit, the screen shown again. */
  const limited = (view: ConfirmationView, seconds: number) =>
    answer(
      {
        result: view,
        alert: { title: 'tooManyAttempts', text: 'tryAgainIn', minutes: Math.ceil(seconds / 60) },
      },
      { status: 429, headers: { 'Retry-After': String(seconds) } },
    )

  let proof: ConfirmationProof = { kind: 'none' }
  if (parsed.intent === 'confirm') proof = { kind: 'link' }
  else if (parsed.intent === 'password' && parsed.checked.ok)
    proof = { kind: 'password', password: parsed.checked.value.password }
  else if (parsed.intent === 'new-password' && parsed.checked.ok) {
    // A new password is a password reset by the mailbox: the reset's limit per visitor.
    const seconds = await limitAuthAttempt('reset', context, undefined)
    if (seconds !== undefined) {
      const shown = await confirmEmail(token, { kind: 'none' }, caller, null, noLimits)
      return limited(viewOf(shown), seconds)
    }
    proof = { kind: 'new-password', password: parsed.checked.value.password }
  }
  const result = await confirmEmail(token, proof, caller, request.headers.get('cookie'), {
    // Passwords typed here count like the login's (limits.server.ts).
    before: (email) => guesses.before('sign-in', context, email),
    failed: async (email) => {
      if ((await guesses.failed('sign-in', context, email)).burst)
        await tellOwnerOfFailedSignIns(email)
    },
  })
  const view = viewOf(result)
  if (!checked.ok) return answer({ result: view, error: checked.error }, 400)
  if (result.kind === 'prove' && result.refused) {
    if (result.refused === 'wrong-password')
      return answer({ result: view, error: { field: 'password', message: 'passwordWrong' } }, 401)
    return limited(view, result.refused.retryAfterS)
  }
  if (
    result.kind === 'confirmed' ||
    result.kind === 'confirmed-apart' ||
    result.kind === 'changed'
  ) {
    const headers = new Headers(result.headers)
    // The account holder declared 18+ at sign-up: the age gate has nothing to ask.
    if (result.kind !== 'changed') headers.append('Set-Cookie', ageCookie())
    return answer({ result: view }, { headers })
  }
  return answer({ result: view })
}
