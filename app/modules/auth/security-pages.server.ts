import { and, desc, eq, gt, ne, sql } from 'drizzle-orm'
import { data, redirect } from 'react-router'
import { areaOf } from '#app/domain/account.ts'
import { deviceOf } from '#app/domain/device.ts'
import type { Flash } from '#app/domain/flash.ts'
import { localPath, paths } from '#app/domain/paths.ts'
import { KEPT_FORM_PARAM } from '#app/domain/step-up.ts'
import { flashCookie, takeFlash } from '#app/modules/flash/flash.server.ts'
import type { FormAnswer } from '#app/modules/forms/checks.ts'
import { parseForm } from '#app/modules/forms/parse-form.server.ts'
import { PRIVATE_NO_STORE } from '#app/modules/http/cache-control.ts'
import { lookupIpPlace } from '#app/modules/location/geolocation.server.ts'
import { serverEnv } from '#app/platform/env.server.ts'
import { qrDrawing } from '#app/platform/qr-code.server.ts'
import { db } from '#db/client.server.ts'
import { account, session, sessionAssurance } from '#db/schema/auth.ts'
import {
  callerOf,
  markPasswordSignIn,
  roleOf,
  signOut,
  startGoogleSignIn,
} from './accounts.server.ts'
import { destinationAfterSignIn } from './auth-page.server.ts'
import { guesses, limitAuthAttempt, waitAlert } from './limits.server.ts'
import type {
  ConfirmAnswer,
  KeptForm,
  SecondFactorAnswer,
  SecurityAnswer,
  SessionRow,
} from './security-answers.ts'
import { tellOwner } from './security-notices.server.ts'
import {
  awaitingSecondFactor,
  confirmedRecently,
  confirmPath,
  currentUser,
  endSession,
  requireRecentConfirmation,
  requireUser,
  SECURITY_PAGE,
  type SignedInUser,
} from './session.server.ts'
import { dropKeptForm, keptForm } from './step-up-forms.server.ts'
import {
  backupCodesLeft,
  type CodeRefusal,
  codeAccount,
  confirmWithPassword,
  hasPassword,
  newBackupCodes,
  startEnrolment,
  turnOff,
  verifyCode,
} from './two-factor.server.ts'
import {
  confirmCancelSchema,
  confirmCodeSchema,
  confirmGoogleSchema,
  confirmPasswordSchema,
  endOthersSchema,
  endSessionSchema,
  enrolConfirmSchema,
  enrolSchema,
  passwordOnlySchema,
  secondFactorSchema,
} from './two-factor-schema.ts'

// The pages of issue 23: the second factor at sign-in (/auth/two-factor), confirming who you
// are before a sensitive action (/auth/confirm), and the account's security (/account/security:
// two-step verification and the sessions list).

interface LoadContext {
  clientIp?: string
}

const TWO_FACTOR_COOKIE = 'two_factor='

/** The 429 answer of a form over its limit. */
function limited<Intent extends string>(intent: Intent, seconds: number) {
  return data<FormAnswer<Intent>>(
    { intent, alert: waitAlert(seconds) },
    { status: 429, headers: { 'Retry-After': String(seconds) } },
  )
}

/** The answer to a refused code. */
function refusedCode<Intent extends string>(intent: Intent, reason: CodeRefusal) {
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

// ---- /auth/two-factor ----------------------------------------------------------------------

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

// ---- /auth/confirm -------------------------------------------------------------------------

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

// ---- /account/security ---------------------------------------------------------------------

/** The account's open sessions, the latest used first. */
async function sessionsOf(user: SignedInUser): Promise<SessionRow[]> {
  const rows = await db()
    .select({
      id: session.id,
      userAgent: session.userAgent,
      ipAddress: session.ipAddress,
      createdAt: session.createdAt,
      updatedAt: session.updatedAt,
      lastSeenAt: sessionAssurance.lastSeenAt,
      secondFactorAt: sessionAssurance.secondFactorAt,
    })
    .from(session)
    .leftJoin(sessionAssurance, eq(sessionAssurance.sessionId, session.id))
    .where(and(eq(session.userId, user.id), gt(session.expiresAt, sql`now()`)))
    .orderBy(desc(sql`coalesce(${sessionAssurance.lastSeenAt}, ${session.updatedAt})`))
    .limit(50)
  return rows.map((row) => ({
    id: row.id,
    device: deviceOf(row.userAgent),
    place: lookupIpPlace(row.ipAddress),
    signedInAt: row.createdAt.toISOString(),
    lastSeenAt: (row.lastSeenAt ?? row.updatedAt).toISOString(),
    current: row.id === user.sessionId,
    waiting: user.twoFactorEnabled && !row.secondFactorAt,
  }))
}

export async function securityLoader(request: Request) {
  const user = await requireUser(request)
  if (!user.role) throw redirect('/auth')
  const [password, codesLeft, sessions] = await Promise.all([
    hasPassword(user.id),
    user.twoFactorEnabled ? backupCodesLeft(user.id) : 0,
    sessionsOf(user),
  ])
  return data(
    {
      role: user.role,
      // Written into the backup codes' file (issue 33 point 11).
      email: user.email,
      setupRequired: user.role === 'admin' && !user.twoFactorEnabled,
      twoFactorEnabled: user.twoFactorEnabled,
      password,
      codesLeft,
      sessions,
      flash: takeFlash(request).flash,
    },
    { headers: PRIVATE_NO_STORE },
  )
}

const answer = (body: SecurityAnswer, init?: number | ResponseInit) => data(body, init)

/**
 * A set-up's key and codes as the form sent them back, to show again after a wrong first code;
 * nothing for anything that is not an authenticator's address of ours (a form no page sends).
 */
function shownAgain(uri: string, backupCodes: string[]): Pick<SecurityAnswer, 'enrolment'> {
  if (uri.length > 512 || !uri.startsWith('otpauth://totp/')) return {}
  try {
    const secret = new URL(uri).searchParams.get('secret') ?? ''
    if (!/^[A-Z2-7]+=*$/.test(secret)) return {}
    return {
      enrolment: {
        uri,
        backupCodes,
        secret: secret.replace(/(.{4})(?=.)/g, '$1 '),
        qr: qrDrawing(uri),
      },
    }
  } catch {
    return {}
  }
}

const backWith = (flash: Flash, headers?: Headers) => {
  const all = new Headers(headers)
  all.append('Set-Cookie', flashCookie(flash))
  return redirect(SECURITY_PAGE, { headers: all })
}

export async function securityAction(request: Request, context: LoadContext | undefined) {
  const user = await requireUser(request)
  if (!user.role) throw redirect('/auth')
  const parsed = await parseForm(request, {
    enrol: enrolSchema,
    'enrol-confirm': enrolConfirmSchema,
    'backup-codes': passwordOnlySchema,
    'turn-off': passwordOnlySchema,
    'end-session': endSessionSchema,
    'end-others': endOthersSchema,
  })
  const caller = callerOf(request, context)
  switch (parsed.intent) {
    case 'enrol':
    case 'backup-codes':
    case 'turn-off': {
      // A stolen session must not put its own authenticator on the account, nor take it off.
      await requireRecentConfirmation(request, user, { form: parsed.form })
      const { intent, checked } = parsed
      if (!checked.ok) return answer({ intent, error: checked.error }, 400)
      const refused = await limitAuthAttempt('confirm', context, user.id)
      if (refused !== undefined) return limited(intent, refused)
      const password = checked.value.password || undefined
      const wrongPassword = () =>
        answer({ intent, error: { field: 'password', message: 'passwordWrong' } }, 401)
      if (intent === 'enrol') {
        if (user.twoFactorEnabled) return redirect(SECURITY_PAGE)
        const started = await startEnrolment(request, caller, password)
        if (!started.ok) return started.reason === 'on' ? redirect(SECURITY_PAGE) : wrongPassword()
        return answer({ intent, enrolment: started.enrolment, codesAt: new Date().toISOString() })
      }
      if (!user.twoFactorEnabled) return redirect(SECURITY_PAGE)
      if (intent === 'backup-codes') {
        const codes = await newBackupCodes(request, caller, password)
        if (codes === 'wrong-password') return wrongPassword()
        await tellOwner('backupCodesRenewed', user.id, caller)
        return answer({ intent, backupCodes: codes, codesAt: new Date().toISOString() })
      }
      if (user.role === 'admin')
        return answer({ intent, error: { field: 'form', message: 'adminKeepsTwoFactor' } }, 403)
      const off = await turnOff(request, caller, password)
      if (!off.ok) return wrongPassword()
      await tellOwner('twoFactorOff', user.id, caller)
      return backWith('two-factor-off', off.headers)
    }
    case 'enrol-confirm': {
      const { intent, checked, form } = parsed
      // The set-up's key came back with the form, to show it again after a wrong code.
      const uri = String(form.get('uri') ?? '')
      // And the backup codes, so a mistyped first code does not lose them before they are saved.
      const backupCodes = String(form.get('backupCodes') ?? '')
        .split(/\s+/)
        .filter((code) => /^[a-z0-9]{5}-[a-z0-9]{5}$/.test(code))
        .slice(0, 10)
      const again = { ...shownAgain(uri, backupCodes), codesAt: new Date().toISOString() }
      if (!checked.ok) return answer({ intent, error: checked.error, ...again }, 400)
      if (user.twoFactorEnabled) return redirect(SECURITY_PAGE)
      const refused = await guesses.before('second-factor', context, user.id)
      if (refused !== undefined) return limited(intent, refused)
      const result = await verifyCode(request, caller, checked.value.code)
      if (!result.ok) {
        await guesses.failed('second-factor', context, user.id)
        return answer({ intent, error: { field: 'code', message: 'codeWrong' }, ...again }, 401)
      }
      await tellOwner('twoFactorOn', user.id, caller)
      return backWith('two-factor-on', result.headers)
    }
    case 'end-session': {
      const { checked } = parsed
      if (!checked.ok) throw new Response('Bad request', { status: 400 })
      // This device's own session ends by signing out.
      if (checked.value.sessionId === user.sessionId) {
        const headers = await signOut(request, caller)
        headers.append('Set-Cookie', flashCookie('signed-out'))
        return redirect(paths.home(caller.language), { headers })
      }
      // Another account's session (or one already gone) ends nothing, and says nothing.
      if (!(await endSession(user.id, checked.value.sessionId))) return redirect(SECURITY_PAGE)
      return backWith('session-ended')
    }
    case 'end-others': {
      await db()
        .delete(session)
        .where(and(eq(session.userId, user.id), ne(session.id, user.sessionId)))
      return backWith('others-ended')
    }
  }
}
