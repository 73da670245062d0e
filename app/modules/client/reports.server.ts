import { createHmac } from 'node:crypto'
import { and, count, eq, gte, isNull, lt, min, sql } from 'drizzle-orm'
import { REPORT_LIMITS, REPORTER_KEY_DAYS } from '#app/domain/client-area.ts'
import { asLanguage } from '#app/domain/language.ts'
import type { ReportReason } from '#app/domain/moderation.ts'
import { REPORT_REVIEW_REASON } from '#app/domain/provider.ts'
import { dictionary } from '#app/i18n/i18n.ts'
import {
  audit,
  lockProfile,
  profileLabel,
  tellProvider,
} from '#app/modules/admin/moderation.server.ts'
import { mailer } from '#app/modules/email/mailer.server.ts'
import { teamAlertEmail } from '#app/modules/email/messages.ts'
import { publicPagesChanged } from '#app/modules/http/public-pages.server.ts'
import { visitorKey } from '#app/modules/security/rate-limit.server.ts'
import { db, type Transaction } from '#db/client.server.ts'
import { user, userRoles } from '#db/schema/auth.ts'
import { reports } from '#db/schema/moderation.ts'
import { profiles } from '#db/schema/profiles.ts'
import { serverEnv } from '#server/env.server.ts'
import { log } from '#server/logger.server.ts'

// Reports about a profile, from clients and visitors (issue 9 item 2). The limits are counted
// in the database, so they hold across restarts and instances: a client by account, a visitor
// by an HMAC of the address (its /64 for IPv6), which is cleared after a week. The provider is
// never told who reported, and never which reason.

/** Who files a report: a signed-in client, or a visitor known only by the request's address. */
export type Reporter = { userId: string } | { clientIp: string | undefined }

export type FilingResult =
  | { ok: true }
  | { ok: false; error: 'notFound' }
  | { ok: false; error: 'limited'; retryAfterS: number }

/** The system, as the actor of the hide a 'minor' report makes (the audit log's other column). */
const SYSTEM_ACTOR = { id: 'system', email: 'system' } as const

const HOUR_MS = 60 * 60_000
const DAY_MS = 24 * HOUR_MS

function reporterKey(clientIp: string | undefined): string {
  return createHmac('sha256', serverEnv().authSecret)
    .update(`report:${visitorKey({ clientIp })}`)
    .digest('base64url')
}

/** A public profile to report, by username. */
export async function reportTarget(username: string) {
  if (!username || username.length > 60 || username.includes('\0')) return undefined
  const [profile] = await db()
    .select({ id: profiles.id, name: profiles.name, username: profiles.username })
    .from(profiles)
    .where(
      and(
        eq(profiles.username, username.toLowerCase()),
        eq(profiles.status, 'approved'),
        eq(profiles.visibilityStatus, 'active'),
      ),
    )
  return profile
}

/**
 * Files a report about a public profile. A 'minor' report hides the profile at once, until an
 * admin resolves it (the audit log records the hide, by 'system'), and the team is alerted by
 * e-mail. A second report by the same reporter about the same profile, while the first is
 * open, adds nothing and gets the same answer.
 */
export async function fileReport(
  reporter: Reporter,
  input: { profileId: string; reason: ReportReason; details: string | null },
  now = new Date(),
): Promise<FilingResult> {
  const who =
    'userId' in reporter
      ? { reporterId: reporter.userId, reporterKey: null }
      : { reporterId: null, reporterKey: reporterKey(reporter.clientIp) }
  const outcome = await db().transaction(async (tx): Promise<FilingResult | 'hid' | 'filed'> => {
    // One reporter's reports one after another, so two at once cannot pass the limit together.
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtext(${`report:${who.reporterId ?? who.reporterKey}`}))`,
    )
    const limited = await limitOf(tx, who, now)
    if (limited) return limited
    const [profile] = await tx
      .select({ id: profiles.id })
      .from(profiles)
      .where(
        and(
          eq(profiles.id, input.profileId),
          eq(profiles.status, 'approved'),
          eq(profiles.visibilityStatus, 'active'),
        ),
      )
    if (!profile) return { ok: false, error: 'notFound' }
    const [open] = await tx
      .select({ id: reports.id })
      .from(reports)
      .where(
        and(
          eq(reports.profileId, input.profileId),
          isNull(reports.resolvedAt),
          who.reporterId
            ? eq(reports.reporterId, who.reporterId)
            : eq(reports.reporterKey, who.reporterKey ?? ''),
        ),
      )
      .limit(1)
    if (open) return { ok: true }
    const hides = input.reason === 'minor'
    const locked = hides ? await lockProfile(tx, input.profileId) : undefined
    const [report] = await tx
      .insert(reports)
      .values({
        profileId: input.profileId,
        reason: input.reason,
        details: input.details,
        ...who,
        hidFrom: locked?.visibilityStatus ?? null,
        createdAt: now,
      })
      .returning({ id: reports.id })
    if (!locked || !report) return 'filed'
    await tx
      .update(profiles)
      .set({
        visibilityStatus: 'hidden',
        hiddenAt: sql`now()`,
        hiddenBy: null,
        hiddenReason: REPORT_REVIEW_REASON,
        updatedAt: sql`now()`,
      })
      .where(eq(profiles.id, locked.id))
    await audit(tx, SYSTEM_ACTOR, {
      action: 'report_hide',
      targetType: 'profile',
      targetId: locked.id,
      targetLabel: profileLabel(locked),
      reason: null,
      details: { reportId: report.id, previousVisibility: locked.visibilityStatus },
    })
    return 'hid'
  })
  if (outcome === 'hid') {
    publicPagesChanged()
    await tellProvider(input.profileId, 'hidden', {
      reason: (language) => dictionary(language).dashboard.standing.reportReviewReason,
    })
    await alertTeam(input.profileId)
  }
  return typeof outcome === 'string' ? { ok: true } : outcome
}

/** A refusal when the reporter filed REPORT_LIMITS reports in the last hour or day. */
async function limitOf(
  tx: Transaction,
  who: { reporterId: string | null; reporterKey: string | null },
  now: Date,
): Promise<FilingResult | undefined> {
  const mine = who.reporterId
    ? eq(reports.reporterId, who.reporterId)
    : eq(reports.reporterKey, who.reporterKey ?? '')
  const dayStart = new Date(now.getTime() - DAY_MS)
  const hourStart = new Date(now.getTime() - HOUR_MS)
  const [row] = await tx
    .select({
      day: count(),
      hour: sql<number>`count(*) filter (where ${reports.createdAt} >= ${hourStart})::int`,
      firstOfDay: min(reports.createdAt),
      firstOfHour: sql<
        Date | string | null
      >`min(${reports.createdAt}) filter (where ${reports.createdAt} >= ${hourStart})`,
    })
    .from(reports)
    .where(and(mine, gte(reports.createdAt, dayStart)))
  if (!row) return undefined
  const wait = (since: Date | string | null, windowMs: number) =>
    Math.max(
      60,
      Math.ceil(
        ((since ? new Date(since).getTime() : now.getTime()) + windowMs - now.getTime()) / 1000,
      ),
    )
  if (row.day >= REPORT_LIMITS.perDay)
    return { ok: false, error: 'limited', retryAfterS: wait(row.firstOfDay, DAY_MS) }
  if (row.hour >= REPORT_LIMITS.perHour)
    return { ok: false, error: 'limited', retryAfterS: wait(row.firstOfHour, HOUR_MS) }
  return undefined
}

/** E-mails every admin that a profile was hidden on a 'minor' report; failures are logged. */
async function alertTeam(profileId: string): Promise<void> {
  try {
    const [profile] = await db()
      .select({ name: profiles.name, username: profiles.username })
      .from(profiles)
      .where(eq(profiles.id, profileId))
    if (!profile) return
    const admins = await db()
      .select({ email: user.email, name: user.name, language: user.language })
      .from(userRoles)
      .innerJoin(user, eq(user.id, userRoles.userId))
      .where(eq(userRoles.role, 'admin'))
    for (const admin of admins) {
      await mailer().send(
        teamAlertEmail(asLanguage(admin.language) ?? 'pt', {
          to: admin.email,
          name: admin.name,
          url: `${serverEnv().baseUrl}/admin/reports`,
          profile: profileLabel(profile),
        }),
      )
    }
  } catch (error) {
    log.error('report alert not sent', { profileId, error: String(error) })
  }
}

/** Forgets visitors' hashed addresses on reports older than REPORTER_KEY_DAYS (hourly). */
export async function forgetReporterKeys(now = new Date()): Promise<number> {
  const cleared = await db()
    .update(reports)
    .set({ reporterKey: null })
    .where(
      and(
        sql`${reports.reporterKey} is not null`,
        lt(reports.createdAt, new Date(now.getTime() - REPORTER_KEY_DAYS * DAY_MS)),
      ),
    )
    .returning({ id: reports.id })
  return cleared.length
}
