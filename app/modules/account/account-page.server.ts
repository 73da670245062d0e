import { data, redirect } from 'react-router'
import type { Role } from '#app/domain/account.ts'
import { paths } from '#app/domain/paths.ts'
import { callerOf, signOut } from '#app/modules/auth/accounts.server.ts'
import { evenAnswer } from '#app/modules/auth/limits.server.ts'
import { requireRole } from '#app/modules/auth/session.server.ts'
import { flashCookie } from '#app/modules/flash/flash.server.ts'
import { check, type FormAnswer } from '#app/modules/forms/checks.ts'
import { changeOwnPassword, deleteAccount, requestEmailChange } from './account.server.ts'
import { deletionSchema, emailChangeSchema, passwordChangeSchema } from './schema.ts'

// The account section of each role's area (issue 7 item 8; issue 9 gives clients the same).

export interface AccountAnswer extends FormAnswer<'email' | 'password' | 'delete'> {
  done?: boolean
}

export async function accountPageLoader(request: Request, role: Role) {
  const user = await requireRole(request, role)
  return data({ email: user.email }, { headers: { 'Cache-Control': 'private, no-store' } })
}

export async function accountPageAction(
  request: Request,
  context: { clientIp?: string } | undefined,
  role: Role,
) {
  const user = await requireRole(request, role)
  const form = await request.formData().catch(() => new FormData())
  const caller = callerOf(request, context)
  const intent = form.get('intent')
  if (intent === 'email') {
    const checked = check(emailChangeSchema, form)
    if (!checked.ok) return data<AccountAnswer>({ intent, error: checked.error }, 400)
    await evenAnswer(() => requestEmailChange(request, caller, checked.value.email))
    return data<AccountAnswer>({ intent, done: true })
  }
  if (intent === 'password') {
    const checked = check(passwordChangeSchema, form)
    if (!checked.ok) return data<AccountAnswer>({ intent, error: checked.error }, 400)
    const changed = await changeOwnPassword(request, caller, checked.value)
    if (!changed.ok) return data<AccountAnswer>({ intent, error: changed.error }, 400)
    return data<AccountAnswer>({ intent, done: true }, { headers: changed.headers })
  }
  if (intent === 'delete') {
    const checked = check(deletionSchema(user.email), form)
    if (!checked.ok) return data<AccountAnswer>({ intent, error: checked.error }, 400)
    if (!(await deleteAccount(user.id))) {
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
