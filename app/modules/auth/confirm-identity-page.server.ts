import { and, eq } from 'drizzle-orm'
import { data, redirect } from 'react-router'
import { areaOf } from '#app/domain/account.ts'
import { localPath } from '#app/domain/paths.ts'
import { KEPT_FORM_PARAM } from '#app/domain/step-up.ts'
import { parseForm } from '#app/modules/forms/parse-form.server.ts'
import { PRIVATE_NO_STORE } from '#app/modules/http/cache-control.ts'
import { serverEnv } from '#app/platform/env.server.ts'
import { db } from '#db/client.server.ts'
import { account } from '#db/schema/auth.ts'
import { callerOf, startGoogleSignIn } from './accounts.server.ts'
import { limitAuthAttempt } from './limits.server.ts'
import type { ConfirmAnswer, KeptForm } from './security-answers.ts'
import { type LoadContext, limited, refusedCode } from './security-page-answers.server.ts'
import { confirmedRecently, confirmPath, requireUser } from './session.server.ts'
import { dropKeptForm, keptForm } from './step-up-forms.server.ts'
import { confirmWithPassword, hasPassword, verifyCode } from './two-factor.server.ts'
import {
  confirmCancelSchema,
  confirmCodeSchema,
  confirmGoogleSchema,
  confirmPasswordSchema,
} from './two-factor-schema.ts'

// /auth/confirm (issue 23; issue 30 point 7): confirming who you are before a sensitive action,
// then sending again the form that asked for it.

/** Whether the account signs in with Google. */
async function hasGoogle(userId: string): Promise<boolean> {
  const [row] = await db()
    .select({ id: account.id })
    .from(account)
    .where(and(eq(account.userId, userId), eq(account.providerId, 'google')))
  return Boolean(row)
}

export async function confirmLoader(request: Request) {
  const user = await requireUser(request)
  const url = new URL(request.url)
  const next = localPath(url.searchParams.get('next'))
  const backTo = next ?? (user.role ? areaOf(user.role) : '/auth')
  // A form this session sent before the proof (issue 30 point 7); another session's is ignored.
  const formId = url.searchParams.get(KEPT_FORM_PARAM)
  const kept = await keptForm(formId, user.sessionId)
  if (confirmedRecently(user)) {
    // Proved just now: the kept form is sent again (the page sends it by itself); without
    // one, straight on.
    if (!kept) throw redirect(backTo)
    const resume: KeptForm = kept
    return data(
      { next, backTo, resume, form: undefined, password: false, code: false, google: false },
      { headers: PRIVATE_NO_STORE },
    )
  }
  const [password, google] = await Promise.all([hasPassword(user.id), hasGoogle(user.id)])
  return data(
    {
      next,
      backTo,
      resume: undefined,
      form: kept ? (formId ?? undefined) : undefined,
      password,
      code: user.twoFactorEnabled,
      // Google proves it anew only for an account with no other way (no password, no code).
      google: !password && !user.twoFactorEnabled && google && Boolean(serverEnv().google),
    },
    { headers: PRIVATE_NO_STORE },
  )
}

export async function confirmAction(request: Request, context: LoadContext | undefined) {
  const user = await requireUser(request)
  const parsed = await parseForm(request, {
    password: confirmPasswordSchema,
    code: confirmCodeSchema,
    google: confirmGoogleSchema,
    cancel: confirmCancelSchema,
  })
  const next = localPath(String(parsed.form.get('next') ?? ''))
  const back = next ?? (user.role ? areaOf(user.role) : '/auth')
  // After the proof, the kept form's page sends it again (confirmLoader); cancelling drops it.
  const formId = String(parsed.form.get(KEPT_FORM_PARAM) ?? '')
  const onward = formId ? confirmPath(next, formId) : back
  const caller = callerOf(request, context)
  if (parsed.intent === 'cancel') {
    await dropKeptForm(formId, user.sessionId)
    return redirect(back)
  }
  if (parsed.intent === 'google') {
    // A Google sign-in opens a new session, which the kept form is not bound to: typed again.
    await dropKeptForm(formId, user.sessionId)
    if (!serverEnv().google) throw new Response('Not found', { status: 404 })
    const { url, headers } = await startGoogleSignIn(caller, back)
    return redirect(url, { headers })
  }
  const { intent } = parsed
  if (intent === 'code' && !user.twoFactorEnabled)
    throw new Response('Bad request', { status: 400 })
  if (!parsed.checked.ok) return data<ConfirmAnswer>({ intent, error: parsed.checked.error }, 400)
  const refused = await limitAuthAttempt('confirm', context, user.id)
  if (refused !== undefined) return limited(intent, refused)
  switch (parsed.intent) {
    case 'password': {
      const { checked } = parsed
      const matches =
        checked.ok && (await confirmWithPassword(request, caller, user, checked.value.password))
      if (!matches)
        return data<ConfirmAnswer>(
          { intent, error: { field: 'password', message: 'passwordWrong' } },
          401,
        )
      return redirect(onward)
    }
    case 'code': {
      const { checked } = parsed
      if (!checked.ok) throw new Response('Bad request', { status: 400 })
      const result = await verifyCode(request, caller, checked.value.code)
      if (!result.ok) return refusedCode(intent, result.reason)
      return redirect(onward, { headers: result.headers })
    }
  }
}
