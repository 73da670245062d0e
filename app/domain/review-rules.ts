import type { ContactChannel } from './contact.ts'
import { type Ineligibility, REVIEW_RULES } from './reviews.ts'

// Who may review a profile now, rule by rule (issue 20 point 1, issue 33 point 7): the review
// page lists every rule with its state and its fact, and the first unmet one is the refusal the
// action gives. One place for both, so the list and the refusal never disagree.

const HOUR_MS = 60 * 60_000
const DAY_MS = 24 * HOUR_MS

/** What the database knows of a client and a profile for the rules (ADR 0018). */
export interface EligibilityFacts {
  accountCreatedAt: Date
  /** The contact through the site still kept, or null. */
  contact: { firstAt: Date; channel: ContactChannel | null } | null
  /** The author's last review of the profile, a removed or withdrawn one included. */
  lastReviewAt: Date | null
  /** The author's review of the profile that still exists (any status), to edit it. */
  ownReviewId: string | null
  /** Reviews the author wrote in the last 24 hours, and the first of them. */
  today: number
  firstToday: Date | null
}

/** One rule as the review page shows it: met or not, the fact, and from when it will be. */
export type RuleState =
  | { rule: 'account_age'; met: boolean; createdAt: Date; from: Date }
  | {
      rule: 'contact'
      met: boolean
      /** The first contact kept, and its button (null: noted before the button was kept). */
      at: Date | null
      channel: ContactChannel | null
      from: Date | null
    }
  | {
      rule: 'one_review'
      met: boolean
      lastAt: Date | null
      from: Date | null
      reviewId: string | null
    }
  | { rule: 'daily_limit'; met: boolean; count: number; from: Date | null }

/** Every rule of who may review, in the order the page lists them and the refusal picks. */
export function reviewRuleStates(facts: EligibilityFacts, now: Date): RuleState[] {
  const time = now.getTime()
  const grownUp = new Date(facts.accountCreatedAt.getTime() + REVIEW_RULES.accountAgeDays * DAY_MS)
  const ripe = facts.contact
    ? new Date(facts.contact.firstAt.getTime() + REVIEW_RULES.contactWaitHours * HOUR_MS)
    : null
  const next = facts.lastReviewAt
    ? new Date(facts.lastReviewAt.getTime() + REVIEW_RULES.perProfileDays * DAY_MS)
    : null
  const full = facts.today >= REVIEW_RULES.perDay
  return [
    {
      rule: 'account_age',
      met: grownUp.getTime() <= time,
      createdAt: facts.accountCreatedAt,
      from: grownUp,
    },
    {
      rule: 'contact',
      met: ripe !== null && ripe.getTime() <= time,
      at: facts.contact?.firstAt ?? null,
      channel: facts.contact?.channel ?? null,
      from: ripe,
    },
    {
      rule: 'one_review',
      met: next === null || next.getTime() <= time,
      lastAt: facts.lastReviewAt,
      from: next,
      reviewId: facts.ownReviewId,
    },
    {
      rule: 'daily_limit',
      met: !full,
      count: facts.today,
      from: full && facts.firstToday ? new Date(facts.firstToday.getTime() + DAY_MS) : null,
    },
  ]
}

/** The first unmet rule as a refusal (with the moment it will be met), or undefined. */
export function firstUnmetRule(
  states: RuleState[],
): { reason: Ineligibility; from?: Date } | undefined {
  for (const state of states) {
    if (state.met) continue
    switch (state.rule) {
      case 'account_age':
        return { reason: 'account_too_new', from: state.from }
      case 'contact':
        return state.from
          ? { reason: 'contact_too_recent', from: state.from }
          : { reason: 'no_contact' }
      case 'one_review':
        return { reason: 'already_reviewed', ...(state.from ? { from: state.from } : {}) }
      case 'daily_limit':
        return { reason: 'daily_limit', ...(state.from ? { from: state.from } : {}) }
    }
  }
  return undefined
}
