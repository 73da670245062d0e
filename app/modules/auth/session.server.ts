import { eq } from 'drizzle-orm'
import { redirect } from 'react-router'
import { localPath } from '#app/domain/paths.ts'
import { db } from '#db/client.server.ts'
import { userRoles } from '#db/schema/auth.ts'
import { auth, type Role } from './auth.server.ts'

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
  const result = await auth().api.getSession({ headers: request.headers })
  if (!result) return null
  const [row] = await db()
    .select({ role: userRoles.role })
    .from(userRoles)
    .where(eq(userRoles.userId, result.user.id))
    .limit(1)
  return {
    id: result.user.id,
    email: result.user.email,
    name: result.user.name,
    emailVerified: result.user.emailVerified,
    role: row?.role ?? null,
  }
}

/** Each role's own area (SPEC §2 dashboard destination; no role goes to /dashboard). */
export function areaOf(role: Role | null): string {
  return role === 'client' ? '/client-dashboard' : role === 'admin' ? '/admin' : '/dashboard'
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
 * The signed-in user holding `role`: a signed-out visitor goes to /auth, anyone else to their
 * own area (a client opening /admin lands on /client-dashboard).
 */
export async function requireRole(request: Request, role: Role): Promise<SignedInUser> {
  const user = await requireUser(request)
  if (user.role !== role) throw redirect(areaOf(user.role))
  return user
}
