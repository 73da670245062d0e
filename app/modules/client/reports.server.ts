import { and, count, eq, gte, isNull, lt, min, or, sql } from 'drizzle-orm'
import { MINOR_HIDES, REPORT_LIMITS, REPORTER_KEY_DAYS } from '#app/domain/client-area.ts'
import { asLanguage } from '#app/domain/language.ts'
import type { ReportReason } from '#app/domain/moderation.ts'
import { REPORT_REVIEW_REASON } from '#app/domain/provider.ts'
import { inBackground } from '#app/modules/auth/auth.server.ts'
import { mailer } from '#app/modules/email/mailer.server.ts'
import { teamAlertEmail } from '#app/modules/email/messages.ts'
import { freezeInside } from '#app/modules/moderation/freezes.server.ts'
import {
  auditProfile,
  profileLabel,
  SYSTEM_ACTOR,
  tellProvider,
} from '#app/modules/moderation/kernel.server.ts'
import { networkKey } from '#app/modules/security/network-key.server.ts'
import { serverEnv } from '#app/platform/env.server.ts'
import { db, type Transaction } from '#db/client.server.ts'
import { user, userRoles } from '#db/schema/auth.ts'
import { reports } from '#db/schema/moderation.ts'
import { profiles } from '#db/schema/profiles.ts'

// Reports about a profile, from clients and visitors (issue 9 item 2; ADR 0011). The limits are
// counted in the database, so they hold across restarts and instances: every reporter by an
// HMAC of the address (an IPv6 /56), cleared after a week, and a client by account as well.
// The provider is never told who reported, and never which reason.

/** Who files a report: a signed-in client, or anyone else, known by the request's address. */
export interface Reporter {
  /** A signed-in client; counted by account as well as by address. */
  userId?: string
  clientIp: string | undefined
}

export type FilingResult =
  /**
   * `already`: the same reporter's open report with this reason was there; nothing new filed.
   * `hid`: this report took the profile offline (a 'minor' one within the budgets), so a
   * 'minor' reporter can be told when the profile stays online until the team looks.
   */
  | { ok: true; already: boolean; hid: boolean }
  | { ok: false; error: 'notFound' }
  | { ok: false; error: 'limited'; retryAfterS: number }

const HOUR_MS = 60 * 60_000
const DAY_MS = 24 * HOUR_MS

/** The reporter's network as an HMAC (an IPv6 /56). */
const reporterKey = (clientIp: string | undefined) => networkKey('report', clientIp)

const isPublic = and(eq(profiles.status, 'approved'), eq(profiles.visibilityStatus, 'active'))

/** A public profile to report, by username. */
export async function reportTarget(username: string) {
  if (!username || username.length > 60 || username.includes('\0')) return undefined
  const [profile] = await db()
    .select({ id: profiles.id, name: profiles.name, username: profiles.username })
    .from(profiles)
    .where(and(eq(profiles.username, username.toLowerCase()), isPublic))
  return profile
}

/**
 * Files a report about a public profile. A 'minor' report hides the profile at once until an
 * admin closes it (the audit log records the hide, by 'system'), unless its reporter already
 * hid MINOR_HIDES.perReporterPerDay profiles that day or the site MINOR_HIDES.sitePerHour that
 * hour: then it is filed, first in the queue, without hiding. The team is e-mailed about every
 * 'minor' report. A report is left out only when the same reporter (a client's account, else the
 * address) already has an open one about the profile with the same reason: the answer is then
 * 'already', which is still true for 'received', and costs no budget. An open report of another
 * reason never stands in for it: several people share one address in Brazil (carrier NAT, shared
 * Wi-Fi), and a 'minor' report folded into a neighbour's 'fake photos' one would hide nothing
 * and alert nobody.
 */
export async function fileReport(
  reporter: Reporter,
  input: { profileId: string; reason: ReportReason; details: string | null },
  now = new Date(),
): Promise<FilingResult> {
  const who = { reporterId: reporter.userId ?? null, reporterKey: reporterKey(reporter.clientIp) }
  const minor = input.reason === 'minor'
  const outcome = await db().transaction(
    async (tx): Promise<FilingResult | { minor: boolean; hid: boolean }> => {
      // One reporter's reports one after another, so two at once cannot pass the limits
      // together (the account first, then the address: always in that order).
      if (who.reporterId) await advisoryLock(tx, `report:${who.reporterId}`)
      await advisoryLock(tx, `report:${who.reporterKey}`)
      // A 'minor' report locks the profile: a hide by the team or another report at the same
      // moment is seen, and the profile is hidden once.
      const query = tx
        .select({ id: profiles.id, name: profiles.name, username: profiles.username })
        .from(profiles)
        .where(and(eq(profiles.id, input.profileId), isPublic))
      const [profile] = minor ? await query.for('update') : await query
      if (!profile) return { ok: false, error: 'notFound' }
      // Before the limits: a report sent again (a reload, a second tap) is already with the
      // team, so 'received' is true and a wait would only invite another try.
      if (await alreadyFiled(tx, who, input)) return { ok: true, already: true, hid: false }
      const limited = await limitOf(tx, who, now)
      if (limited) return limited
      const hides = minor && (await mayHide(tx, who, now))
      const [report] = await tx
        .insert(reports)
        .values({
          profileId: input.profileId,
          reason: input.reason,
          details: input.details,
          ...who,
          hidFrom: hides ? 'active' : null,
          createdAt: now,
        })
        .returning({ id: reports.id })
      if (!hides || !report) return { minor, hid: false }
      await tx
        .update(profiles)
        .set({
          visibilityStatus: 'hidden',
          hiddenAt: sql`now()`,
          hiddenBy: null,
          hiddenReason: REPORT_REVIEW_REASON,
          updatedAt: sql`now()`,
        })
        .where(eq(profiles.id, profile.id))
      await auditProfile(tx, SYSTEM_ACTOR, profile, {
        action: 'report_hide',
        reason: null,
        details: { reportId: report.id },
      })
      // Her gift balance waits for the team's decision (issue 22 point 4).
      await freezeInside(tx, SYSTEM_ACTOR, profile, 'minor_report')
      return { minor, hid: true }
    },
  )
  if ('ok' in outcome) return outcome
  if (outcome.hid) {
    // The reporter's answer does not wait for the mail server.
    // Said as what it is: the site hid it on a report, nobody decided (issue 33 point 15).
    inBackground(tellProvider(input.profileId, 'reportHidden'), 'report e-mail not sent')
  }
  if (outcome.minor) inBackground(alertTeam(input.profileId, outcome.hid), 'report alert not sent')
  return { ok: true, already: false, hid: outcome.hid }
}

/**
 * Whether the reporter has an open report about the profile with this very reason: a client by
 * account, a visitor by address (the only thing known of a visitor).
 */
async function alreadyFiled(
  tx: Transaction,
  who: { reporterId: string | null; reporterKey: string },
  input: { profileId: string; reason: ReportReason },
): Promise<boolean> {
  const [open] = await tx
    .select({ id: reports.id })
    .from(reports)
    .where(
      and(
        eq(reports.profileId, input.profileId),
        eq(reports.reason, input.reason),
        isNull(reports.resolvedAt),
        who.reporterId
          ? eq(reports.reporterId, who.reporterId)
          : eq(reports.reporterKey, who.reporterKey),
      ),
    )
    .limit(1)
  return open !== undefined
}

async function advisoryLock(tx: Transaction, key: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${key}))`)
}

/** A refusal when the reporter (by account or by address) filed too many reports lately. */
async function limitOf(
  tx: Transaction,
  who: { reporterId: string | null; reporterKey: string },
  now: Date,
): Promise<FilingResult | undefined> {
  const hourStart = new Date(now.getTime() - HOUR_MS)
  const dayStart = new Date(now.getTime() - DAY_MS)
  const mine = [eq(reports.reporterKey, who.reporterKey)]
  if (who.reporterId) mine.push(eq(reports.reporterId, who.reporterId))
  for (const by of mine) {
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
      .where(and(by, gte(reports.createdAt, dayStart)))
    if (!row) continue
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
  }
  return undefined
}

/** Whether a 'minor' report may still hide: the reporter's and the site's budgets of hides. */
async function mayHide(
  tx: Transaction,
  who: { reporterId: string | null; reporterKey: string },
  now: Date,
): Promise<boolean> {
  const dayStart = new Date(now.getTime() - DAY_MS)
  const hourStart = new Date(now.getTime() - HOUR_MS)
  const hid = sql`${reports.hidFrom} is not null`
  const byReporter = who.reporterId
    ? or(eq(reports.reporterId, who.reporterId), eq(reports.reporterKey, who.reporterKey))
    : eq(reports.reporterKey, who.reporterKey)
  const [row] = await tx
    .select({
      mine: sql<number>`count(*) filter (where ${byReporter} and ${reports.createdAt} >= ${dayStart})::int`,
      site: sql<number>`count(*) filter (where ${reports.createdAt} >= ${hourStart})::int`,
    })
    .from(reports)
    .where(and(hid, gte(reports.createdAt, dayStart)))
  return (
    (row?.mine ?? 0) < MINOR_HIDES.perReporterPerDay && (row?.site ?? 0) < MINOR_HIDES.sitePerHour
  )
}

/** E-mails every admin about a 'minor' report (and whether it hid the profile). */
async function alertTeam(profileId: string, hidden: boolean): Promise<void> {
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
        hidden,
      }),
    )
  }
}

/** Forgets reporters' hashed addresses on reports older than REPORTER_KEY_DAYS (hourly). */
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
