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

/** The signed-in user of a request with their role, or null. */
export async function currentUser(request: Request): Promise<SignedInUser | null> {
  // No cookie, no session: anonymous pages never touch the database for this.
  if (!request.headers.get('cookie')?.includes('session_token=')) return null
  const result = await auth().api.getSession({ headers: request.headers })
  if (!result) return null
  return {
    id: result.user.id,
    email: result.user.email,
    name: result.user.name,
    emailVerified: result.user.emailVerified,
    role: await roleOf(result.user.id),
  }
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

export { areaOf }
