import { redirect } from 'react-router'
import { areaOf, type Role } from '#app/domain/account.ts'
import { localPath } from '#app/domain/paths.ts'
import { roleOf } from './accounts.server.ts'
import { auth } from './auth.server.ts'

export interface SignedInUser {
  id: string
  email: string
  name: string
  emailVerified: boolean
  /** From user_roles; null for an account that has none yet (after a first Google sign-in). */
  role: Role | null
}

interface SessionLookup {
  user: SignedInUser | null
  /** Set-Cookie values of a session better-auth extended (sliding 14 days). */
  cookies: string[]
}

// One lookup per request, shared by the root loader and the route's guard.
const lookups = new WeakMap<Request, Promise<SessionLookup>>()

async function lookUpSession(request: Request): Promise<SessionLookup> {
  // No cookie, no session: anonymous pages never touch the database for this.
  if (!request.headers.get('cookie')?.includes('session_token=')) return { user: null, cookies: [] }
  const { headers, response } = await auth().api.getSession({
    headers: request.headers,
    returnHeaders: true,
  })
  const cookies = headers.getSetCookie()
  if (!response) return { user: null, cookies }
  return {
    user: {
      id: response.user.id,
      email: response.user.email,
      name: response.user.name,
      emailVerified: response.user.emailVerified,
      role: await roleOf(response.user.id),
    },
    cookies,
  }
}

function sessionOf(request: Request): Promise<SessionLookup> {
  let lookup = lookups.get(request)
  if (!lookup) {
    lookup = lookUpSession(request)
    lookups.set(request, lookup)
  }
  return lookup
}

/** The signed-in user of a request with their role, or null. */
export async function currentUser(request: Request): Promise<SignedInUser | null> {
  return (await sessionOf(request)).user
}

/**
 * Set-Cookie values to send with this request's answer: a session better-auth extended (its
 * cookie gets the new expiry) or one it ended. The root loader sends them with every page.
 */
export async function sessionCookies(request: Request): Promise<string[]> {
  return (await sessionOf(request)).cookies
}

/** Where a signed-out visitor goes, remembering the page they wanted. */
export function signInPath(request: Request): string {
  const url = new URL(request.url)
  const next = localPath(`${url.pathname}${url.search}`)
  return `/auth?mode=login${next ? `&next=${encodeURIComponent(next)}` : ''}`
}

/** The signed-in user, or a redirect to /auth. For every protected loader and action. */
export async function requireUser(request: Request): Promise<SignedInUser> {
  const user = await currentUser(request)
  if (!user) throw redirect(signInPath(request))
  return user
}

/**
 * The signed-in user holding `role`: a signed-out visitor goes to /auth, an account without a
 * role to /auth to choose one, anyone else to their own area (a client opening /admin lands on
 * /client-dashboard).
 */
export async function requireRole(request: Request, role: Role): Promise<SignedInUser> {
  const user = await requireUser(request)
  if (user.role === null) throw redirect('/auth')
  if (user.role !== role) throw redirect(areaOf(user.role))
  return user
}
