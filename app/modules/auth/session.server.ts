import { and, eq, isNull, lt, or, sql } from 'drizzle-orm'
import { redirect } from 'react-router'
import { areaOf, type Role, STEP_UP_MINUTES } from '#app/domain/account.ts'
import { localPath } from '#app/domain/paths.ts'
import { KEPT_FORM_PARAM, RESUMED_FORM_FIELD } from '#app/domain/step-up.ts'
import { log } from '#app/platform/logger.server.ts'
import { db } from '#db/client.server.ts'
import { session, sessionAssurance, userRoles, user as userTable } from '#db/schema/auth.ts'
import { auth } from './auth.server.ts'
import { claimKeptForm, keepForm } from './step-up-forms.server.ts'

export interface SignedInUser {
  id: string
  email: string
  name: string
  emailVerified: boolean
  /** From user_roles; null for an account that has none yet (after a first Google sign-in). */
  role: Role | null
  /** The session this request came with (issue 23: its own page lists it as 'this one'). */
  sessionId: string
  /** Whether the account signs in with a second factor (issue 23). */
  twoFactorEnabled: boolean
  /** When this session last proved who it is: its sign-in, second factor or a step-up. */
  confirmedAt: Date
}

interface SessionLookup {
  user: SignedInUser | null
  /**
   * A session of an account with a second factor that has not passed it (a Google sign-in, or a
   * session older than the factor): it opens nothing until it does (issue 23). The account's id.
   */
  awaitingSecondFactor?: string
  /** Set-Cookie values of a session better-auth extended (sliding 14 days). */
  cookies: string[]
}

// One lookup per request, shared by the root loader and the route's guard.
const lookups = new WeakMap<Request, Promise<SessionLookup>>()

/** How often a session's 'last seen' is written (its list shows it to the minute or so). */
const LAST_SEEN_EVERY_MS = 5 * 60 * 1000

const latest = (...dates: (Date | null | undefined)[]) =>
  new Date(Math.max(...dates.map((date) => date?.getTime() ?? 0)))

async function lookUpSession(request: Request): Promise<SessionLookup> {
  const none = { user: null }
  // No cookie, no session: anonymous pages never touch the database for this.
  if (!request.headers.get('cookie')?.includes('session_token=')) return { ...none, cookies: [] }
  const { headers, response } = await auth().api.getSession({
    headers: request.headers,
    returnHeaders: true,
  })
  const cookies = headers.getSetCookie()
  if (!response) return { ...none, cookies }
  const sessionId = response.session.id
  // The role and what we know of the session beyond better-auth's row, in one query.
  const [row] = await db()
    .select({
      role: userRoles.role,
      secondFactorAt: sessionAssurance.secondFactorAt,
      confirmedAt: sessionAssurance.confirmedAt,
      lastSeenAt: sessionAssurance.lastSeenAt,
    })
    .from(userTable)
    .leftJoin(userRoles, eq(userRoles.userId, userTable.id))
    .leftJoin(sessionAssurance, eq(sessionAssurance.sessionId, sessionId))
    .where(eq(userTable.id, response.user.id))
  if (!row) return { ...none, cookies }
  if (!row.lastSeenAt || Date.now() - row.lastSeenAt.getTime() > LAST_SEEN_EVERY_MS) {
    await markSeen(sessionId)
  }
  const twoFactorEnabled = Boolean(response.user.twoFactorEnabled)
  if (twoFactorEnabled && !row.secondFactorAt) {
    return { user: null, awaitingSecondFactor: response.user.id, cookies }
  }
  return {
    user: {
      id: response.user.id,
      email: response.user.email,
      name: response.user.name,
      emailVerified: response.user.emailVerified,
      role: row.role ?? null,
      sessionId,
      twoFactorEnabled,
      confirmedAt: latest(
        new Date(response.session.createdAt),
        row.confirmedAt,
        row.secondFactorAt,
      ),
    },
    cookies,
  }
}

/** Records that a session was used now (at most once every few minutes per session). */
async function markSeen(sessionId: string): Promise<void> {
  await db()
    .insert(sessionAssurance)
    .values({ sessionId, lastSeenAt: new Date() })
    .onConflictDoUpdate({
      target: sessionAssurance.sessionId,
      set: { lastSeenAt: sql`now()` },
      setWhere: or(
        isNull(sessionAssurance.lastSeenAt),
        lt(sessionAssurance.lastSeenAt, sql`now() - interval '1 minute'`),
      ),
    })
    // The session may have ended meanwhile (its row gone): nothing to record.
    .catch((error: unknown) => log.warn('session not marked seen', { error: String(error) }))
}

/**
 * Records that a session has just proved who it is: with its second factor (`secondFactor`),
 * else with the password or a code typed again (a step-up).
 */
export async function markSessionConfirmed(
  sessionId: string,
  how: { secondFactor: boolean },
): Promise<void> {
  const now = new Date()
  const set = how.secondFactor ? { secondFactorAt: now, confirmedAt: now } : { confirmedAt: now }
  await db()
    .insert(sessionAssurance)
    .values({ sessionId, ...set, lastSeenAt: now })
    .onConflictDoUpdate({ target: sessionAssurance.sessionId, set })
}

function sessionOf(request: Request): Promise<SessionLookup> {
  let lookup = lookups.get(request)
  if (!lookup) {
    lookup = lookUpSession(request)
    lookups.set(request, lookup)
  }
  return lookup
}

/** The signed-in user of a request with their role, or null (also while a second factor waits). */
export async function currentUser(request: Request): Promise<SignedInUser | null> {
  return (await sessionOf(request)).user
}

/** The account whose session (this request's) waits for its second factor, if it does. */
export async function awaitingSecondFactor(request: Request): Promise<string | undefined> {
  return (await sessionOf(request)).awaitingSecondFactor
}

/**
 * Set-Cookie values to send with this request's answer: a session better-auth extended (its
 * cookie gets the new expiry) or one it ended. The root loader sends them with every page.
 */
export async function sessionCookies(request: Request): Promise<string[]> {
  return (await sessionOf(request)).cookies
}

/** The page a request was for, to come back to after signing in or confirming (a local path). */
function returnPath(request: Request): string | undefined {
  const url = new URL(request.url)
  url.searchParams.delete('index')
  url.searchParams.delete('_data')
  return localPath(`${url.pathname}${url.search}`)
}

const withNext = (base: string, next: string | undefined) =>
  `${base}${next ? `${base.includes('?') ? '&' : '?'}next=${encodeURIComponent(next)}` : ''}`

/** Where a signed-out visitor goes, remembering the page they wanted. */
export function signInPath(request: Request): string {
  return withNext('/auth?mode=login', returnPath(request))
}

/** The second-factor page, coming back to the request's page after it. */
export const secondFactorPath = (request: Request) =>
  withNext('/auth/two-factor', returnPath(request))

/** The signed-in user, or a redirect to /auth. For every protected loader and action. */
export async function requireUser(request: Request): Promise<SignedInUser> {
  const lookup = await sessionOf(request)
  if (lookup.awaitingSecondFactor) throw redirect(secondFactorPath(request))
  if (!lookup.user) throw redirect(signInPath(request))
  return lookup.user
}

/** Where an admin without a second factor is sent before anything else (issue 23). */
export const SECURITY_PAGE = '/account/security'

/**
 * The signed-in user holding `role`: a signed-out visitor goes to /auth, an account without a
 * role to /auth to choose one, anyone else to their own area (a client opening /admin lands on
 * /client-dashboard). An admin without a second factor sets one up first (issue 23).
 */
export async function requireRole(request: Request, role: Role): Promise<SignedInUser> {
  const user = await requireUser(request)
  if (user.role === null) throw redirect('/auth')
  if (user.role !== role) throw redirect(areaOf(user.role))
  if (role === 'admin' && !user.twoFactorEnabled) throw redirect(`${SECURITY_PAGE}?setup=1`)
  return user
}

/** Whether the session proved who it is within the last STEP_UP_MINUTES. */
export function confirmedRecently(user: SignedInUser, now = Date.now()): boolean {
  return now - user.confirmedAt.getTime() < STEP_UP_MINUTES * 60 * 1000
}

/** The confirm page, coming back to `next` (and resuming the kept form `form`) after it. */
export function confirmPath(next: string | undefined, form?: string): string {
  const base = withNext('/auth/confirm', next)
  if (!form) return base
  return `${base}${base.includes('?') ? '&' : '?'}${KEPT_FORM_PARAM}=${encodeURIComponent(form)}`
}

/**
 * Step-up (issue 23 point 2): before a sensitive action, a session whose last proof is older
 * than STEP_UP_MINUTES is sent to confirm it is its owner, then back to the page it was on.
 * `back` is that page when it is not the request's own (a document shown inside a page).
 *
 * A form sent meanwhile (`form`: every action passes the one it read) is kept, bound to the
 * session, and sent again by the confirm page after the proof, so nothing is typed twice (issue
 * 30 point 7; ADR 0027). The form sent again carries the kept form's reference, which is used
 * here once: a second sending of it (a double click, the back button) does nothing and lands
 * on the page.
 */
export async function requireRecentConfirmation(
  request: Request,
  user: SignedInUser,
  options: { back?: string; form?: FormData } = {},
): Promise<void> {
  const { form } = options
  const resumed = form?.get(RESUMED_FORM_FIELD)
  if (confirmedRecently(user)) {
    if (typeof resumed === 'string' && !(await claimKeptForm(resumed, user.sessionId))) {
      throw redirect(returnPath(request) ?? '/')
    }
    return
  }
  const page = localPath(options.back) ?? returnPath(request)
  // A form is sent again to the address it was sent to: the action that asked.
  const action = returnPath(request)
  const kept =
    form && action && request.method === 'POST'
      ? await keepForm(user.sessionId, action, form)
      : undefined
  throw redirect(confirmPath(page, kept))
}

/** Ends one session of an account (its list's 'end this one'); false when it is not theirs. */
export async function endSession(userId: string, sessionId: string): Promise<boolean> {
  const ended = await db()
    .delete(session)
    .where(and(eq(session.id, sessionId), eq(session.userId, userId)))
    .returning({ id: session.id })
  return ended.length > 0
}
