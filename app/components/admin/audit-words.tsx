import { BRAZIL_TIME_ZONE } from '#app/domain/brazil-time.ts'
import type { Language } from '#app/domain/language.ts'
import type { AdminAction } from '#app/domain/moderation.ts'
import { formatBrlCents } from '#app/domain/money.ts'
import { format, useLanguage, useT } from '#app/i18n/i18n.ts'
import { plural } from '#app/i18n/plural.ts'
import type { Dictionary } from '#app/i18n/pt.ts'

// An audit entry in words (issue 33 point 2): the codes an entry holds (a review's moderation
// reason, a report's reason and resolution, a plan, a freeze's cause, a role, a gift's state, an
// institution's code) are never shown as stored, on /admin/audit or in a profile's history.

export interface AuditEntryFacts {
  action: AdminAction
  reason: string | null
  details: Record<string, unknown> | null
}

/** The institution's code for a payout it did not make, without a reason of its own. */
const PAYOUT_NOT_MADE = 'NAO_REALIZADO'

const has = <T extends object>(words: T, key: unknown): key is keyof T =>
  typeof key === 'string' && Object.hasOwn(words, key)

/** What the entry is about, as the log names it: a plan by its name, anything else as written. */
export function auditTarget(
  entry: { targetType: string; targetLabel: string },
  t: Dictionary,
): string {
  return entry.targetType === 'plan' && has(t.tiers, entry.targetLabel)
    ? t.tiers[entry.targetLabel]
    : entry.targetLabel
}

/**
 * The entry's reason as the team reads it: the team's own words as typed, a code of the site's
 * turned into its words (with the note typed beside it, if any).
 */
export function auditReason(entry: AuditEntryFacts, t: Dictionary): string | null {
  const { reason, details } = entry
  if (entry.action === 'review_hide' || entry.action === 'review_remove') {
    const code = details?.reason
    const words = t.admin.adminReviews.reasons
    if (has(words, code)) {
      // Stored as 'code' or 'code: note' (reviews.server.ts).
      const note = reason?.startsWith(`${code}: `) ? reason.slice(code.length + 2) : null
      return note ? `${words[code]}: ${note}` : words[code]
    }
  }
  if (entry.action === 'withdrawal_failed' && reason === PAYOUT_NOT_MADE) {
    return t.admin.audit.detail.payoutNotMade
  }
  return reason
}

/** The entry's details in words, each a short phrase, in the order the page lists them. */
export function auditNotes(entry: AuditEntryFacts, t: Dictionary, language: Language): string[] {
  const details = entry.details
  if (!details) return []
  const d = t.admin.audit.detail
  const date = (value: unknown) =>
    new Intl.DateTimeFormat(language === 'pt' ? 'pt-BR' : 'en', {
      dateStyle: 'medium',
      timeZone: BRAZIL_TIME_ZONE,
    }).format(new Date(String(value)))
  const money = (cents: number) => formatBrlCents(cents, language)
  const tier = (value: unknown) => (has(t.tiers, value) ? t.tiers[value] : null)
  const parts: string[] = []
  // A plan's price (issue 21): old → new, or the first one.
  if (typeof details.to === 'number')
    parts.push(
      typeof details.from === 'number'
        ? format(d.price, { from: money(details.from), to: money(details.to) })
        : format(d.newPrice, { to: money(details.to) }),
    )
  // A plan set by the team: from → to.
  const toTier = tier(details.to)
  if (toTier) {
    const fromTier = tier(details.from)
    parts.push(
      fromTier && fromTier !== toTier
        ? format(d.tierChange, { from: fromTier, to: toTier })
        : format(d.tier, { tier: toTier }),
    )
  }
  if (typeof details.amountCents === 'number')
    parts.push(
      format(entry.action === 'withdrawal_request' ? d.amount : d.refunded, {
        amount: money(details.amountCents),
      }),
    )
  if (has(d.why, details.why)) parts.push(d.why[details.why])
  if (details.public === false && typeof details.why === 'string') parts.push(d.notPublic)
  if (typeof details.days === 'number') parts.push(plural(language, d.days, details.days))
  if (typeof details.dailyValueCents === 'number' && details.dailyValueCents > 0)
    parts.push(format(d.dailyValue, { value: money(details.dailyValueCents) }))
  if (typeof details.feeCents === 'number')
    parts.push(format(d.fee, { fee: money(details.feeCents) }))
  if (typeof details.until === 'string') parts.push(format(d.until, { date: date(details.until) }))
  if (typeof details.expiresAt === 'string')
    parts.push(format(d.until, { date: date(details.expiresAt) }))
  if (has(t.admin.reports.reasons, details.reportReason))
    parts.push(format(d.reportReason, { reason: t.admin.reports.reasons[details.reportReason] }))
  if (has(t.admin.reports.resolutions, details.resolution))
    parts.push(t.admin.reports.resolutions[details.resolution])
  if (has(t.admin.gifts.causes, details.cause))
    parts.push(format(d.cause, { cause: t.admin.gifts.causes[details.cause] }))
  // A review's state when the team decided, and a gift's when it was sent back.
  if (entry.action.startsWith('review_') && has(t.admin.adminReviews.statuses, details.status))
    parts.push(format(d.wasState, { state: t.admin.adminReviews.statuses[details.status] }))
  if (entry.action === 'gift_refund' && has(t.admin.gifts.statuses, details.from))
    parts.push(format(d.wasState, { state: t.admin.gifts.statuses[details.from] }))
  if (has(t.auth.roles, details.previousRole))
    parts.push(format(d.previousRole, { role: t.auth.roles[details.previousRole] }))
  if (typeof details.wasReservedFor === 'string')
    parts.push(
      format(d.reservedFor, {
        reason:
          details.wasReservedFor === 'renamed' ? t.admin.usernames.renamed : details.wasReservedFor,
      }),
    )
  if (details.automatic === true) parts.push(d.automatic)
  // A plan's refund (its days taken back or kept), a return fee set by the team, a plan's end
  // moved by the time she was suspended.
  if (has(d.plan, details.plan)) parts.push(d.plan[details.plan])
  if (typeof details.computedFeeCents === 'number')
    parts.push(format(d.feeOverridden, { fee: money(details.computedFeeCents) }))
  if (typeof details.feeReason === 'string')
    parts.push(format(d.feeReason, { reason: details.feeReason }))
  if (typeof details.planExtendedTo === 'string')
    parts.push(format(d.planExtended, { date: date(details.planExtendedTo) }))
  return parts
}

/** An entry's reason and details, in the reader's language, under its title. */
export function AuditWords({
  entry,
}: {
  entry: { action: AdminAction; reason: string | null; details: unknown }
}) {
  const t = useT()
  const language = useLanguage()
  const facts = { ...entry, details: (entry.details ?? null) as Record<string, unknown> | null }
  const reason = auditReason(facts, t)
  const notes = auditNotes(facts, t, language)
  return (
    <>
      {reason ? (
        <p className="mt-1 whitespace-pre-line break-words text-stone-800">{reason}</p>
      ) : null}
      {notes.length > 0 ? <p className="mt-1 text-xs text-stone-600">{notes.join(' · ')}</p> : null}
    </>
  )
}
