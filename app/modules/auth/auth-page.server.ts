import { data, redirect } from 'react-router'
import { areaOf, calendarDate } from '#app/domain/account.ts'
import { authReferrer } from '#app/domain/auth-screen.ts'
import { brazilDay } from '#app/domain/brazil-time.ts'
import { localPath, paths } from '#app/domain/paths.ts'
import { ageCookie } from '#app/modules/age-gate/age-gate.server.ts'
import { flashCookie } from '#app/modules/flash/flash.server.ts'
import { orderedForm } from '#app/modules/forms/checks.ts'
import { parseForm, typedStrings } from '#app/modules/forms/parse-form.server.ts'
import { isBannedIdentifier } from '#app/modules/security/ban-list.server.ts'
import { placeSlugs } from '#app/modules/seo/known-slugs.server.ts'
import { serverEnv } from '#app/platform/env.server.ts'
import { log } from '#app/platform/logger.server.ts'
import {
  callerOf,
  chooseRole,
  openAccount,
  requestPasswordReset,
  resendConfirmation,
  resetPassword,
  signIn,
  startGoogleSignIn,
} from './accounts.server.ts'
import { destinationAfterSignIn } from './auth-page-loader.server.ts'
import type { AuthActionData, AuthIntent } from './form-state.ts'
import {
  type AuthAction,
  evenAnswer,
  guesses,
  limitAuthAttempt,
  waitAlert,
} from './limits.server.ts'
import {
  clientSignUpSchema,
  forgotPasswordSchema,
  loginSchema,
  proveCodeSchema,
  provePasswordSchema,
  providerSignUpSchema,
  resendConfirmationSchema,
  resetPasswordSchema,
  roleChoiceSchema,
  secureAccountSchema,
} from './schema.ts'
import { secureAccount } from './secure-account.server.ts'
import { proofAccount, proveOwner } from './secure-proof.server.ts'
import { requireUser } from './session.server.ts'
import { tellOwnerOfFailedSignIns } from './sign-in-alerts.server.ts'
import { signUpBindingCookie } from './sign-up-binding.server.ts'

// The /auth page (SPEC §2 auth page, §4 auth states): what the loader shows and what each form
// of the page does. The route module only wires these in.

interface LoadContext {
  clientIp?: string
}

export {
  type AuthPageData,
  authPageLoader,
  destinationAfterSignIn,
} from './auth-page-loader.server.ts'

const reply = (body: AuthActionData, init?: number | ResponseInit) => data(body, init)

/** What the visitor typed, without passwords, to show the form again. */
function typedValues(form: FormData): Record<string, string> {
  return typedStrings(form, (name) => !/password|intent|token/i.test(name))
}

/** The 429 answer of an action over its limit. */
function limited(intent: AuthIntent, seconds: number, values: Record<string, string>) {
  return reply(
    { intent, alert: waitAlert(seconds), values },
    { status: 429, headers: { 'Retry-After': String(seconds) } },
  )
}

/** Redirect headers: better-auth's cookies, then our own. */
function withCookies(base: Headers | undefined, ...cookies: string[]): Headers {
  const headers = new Headers(base)
  for (const cookie of cookies) headers.append('Set-Cookie', cookie)
  return headers
}

/** The failure message when an action could not finish (nothing was half done). */
const FAILURE_TITLE: Partial<Record<AuthIntent, 'signupError' | 'roleFailed' | 'googleFailed'>> = {
  'provider-sign-up': 'signupError',
  'client-sign-up': 'signupError',
  'choose-role': 'roleFailed',
  google: 'googleFailed',
}

/** Every form of /auth, by its `intent`: the schema it is read with. */
const AUTH_FORMS = {
  login: loginSchema,
  'provider-sign-up': () => providerSignUpSchema(placeSlugs()),
  'client-sign-up': () => clientSignUpSchema(calendarDate(brazilDay())),
  forgot: forgotPasswordSchema,
  resend: resendConfirmationSchema,
  reset: resetPasswordSchema,
  google: orderedForm({}),
  'choose-role': roleChoiceSchema,
  'secure-account': secureAccountSchema,
  'prove-password': provePasswordSchema,
  'prove-code': proveCodeSchema,
} satisfies Record<AuthIntent, unknown>

/** Every form of /auth posts here with its `intent`. */
export async function authAction(request: Request, context: LoadContext | undefined) {
  const parsed = await parseForm(request, AUTH_FORMS)
  const { form, intent: formIntent } = parsed
  const caller = callerOf(request, context)
  const values = typedValues(form)
  const overLimit = async (action: AuthAction, email?: string) => {
    const seconds = await limitAuthAttempt(action, context, email)
    return seconds === undefined ? undefined : limited(formIntent, seconds, values)
  }
  try {
    switch (parsed.intent) {
      case 'login': {
        const { checked } = parsed
        if (!checked.ok) return reply({ intent: formIntent, error: checked.error, values }, 400)
        const { email } = checked.value
        // The password is checked unless this network is refused (issue 30: nobody can lock
        // the owner out by failing as her from elsewhere).
        const wait = await guesses.before('sign-in', context, email)
        if (wait !== undefined) return limited(formIntent, wait, values)
        const result = await signIn(checked.value, caller)
        if (result.kind === 'invalid') {
          if ((await guesses.failed('sign-in', context, email)).burst)
            await tellOwnerOfFailedSignIns(email)
          return reply(
            {
              intent: formIntent,
              alert: { title: 'loginError', text: 'invalidCredentials' },
              values,
            },
            401,
          )
        }
        if (result.kind === 'unconfirmed') {
          return reply({ intent: formIntent, unconfirmedEmail: checked.value.email, values }, 403)
        }
        const headers = withCookies(result.headers, ageCookie())
        // The password was right; the account's second factor comes next (issue 23).
        if (result.kind === 'second-factor') {
          const next = localPath(String(form.get('next') ?? ''))
          return redirect(`/auth/two-factor${next ? `?next=${encodeURIComponent(next)}` : ''}`, {
            headers,
          })
        }
        // A Google account that has not chosen its type yet chooses it on /auth.
        if (!result.role) return redirect('/auth', { headers })
        return redirect(
          destinationAfterSignIn(
            result.role,
            String(form.get('next') ?? ''),
            authReferrer(String(form.get('from') ?? ''), new URL(request.url).origin),
          ),
          { headers },
        )
      }
      case 'provider-sign-up':
      case 'client-sign-up': {
        const { checked } = parsed
        if (!checked.ok) return reply({ intent: formIntent, error: checked.error, values }, 400)
        const refused = await overLimit('sign-up', checked.value.email)
        if (refused) return refused
        const input = checked.value
        const { accountId } = await evenAnswer(() =>
          'workingName' in input
            ? openAccount(
                { email: input.email, password: input.password, name: input.workingName },
                { role: 'provider', workingName: input.workingName },
                caller,
              )
            : openAccount(
                { email: input.email, password: input.password, name: input.displayName },
                { role: 'client', about: input.about, dateOfBirth: input.dateOfBirth },
                caller,
              ),
        )
        const type = formIntent === 'provider-sign-up' ? 'provider' : 'client'
        // This browser is the one that signed up: its confirmation link needs no password here
        // (issue 30). Every sign-up's answer carries such a cookie, an account opened or not.
        return redirect(paths.auth({ mode: 'login', type }), {
          headers: withCookies(
            undefined,
            flashCookie('account-created'),
            ageCookie(),
            signUpBindingCookie(accountId),
          ),
        })
      }
      case 'forgot':
      case 'resend': {
        const { checked } = parsed
        if (!checked.ok) return reply({ intent: formIntent, error: checked.error, values }, 400)
        const refused = await overLimit(
          formIntent === 'forgot' ? 'reset' : 'resend',
          checked.value.email,
        )
        if (refused) return refused
        const { email } = checked.value
        await evenAnswer(() =>
          formIntent === 'forgot'
            ? requestPasswordReset(email, caller)
            : resendConfirmation(email, caller),
        )
        return reply({ intent: formIntent, sent: true, values })
      }
      case 'reset': {
        const { checked } = parsed
        if (!checked.ok) return reply({ intent: formIntent, error: checked.error }, 400)
        const refused = await overLimit('reset')
        if (refused) return refused
        // Reset tokens are URL-safe base64; anything else (a NUL byte the database refuses) is
        // no token of ours, not a failure.
        const wellFormed = /^[\w-]{1,200}$/.test(checked.value.token)
        if (!wellFormed || (await resetPassword(checked.value, caller)) === 'invalid-token') {
          return reply({ intent: formIntent, invalidToken: true }, 400)
        }
        return redirect(paths.auth({ mode: 'login' }), {
          headers: withCookies(undefined, flashCookie('password-changed')),
        })
      }
      case 'secure-account': {
        const { checked } = parsed
        if (!checked.ok) return reply({ intent: formIntent, invalidToken: true }, 400)
        const refused = await overLimit('reset')
        if (refused) return refused
        const secured = await secureAccount(checked.value.token)
        if (!secured.ok) return reply({ intent: formIntent, invalidToken: true }, 400)
        // Every session ended (this browser's cookie is cleared on its next page). A new
        // password only after the account's own proof (issue 30): the proof screen.
        return redirect(`/auth?mode=secure&proof=${encodeURIComponent(secured.proof)}`)
      }
      case 'prove-password':
      case 'prove-code': {
        const { checked } = parsed
        if (!checked.ok) return reply({ intent: formIntent, error: checked.error }, 400)
        const owner = await proofAccount(checked.value.proof)
        if (!owner) return reply({ intent: formIntent, invalidToken: true }, 400)
        // A guess at the account's password or code like any other (limits.server.ts).
        const guess = 'password' in checked.value ? 'sign-in' : 'second-factor'
        const guessed = guess === 'sign-in' ? owner.email : owner.userId
        const wait = await guesses.before(guess, context, guessed)
        if (wait !== undefined) return limited(formIntent, wait, {})
        const proved = await proveOwner(checked.value.proof, checked.value, caller)
        if (proved.ok)
          return redirect(`/auth?mode=reset&token=${encodeURIComponent(proved.resetToken)}`)
        if (proved.reason === 'expired')
          return reply({ intent: formIntent, invalidToken: true }, 400)
        await guesses.failed(guess, context, guessed)
        const field = guess === 'sign-in' ? 'password' : 'code'
        return reply(
          {
            intent: formIntent,
            error: { field, message: guess === 'sign-in' ? 'passwordWrong' : 'codeWrong' },
          },
          401,
        )
      }
      case 'google': {
        if (!serverEnv().google) throw new Response('Not found', { status: 404 })
        const { url, headers } = await startGoogleSignIn(caller)
        return redirect(url, { headers })
      }
      case 'choose-role': {
        const user = await requireUser(request)
        if (user.role) return redirect(areaOf(user.role))
        const { checked } = parsed
        if (!checked.ok) return reply({ intent: formIntent, error: checked.error }, 400)
        // A banned provider's address does not advertise again (issue 8 item 3).
        if (checked.value.role === 'provider' && (await isBannedIdentifier('email', user.email)))
          return reply(
            {
              intent: formIntent,
              alert: { title: 'providerBlocked', text: 'providerBlockedText' },
            },
            403,
          )
        const chosen = await chooseRole(user, checked.value.role, caller.language)
        return redirect(areaOf(chosen.role), {
          headers: chosen.assigned
            ? withCookies(undefined, flashCookie('setup-complete'), ageCookie())
            : undefined,
        })
      }
    }
  } catch (error) {
    if (error instanceof Response) throw error
    log.error('account action failed', { intent: formIntent, error: String(error) })
    return reply(
      {
        intent: formIntent,
        alert: { title: FAILURE_TITLE[formIntent] ?? 'unexpectedError', text: 'tryAgainLater' },
        values,
      },
      503,
    )
  }
}
