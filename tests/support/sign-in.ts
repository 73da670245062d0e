import { action as authAction } from '#app/routes/auth/auth.tsx'
import { action as secondFactorAction } from '#app/routes/auth/two-factor.tsx'
import { TEST_PASSWORD } from '#tests/factories/account.ts'
import { callRoute } from './route-call.ts'

// Signing in by request, through the real handlers a browser's forms reach: the password step
// (/auth's action) and, for an account with two-step verification, the code form
// (/auth/two-factor's action) with a code from the app or a backup code.

/** Where the request comes from: its address (the limits count by it) and more headers. */
export interface From {
  clientIp: string
  headers?: Record<string, string>
}

/** The Cookie header a browser sends back from Set-Cookie values. */
export const cookieOf = (setCookies: string[] | undefined) =>
  (setCookies ?? []).map((line) => line.split(';')[0]).join('; ')

/** /auth's sign-in form (remember me on): the answer, and the cookie it set. */
export async function passwordStep(email: string, from: From, password = TEST_PASSWORD) {
  const answer = await callRoute(authAction, '/auth?mode=login', {
    body: { intent: 'login', email, password, rememberMe: 'on' },
    headers: from.headers,
    context: { clientIp: from.clientIp },
  })
  return { ...answer, cookie: cookieOf(answer.headers?.getSetCookie()) }
}

/** /auth/two-factor's code form, sent with the challenge's `cookie`. */
export function secondFactorStep(cookie: string, code: string, from: From, next = '') {
  return callRoute(secondFactorAction, '/auth/two-factor', {
    body: { intent: 'second-factor', code, next },
    cookie,
    headers: from.headers,
    context: { clientIp: from.clientIp },
  })
}
