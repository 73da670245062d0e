import { and, eq, gt } from 'drizzle-orm'
import { serverEnv } from '#app/platform/env.server.ts'
import { type Database, db } from '#db/client.server.ts'
import { session, sessionAssurance, userRoles, user as userTable } from '#db/schema/auth.ts'
import { sessionCookieValue, verifiedSessionToken } from './audience.server.ts'

// Who asks for a photo that is not public (issue 30 point 3; ADR 0024): its owner and the team
// may see it. /media is asked for every picture of a page, before React Router: the session is
// read from the cookie here, as cheaply as the audience of a public page (audience.server.ts),
// with the same rules as the areas' guards (session.server.ts): a session waiting for its
// second factor is nobody yet, and an admin counts only with two-step verification, as every
// admin page requires. The answer for a cookie is remembered for a minute, as the audience is:
// a session ended elsewhere, or an admin removed from the team, may still see that long.

export interface MediaViewer {
  userId: string
  /** An admin with two-step verification, whose session has passed it. */
  admin: boolean
}

const REMEMBERED_MS = 60_000
const MAX_REMEMBERED = 20_000
const remembered = new Map<
  string,
  { viewer: MediaViewer | undefined; until: number; database: Database }
>()

/** The signed-in account a request's Cookie header stands for, if any (for /media). */
export async function mediaViewerOf(
  cookieHeader: string | null | undefined,
): Promise<MediaViewer | undefined> {
  const value = sessionCookieValue(cookieHeader)
  if (!value) return undefined
  const now = Date.now()
  const database = db()
  const known = remembered.get(value)
  if (known && known.until > now && known.database === database) return known.viewer
  // A value that is not ours is not remembered: forged ones cannot push real sessions out.
  const token = verifiedSessionToken(value, serverEnv().authSecret)
  if (!token) return undefined
  const [row] = await database
    .select({
      userId: session.userId,
      role: userRoles.role,
      twoFactorEnabled: userTable.twoFactorEnabled,
      secondFactorAt: sessionAssurance.secondFactorAt,
    })
    .from(session)
    .innerJoin(userTable, eq(userTable.id, session.userId))
    .leftJoin(userRoles, eq(userRoles.userId, session.userId))
    .leftJoin(sessionAssurance, eq(sessionAssurance.sessionId, session.id))
    .where(and(eq(session.token, token), gt(session.expiresAt, new Date(now))))
  const viewer =
    row && (!row.twoFactorEnabled || row.secondFactorAt)
      ? { userId: row.userId, admin: row.role === 'admin' && row.twoFactorEnabled }
      : undefined
  // A session about to pass its second factor sees a moment later.
  if (row && !viewer) return undefined
  if (remembered.size >= MAX_REMEMBERED) {
    for (const [key, entry] of remembered) if (entry.until <= now) remembered.delete(key)
    // Still full: a flood of valid sessions. Start over rather than grow.
    if (remembered.size >= MAX_REMEMBERED) remembered.clear()
  }
  remembered.set(value, { viewer, until: now + REMEMBERED_MS, database })
  return viewer
}
