import { createHmac, timingSafeEqual } from 'node:crypto'
import { and, eq, gt } from 'drizzle-orm'
import { areaOf, ROLES, type Role } from '#app/domain/account.ts'
import { serverEnv } from '#app/platform/env.server.ts'
import { type Database, db } from '#db/client.server.ts'
import { session, userRoles } from '#db/schema/auth.ts'

// Who a public page is for (issue 17 item 5; ADR 0015). Public pages hold nothing personal: a
// signed-in visitor's page differs from a signed-out one's only by the header's account buttons,
// which depend on the role, never the person. So the HTML cache keeps one copy per audience
// (the role, or 'visitor') and the root loader renders the header from the same answer: the
// two can never disagree about which header a kept copy has.
//
// The answer for a session is remembered for a minute: a session ended elsewhere (another
// device, a password reset) may show the account buttons that long, and they lead to a log-in.

/** Signed out (or a session that is not valid), a role, or an account yet to choose one. */
export type Audience = 'visitor' | Role | 'no-role'

const AUDIENCES: readonly string[] = ['visitor', ...ROLES, 'no-role']

/** Narrows a string to an audience, or undefined. */
export function asAudience(value: string | undefined): Audience | undefined {
  return value !== undefined && AUDIENCES.includes(value) ? (value as Audience) : undefined
}

/** better-auth's session cookie, with our prefix (auth.server.ts), over http and https. */
export const SESSION_COOKIES: readonly string[] = [
  'aprova.session_token',
  '__Secure-aprova.session_token',
]
/** Other cookies better-auth sets with a session; no public page reads them. */
export const SESSION_SIDE_COOKIES = [
  'aprova.dont_remember',
  '__Secure-aprova.dont_remember',
  'aprova.session_data',
  '__Secure-aprova.session_data',
]

const REMEMBERED_MS = 60_000
const MAX_REMEMBERED = 20_000
const remembered = new Map<string, { audience: Audience; until: number; database: Database }>()

/**
 * The session token of a signed session cookie value (`token.signature`, URL-encoded, as
 * better-auth signs it with the site secret), or undefined when it is not ours.
 */
export function verifiedSessionToken(value: string, secret: string): string | undefined {
  let decoded: string
  try {
    decoded = decodeURIComponent(value)
  } catch {
    return undefined
  }
  // Only the one form better-auth writes (its signature: standard base64 of 32 bytes, URL-encoded
  // as a whole), so one session cannot be sent as any number of different cookie values.
  if (encodeURIComponent(decoded) !== value) return undefined
  const dot = decoded.lastIndexOf('.')
  if (dot < 1) return undefined
  const token = decoded.slice(0, dot)
  const signature = decoded.slice(dot + 1)
  if (!/^[A-Za-z0-9+/]{43}=$/.test(signature)) return undefined
  const expected = createHmac('sha256', secret).update(token).digest()
  if (!timingSafeEqual(Buffer.from(signature, 'base64'), expected)) return undefined
  return token
}

/** The session cookie's value in a Cookie header (the first one, as the app reads it). */
export function sessionCookieValue(cookieHeader: string | null | undefined): string | undefined {
  for (const part of cookieHeader?.split(';') ?? []) {
    const equals = part.indexOf('=')
    if (equals === -1) continue
    if (SESSION_COOKIES.includes(part.slice(0, equals).trim())) return part.slice(equals + 1).trim()
  }
  return undefined
}

/** Who a request with this Cookie header is, for the pages everyone of that audience shares. */
export function audienceOf(cookieHeader: string | null | undefined): Promise<Audience> {
  return audienceOfSession(sessionCookieValue(cookieHeader))
}

/**
 * Who a session cookie value stands for. The answer is remembered by the value itself, so a
 * repeat costs a map lookup: the signature is checked (and the session read) once a minute.
 */
export async function audienceOfSession(value: string | undefined): Promise<Audience> {
  if (!value) return 'visitor'
  const now = Date.now()
  const database = db()
  const known = remembered.get(value)
  if (known && known.until > now && known.database === database) return known.audience
  // A value that is not ours is not remembered: forged ones cannot push real sessions out.
  const token = verifiedSessionToken(value, serverEnv().authSecret)
  if (!token) return 'visitor'
  const [row] = await database
    .select({ role: userRoles.role })
    .from(session)
    .leftJoin(userRoles, eq(userRoles.userId, session.userId))
    .where(and(eq(session.token, token), gt(session.expiresAt, new Date(now))))
  const audience: Audience = row ? (row.role ?? 'no-role') : 'visitor'
  // An account choosing its role (after a first Google sign-in) has one a moment later.
  if (audience === 'no-role') return audience
  if (remembered.size >= MAX_REMEMBERED) {
    for (const [key, entry] of remembered) if (entry.until <= now) remembered.delete(key)
    // Still full: a flood of valid sessions. Start over rather than grow.
    if (remembered.size >= MAX_REMEMBERED) remembered.clear()
  }
  remembered.set(value, { audience, until: now + REMEMBERED_MS, database })
  return audience
}

/** The header's account button for an audience: its area, or none when signed out. */
export function accountOf(audience: Audience): { area: string; role: Role | null } | null {
  if (audience === 'visitor') return null
  const role = audience === 'no-role' ? null : audience
  return { area: areaOf(role), role }
}
