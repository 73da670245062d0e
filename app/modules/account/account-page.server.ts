import { data, redirect } from 'react-router'
import type { Role } from '#app/domain/account.ts'
import { paths } from '#app/domain/paths.ts'
import { callerOf, signOut } from '#app/modules/auth/accounts.server.ts'
import { evenAnswer, limitAuthAttempt } from '#app/modules/auth/limits.server.ts'
import { sendEmailChangeNotice } from '#app/modules/auth/secure-account.server.ts'
import { requireRecentConfirmation, requireRole } from '#app/modules/auth/session.server.ts'
import { flashCookie } from '#app/modules/flash/flash.server.ts'
import { checkIntent, readForm } from '#app/modules/forms/parse-form.server.ts'
import { PRIVATE_NO_STORE } from '#app/modules/http/cache-control.ts'
import { providerHoldsMoney } from '#app/modules/payments/provider-gifts.server.ts'
import { isBannedIdentifier } from '#app/modules/security/ban-list.server.ts'
import {
  adminCount,
  changeOwnPassword,
  deleteAccount,
  HoldsGiftMoney,
  requestEmailChange,
} from './account.server.ts'
import type { AccountAnswer } from './answer.ts'
import { deletionSchema, emailChangeSchema, passwordChangeSchema } from './schema.ts'

// The account section of each role's area (issue 7 item 8; issue 9 gives clients the same).

export async function accountPageLoader(request: Request, role: Role) {
  const user = await requireRole(request, role)
  return data({ email: user.email }, { headers: PRIVATE_NO_STORE })
}

export async function accountPageAction(
  request: Request,
  context: { clientIp?: string } | undefined,
  role: Role,
  /** The request's form when the page's own action has read it already (to find its intents). */
  form?: FormData,
) {
  const user = await requireRole(request, role)
  const sent = form ?? (await readForm(request))
  // Each of these forms changes who holds the account (issue 23 point 2: a recent proof first;
  // issue 30 point 7: the form is kept meanwhile and sent again after it).
  await requireRecentConfirmation(request, user, { form: sent })
  const forms = {
    email: emailChangeSchema,
    password: passwordChangeSchema,
    delete: () => deletionSchema(user.email),
  }
  const parsed = checkIntent(sent, forms)
  if (!parsed) throw new Response('Bad request', { status: 400 })
  const caller = callerOf(request, context)
  // The same limits as the sign-in forms, on the signed-in account: a stolen session cannot
  // guess the current password, nor send confirmation e-mails without end.
  const limited = async (
    action: 'change-email' | 'change-password',
    answerIntent: 'email' | 'password',
  ) => {
    const seconds = await limitAuthAttempt(action, context, user.email)
    if (seconds === undefined) return undefined
    return data<AccountAnswer>(
      {
        intent: answerIntent,
        alert: { title: 'tooManyAttempts', text: 'tryAgainIn', minutes: Math.ceil(seconds / 60) },
      },
      { status: 429, headers: { 'Retry-After': String(seconds) } },
    )
  }
  if (parsed.intent === 'email') {
    const { intent, checked } = parsed
    if (!checked.ok) return data<AccountAnswer>({ intent, error: checked.error }, 400)
    const refused = await limited('change-email', intent)
    if (refused) return refused
    // A provider cannot move her account to a banned provider's address (issue 8 item 3); the
    // answer is the usual one, so nobody learns which addresses are banned.
    await evenAnswer(async () => {
      if (role === 'provider' && (await isBannedIdentifier('email', checked.value.email))) return
      // The old address is told, with a way to secure the account (issue 19 point 15).
      if (await requestEmailChange(request, caller, checked.value.email)) {
        await sendEmailChangeNotice(user.id, checked.value.email)
      }
    })
    return data<AccountAnswer>({ intent, done: true })
  }
  if (parsed.intent === 'password') {
    const { intent, checked } = parsed
    if (!checked.ok) return data<AccountAnswer>({ intent, error: checked.error }, 400)
    const refused = await limited('change-password', intent)
    if (refused) return refused
    const changed = await changeOwnPassword(request, caller, checked.value)
    if (!changed.ok) return data<AccountAnswer>({ intent, error: changed.error }, 400)
    return data<AccountAnswer>({ intent, done: true }, { headers: changed.headers })
  }
  if (parsed.intent === 'delete') {
    const { intent, checked } = parsed
    if (!checked.ok) return data<AccountAnswer>({ intent, error: checked.error }, 400)
    // The team always keeps one admin (issue 8 item 7).
    if (role === 'admin' && (await adminCount()) <= 1) {
      return data<AccountAnswer>(
        { intent, error: { field: 'form', message: 'lastAdminDelete' } },
        409,
      )
    }
    // Gifts (issue 22): money in any of her accounts is hers to withdraw first.
    if (role === 'provider' && (await providerHoldsMoney(user.id))) {
      return data<AccountAnswer>(
        { intent, error: { field: 'form', message: 'deletionHasBalance' } },
        409,
      )
    }
    // The database refuses to remove the last admin even when two go at once (migration 0009).
    const deleted = await deleteAccount(user.id).catch((error: unknown) => {
      if (error instanceof HoldsGiftMoney) return 'holds-money' as const
      const cause = (error as { cause?: unknown }).cause
      if (role === 'admin' && `${error} ${cause}`.includes('last admin cannot be removed'))
        return 'last-admin' as const
      throw error
    })
    if (deleted === 'holds-money') {
      return data<AccountAnswer>(
        { intent, error: { field: 'form', message: 'deletionHasBalance' } },
        409,
      )
    }
    if (deleted === 'last-admin') {
      return data<AccountAnswer>(
        { intent, error: { field: 'form', message: 'lastAdminDelete' } },
        409,
      )
    }
    if (!deleted) {
      return data<AccountAnswer>(
        { intent, error: { field: 'form', message: 'storageUnavailable' } },
        503,
      )
    }
    const headers = await signOut(request, caller)
    headers.append('Set-Cookie', flashCookie('account-deleted'))
    return redirect(paths.home(caller.language), { headers })
  }
  throw new Response('Bad request', { status: 400 })
}
