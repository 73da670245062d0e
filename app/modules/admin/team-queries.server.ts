import { and, asc, desc, eq, gte, ilike, lt, or, sql } from 'drizzle-orm'
import { ADMIN_PAGE_SIZE, type AdminAction } from '#app/domain/moderation.ts'
import { db } from '#db/client.server.ts'
import { user, userRoles } from '#db/schema/auth.ts'
import { auditLog } from '#db/schema/moderation.ts'
import { profiles, reservedUsernames } from '#db/schema/profiles.ts'

// What the admin screens read of the team's own records (issue 8): reserved usernames, the
// admins, and the audit log.

/** Reserved usernames with the profile an old name leads to, and until when a held one is held. */
export function reservedList() {
  return db()
    .select({
      username: reservedUsernames.username,
      reason: reservedUsernames.reason,
      createdAt: reservedUsernames.createdAt,
      heldUntil: reservedUsernames.heldUntil,
      profileUsername: profiles.username,
    })
    .from(reservedUsernames)
    .leftJoin(profiles, eq(profiles.id, reservedUsernames.profileId))
    .orderBy(asc(reservedUsernames.username))
    .limit(500)
}

/** The admins, oldest first. */
export function adminList() {
  return db()
    .select({ id: user.id, email: user.email, name: user.name, since: userRoles.createdAt })
    .from(userRoles)
    .innerJoin(user, eq(user.id, userRoles.userId))
    .where(eq(userRoles.role, 'admin'))
    .orderBy(asc(userRoles.createdAt))
}

export interface AuditFilters {
  action: AdminAction | null
  actor: string
  target: string
  from: Date | null
  to: Date | null
  /** Entries older than this one (keyset pagination: the log only grows). */
  before: { at: string; id: string } | null
}

/** Audit entries, newest first, filtered; one page and whether there is another. */
export async function auditEntries(filters: AuditFilters) {
  const like = (value: string) => `%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
  const rows = await db()
    .select({
      id: auditLog.id,
      createdAt: auditLog.createdAt,
      actorEmail: auditLog.actorEmail,
      action: auditLog.action,
      targetType: auditLog.targetType,
      targetId: auditLog.targetId,
      targetLabel: auditLog.targetLabel,
      reason: auditLog.reason,
      details: auditLog.details,
      /** The exact time (microseconds) for the next page's cursor. */
      cursorAt: sql<string>`to_char(${auditLog.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
    })
    .from(auditLog)
    .where(
      and(
        filters.action ? eq(auditLog.action, filters.action) : undefined,
        filters.actor ? ilike(auditLog.actorEmail, like(filters.actor)) : undefined,
        filters.target
          ? or(
              eq(auditLog.targetId, filters.target),
              ilike(auditLog.targetLabel, like(filters.target)),
            )
          : undefined,
        filters.from ? gte(auditLog.createdAt, filters.from) : undefined,
        filters.to ? lt(auditLog.createdAt, filters.to) : undefined,
        filters.before
          ? sql`(${auditLog.createdAt}, ${auditLog.id}) < (${filters.before.at}::timestamptz, ${filters.before.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(ADMIN_PAGE_SIZE + 1)
  return { rows: rows.slice(0, ADMIN_PAGE_SIZE), more: rows.length > ADMIN_PAGE_SIZE }
}
