import { data, redirect } from 'react-router'
import { areaOf } from '#app/domain/account.ts'
import { localPath } from '#app/domain/paths.ts'
import { parseForm } from '#app/modules/forms/parse-form.server.ts'
import { PRIVATE_NO_STORE } from '#app/modules/http/cache-control.ts'
import { callerOf, markPasswordSignIn, roleOf } from './accounts.server.ts'
import { destinationAfterSignIn } from './auth-page-loader.server.ts'
import { guesses } from './limits.server.ts'
import type { SecondFactorAnswer } from './security-answers.ts'
import { type LoadContext, limited, refusedCode } from './security-page-answers.server.ts'
import { awaitingSecondFactor, currentUser } from './session.server.ts'
import { codeAccount, verifyCode } from './two-factor.server.ts'
import { secondFactorSchema } from './two-factor-schema.ts'

// /auth/two-factor (issue 23): the second factor of a sign-in.

const TWO_FACTOR_COOKIE = 'two_factor='

export async function secondFactorLoader(request: Request) {
  const url = new URL(request.url)
  const next = localPath(url.searchParams.get('next'))
  const signedIn = await currentUser(request)
  if (signedIn?.role) throw redirect(destinationAfterSignIn(signedIn.role, next))
  const waiting = await awaitingSecondFactor(request)
  if (!waiting && !request.headers.get('cookie')?.includes(TWO_FACTOR_COOKIE))
    throw redirect(`/auth?mode=login${next ? `&next=${encodeURIComponent(next)}` : ''}`)
  return data({ next }, { headers: PRIVATE_NO_STORE })
}

export async function secondFactorAction(request: Request, context: LoadContext | undefined) {
  const { checked, form } = await parseForm(request, { 'second-factor': secondFactorSchema })
  const intent = 'second-factor' as const
  // A session that has passed its factor already proves nothing more here: step-ups go through
  // /auth/confirm, whose limits count per account.
  const signedIn = await currentUser(request)
  if (signedIn) throw redirect(signedIn.role ? areaOf(signedIn.role) : '/auth')
  if (!checked.ok) return data<SecondFactorAnswer>({ intent, error: checked.error }, 400)
  // The account of the challenge (or of the session waiting for its factor): its wrong codes
  // slow the network typing them (issue 30), and are capped per account.
  const account = await codeAccount(request)
  const refused = await guesses.before('second-factor', context, account)
  if (refused !== undefined) return limited(intent, refused)
  const waiting = await awaitingSecondFactor(request)
  const result = await verifyCode(request, callerOf(request, context), checked.value.code)
  if (!result.ok) {
    if (result.reason === 'invalid' && account)
      await guesses.failed('second-factor', context, account)
    return refusedCode(intent, result.reason)
  }
  // The challenge of a sign-in with the password, now complete (not a Google session's factor).
  if (!waiting) await markPasswordSignIn(result.userId)
  const role = await roleOf(result.userId)
  const next = String(form.get('next') ?? '')
  return redirect(role ? destinationAfterSignIn(role, next) : '/auth', { headers: result.headers })
}
