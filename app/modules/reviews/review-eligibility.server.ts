import { and, eq, sql } from 'drizzle-orm'
import type { ContactChannel } from '#app/domain/contact.ts'
import {
  type EligibilityFacts,
  firstUnmetRule,
  type RuleState,
  reviewRuleStates,
} from '#app/domain/review-rules.ts'
import { type Ineligibility, REVIEW_RULES } from '#app/domain/reviews.ts'
import type { SignedInUser } from '#app/modules/auth/session.server.ts'
import { db, type Transaction } from '#db/client.server.ts'
import { user } from '#db/schema/auth.ts'
import { auditLog } from '#db/schema/moderation.ts'
import { profiles } from '#db/schema/profiles.ts'
import { profileContacts, reviews } from '#db/schema/reviews.ts'

// Who may review a profile (SPEC §6, issue 20 point 1; issue 33 point 7): the public profile a
// review form names, and the rules its author must meet, each with its state.

const DAY_MS = 24 * 60 * 60_000

/** What deciding on a review needs to know of its author. */
export type Reviewer = Pick<SignedInUser, 'id' | 'role' | 'emailVerified'>

/** A public profile that may be reviewed: approved, active, and not a demonstration. */
export interface ReviewTarget {
  id: string
  name: string
  username: string
  userId: string | null
  isDemo: boolean
}

/** A public profile by username (a review form's target), or undefined. */
export async function reviewTarget(username: string): Promise<ReviewTarget | undefined> {
  if (!username || username.length > 60 || username.includes('\0')) return undefined
  const [profile] = await db()
    .select({
      id: profiles.id,
      name: profiles.name,
      username: profiles.username,
      userId: profiles.userId,
      isDemo: profiles.isDemo,
    })
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

export type Eligibility = { ok: true } | { ok: false; reason: Ineligibility; from?: Date }

/** Reasons that stop a visitor before any rule of the list is read (who they are). */
function whoCannotReview(who: Reviewer | null, target: ReviewTarget): Eligibility | undefined {
  if (!who) return { ok: false, reason: 'signed_out' }
  if (who.role !== 'client' || target.userId === who.id) return { ok: false, reason: 'not_client' }
  if (target.isDemo) return { ok: false, reason: 'not_reviewable' }
  return undefined
}

/**
 * What the rules of who may review read of `authorId` and `profileId`, in one query: the
 * account's age, the kept contact, the last review of the profile (a removed or withdrawn one
 * included), the reviews of the last 24 hours. Undefined for an account that is gone.
 */
async function eligibilityFacts(
  authorId: string,
  profileId: string,
  now: Date,
  tx: Transaction | ReturnType<typeof db>,
): Promise<EligibilityFacts | undefined> {
  const [facts] = await tx
    .select({
      createdAt: user.createdAt,
      contact: sql<{ at: string; channel: ContactChannel | null } | null>`(
        select json_build_object('at', ${profileContacts.firstAt}, 'channel', ${profileContacts.firstChannel})
        from ${profileContacts}
        where ${profileContacts.userId} = ${authorId} and ${profileContacts.profileId} = ${profileId}
          and ${profileContacts.lastAt} >= ${new Date(now.getTime() - REVIEW_RULES.contactKeepDays * DAY_MS)}
      )`,
      // A review the team removed, or its author withdrew, still counts (its row is gone; the
      // audit entry keeps when it was written): removing a review must not invite another at once.
      lastReview: sql<Date | string | null>`greatest(
        (select max(${reviews.createdAt}) from ${reviews}
          where ${reviews.authorId} = ${authorId} and ${reviews.profileId} = ${profileId}),
        (select max((${auditLog.details}->>'writtenAt')::timestamptz) from ${auditLog}
          where ${auditLog.action} in ('review_remove', 'review_withdraw')
            and ${auditLog.createdAt} > ${new Date(now.getTime() - REVIEW_RULES.perProfileDays * DAY_MS)}
            and ${auditLog.details}->>'authorId' = ${authorId}
            and ${auditLog.details}->>'profileId' = ${profileId})
      )`,
      ownReview: sql<string | null>`(
        select ${reviews.id}::text from ${reviews}
        where ${reviews.authorId} = ${authorId} and ${reviews.profileId} = ${profileId}
        order by ${reviews.createdAt} desc limit 1
      )`,
      today: sql<number>`(
        select count(*)::int from ${reviews}
        where ${reviews.authorId} = ${authorId} and ${reviews.createdAt} > ${new Date(now.getTime() - DAY_MS)}
      )`,
      firstToday: sql<Date | string | null>`(
        select min(${reviews.createdAt}) from ${reviews}
        where ${reviews.authorId} = ${authorId} and ${reviews.createdAt} > ${new Date(now.getTime() - DAY_MS)}
      )`,
    })
    .from(user)
    .where(eq(user.id, authorId))
  if (!facts) return undefined
  const date = (value: Date | string | null) => (value ? new Date(value) : null)
  // PGlite hands json back parsed, node-postgres too; a string only from an older driver.
  const contact =
    typeof facts.contact === 'string'
      ? (JSON.parse(facts.contact) as { at: string; channel: ContactChannel | null })
      : facts.contact
  return {
    accountCreatedAt: new Date(facts.createdAt),
    contact: contact ? { firstAt: new Date(contact.at), channel: contact.channel } : null,
    lastReviewAt: date(facts.lastReview),
    ownReviewId: facts.ownReview,
    today: facts.today,
    firstToday: date(facts.firstToday),
  }
}

/**
 * Whether `who` may review `target` now (issue 20 point 1), and if not why, with the moment it
 * becomes possible where there is one: a confirmed client account at least 7 days old, that
 * opened the profile's contact at least 24 hours before, no review of this profile in 90 days,
 * fewer than 5 reviews in the last 24 hours. Never a demonstration profile, never the author's
 * own (a provider's account is not a client's anyway).
 */
export async function reviewEligibility(
  who: Reviewer | null,
  target: ReviewTarget,
  now = new Date(),
  tx: Transaction | ReturnType<typeof db> = db(),
): Promise<Eligibility> {
  return (await reviewChecklist(who, target, now, tx)).eligibility
}

/**
 * The eligibility and, for a client, every rule with its state and fact (issue 33 point 7):
 * what the review page lists, so he learns every rule at once, not one at a time.
 */
export async function reviewChecklist(
  who: Reviewer | null,
  target: ReviewTarget,
  now = new Date(),
  tx: Transaction | ReturnType<typeof db> = db(),
): Promise<{ eligibility: Eligibility; rules: RuleState[] | null }> {
  const stopped = whoCannotReview(who, target)
  if (stopped || !who)
    return { eligibility: stopped ?? { ok: false, reason: 'signed_out' }, rules: null }
  const facts = await eligibilityFacts(who.id, target.id, now, tx)
  if (!facts) return { eligibility: { ok: false, reason: 'signed_out' }, rules: null }
  const rules = reviewRuleStates(facts, now)
  if (!who.emailVerified) return { eligibility: { ok: false, reason: 'unconfirmed' }, rules }
  const unmet = firstUnmetRule(rules)
  return { eligibility: unmet ? { ok: false, ...unmet } : { ok: true }, rules }
}
