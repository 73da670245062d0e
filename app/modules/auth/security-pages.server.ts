import { and, desc, eq, gt, ne, sql } from 'drizzle-orm'
import { data, redirect } from 'react-router'
import { deviceOf } from '#app/domain/device.ts'
import type { Flash } from '#app/domain/flash.ts'
import { paths } from '#app/domain/paths.ts'
import { flashCookie, takeFlash } from '#app/modules/flash/flash.server.ts'
import { parseForm } from '#app/modules/forms/parse-form.server.ts'
import { PRIVATE_NO_STORE } from '#app/modules/http/cache-control.ts'
import { lookupIpPlace } from '#app/modules/location/geolocation.server.ts'
import { qrDrawing } from '#app/platform/qr-code.server.ts'
import { db } from '#db/client.server.ts'
import { session, sessionAssurance } from '#db/schema/auth.ts'
import { callerOf, signOut } from './accounts.server.ts'
import { guesses, limitAuthAttempt } from './limits.server.ts'
import type { SecurityAnswer, SessionRow } from './security-answers.ts'
import { tellOwner } from './security-notices.server.ts'
import { type LoadContext, limited } from './security-page-answers.server.ts'
import {
  endSession,
  requireRecentConfirmation,
  requireUser,
  SECURITY_PAGE,
  type SignedInUser,
} from './session.server.ts'
import {
  backupCodesLeft,
  hasPassword,
  newBackupCodes,
  startEnrolment,
  turnOff,
  verifyCode,
} from './two-factor.server.ts'
import {
  endOthersSchema,
  endSessionSchema,
  enrolConfirmSchema,
  enrolSchema,
  passwordOnlySchema,
} from './two-factor-schema.ts'

// The pages of issue 23: the second factor at sign-in (/auth/two-factor), confirming who you
// are before a sensitive action (/auth/confirm), and the account's security (/account/security:
// two-step verification and the sessions list). This file holds the last; the other two have
// files of their own (two-factor-page, confirm-identity-page), re-exported here for the routes.

export { confirmAction, confirmLoader } from './confirm-identity-page.server.ts'
export { secondFactorAction, secondFactorLoader } from './two-factor-page.server.ts'

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
