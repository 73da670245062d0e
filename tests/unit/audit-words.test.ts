import { describe, expect, it } from 'vitest'
import {
  type AuditEntryFacts,
  auditNotes,
  auditReason,
  auditTarget,
} from '#app/components/admin/audit-words.tsx'
import { ROLES } from '#app/domain/account.ts'
import { FREEZE_CAUSES, GIFT_STATUSES } from '#app/domain/gifts.ts'
import { LANGUAGES, type Language } from '#app/domain/language.ts'
import { MEMBERSHIP_TIERS } from '#app/domain/membership.ts'
import {
  ADMIN_ACTIONS,
  type AdminAction,
  FLAG_RESOLUTIONS,
  REPORT_REASONS,
  REPORT_RESOLUTIONS,
} from '#app/domain/moderation.ts'
import { PAID_TIERS } from '#app/domain/plans.ts'
import { REVIEW_MODERATION_REASONS, REVIEW_STATUSES } from '#app/domain/reviews.ts'
import { en } from '#app/i18n/en.ts'
import { pt } from '#app/i18n/pt.ts'

// Issue 33 point 2: every code an audit entry can hold is shown in words, in both languages.
// The walk: every action, and for each, every value of every enum its reason or details carry,
// as the site writes them. A code is found when it shows as a word of its own outside the words
// it stands for (a code with an underscore never may).

const DICTIONARIES = { pt, en } as const

/** Every value the entry's details or reason may hold, per field, as the site writes them. */
const ENUMS = {
  reviewReason: REVIEW_MODERATION_REASONS,
  reviewStatus: REVIEW_STATUSES,
  reportReason: REPORT_REASONS,
  reportResolution: REPORT_RESOLUTIONS,
  flagResolution: FLAG_RESOLUTIONS,
  cause: FREEZE_CAUSES,
  why: ['time_up', 'fee_paid', 'fee_waived'],
  tier: MEMBERSHIP_TIERS,
  role: ROLES,
  giftStatus: GIFT_STATUSES,
} as const

/** The entries an action can make, one per value of the enums it carries (as written by the site). */
function entriesOf(action: AdminAction): AuditEntryFacts[] {
  const one = (details: Record<string, unknown> | null, reason: string | null = 'Motivo') => ({
    action,
    reason,
    details,
  })
  switch (action) {
    case 'review_hide':
    case 'review_remove':
      return ENUMS.reviewReason.flatMap((code) =>
        ENUMS.reviewStatus.flatMap((status) => [
          one({ reason: code, status, rating: 4 }, code),
          one({ reason: code, status, rating: 2 }, `${code}: nota da equipe`),
        ]),
      )
    case 'review_publish':
    case 'review_restore':
    case 'review_report_close':
    case 'review_feature':
    case 'review_unfeature':
    case 'review_withdraw':
      return ENUMS.reviewStatus.map((status) => one({ status, rating: 5 }, null))
    case 'report_resolve':
      return ENUMS.reportReason.flatMap((reportReason) =>
        ENUMS.reportResolution.map((resolution) => one({ resolution, reportReason })),
      )
    case 'flag_resolve':
      return ENUMS.flagResolution.map((resolution) => one({ resolution }))
    case 'balance_freeze':
    case 'balance_release':
      return ENUMS.cause.map((cause) => one({ cause }))
    case 'suspension_end':
    case 'lift_suspension':
      return ENUMS.why.flatMap((why) => [
        one({ why, public: true }),
        one({ why, public: false, planExtendedTo: '2026-12-20T00:00:00Z' }),
      ])
    case 'set_tier':
      return ENUMS.tier.flatMap((from) =>
        ENUMS.tier.map((to) => one({ from, to, expiresAt: '2026-12-01T00:00:00Z' })),
      )
    case 'grant_admin':
      return ENUMS.role.map((previousRole) => one({ previousRole }))
    case 'gift_refund':
      return ENUMS.giftStatus.map((from) => one({ from, amountCents: 5_000 }))
    case 'release_username':
      return [one({ wasReservedFor: 'renamed' }), one({ wasReservedFor: 'Pedido da pessoa' })]
    case 'withdrawal_failed':
      return [one({ amountCents: 5_000, feeCents: 65 }, 'NAO_REALIZADO')]
    case 'suspend':
      return [
        one({ days: 3, dailyValueCents: 297, feeCents: 891, until: '2026-12-01T00:00:00Z' }),
        one({
          days: 3,
          dailyValueCents: 297,
          feeCents: 500,
          computedFeeCents: 891,
          feeReason: 'Primeira falta',
          until: '2026-12-01T00:00:00Z',
        }),
      ]
    case 'ban':
      return [one({ automatic: true, consecutiveSuspensions: 3 }), one({ automatic: false })]
    case 'payment_refund':
      return [
        one({ amountCents: 8_990, plan: 'take_back', planAfter: 'free' }),
        one({
          amountCents: 8_990,
          plan: 'keep',
          planAfter: { tier: 'ouro', expiresAt: '2026-12-01T00:00:00Z' },
        }),
        one({ amountCents: 8_990 }),
      ]
    case 'payment_refund_retry':
    case 'withdrawal_request':
    case 'withdrawal_paid':
      return [one({ amountCents: 1_000, feeCents: 65 })]
    default:
      return [one({})]
  }
}

/** The words the page must show for the codes `entry` holds, in `language`. */
function expectedWords(entry: AuditEntryFacts, language: Language): string[] {
  const t = DICTIONARIES[language]
  const d = entry.details ?? {}
  const words: string[] = []
  const pick = <T extends object>(map: T, key: unknown) => {
    if (typeof key === 'string' && Object.hasOwn(map, key)) words.push(String(map[key as keyof T]))
    else if (key !== undefined) throw new Error(`no words for ${String(key)}`)
  }
  if (entry.action === 'review_hide' || entry.action === 'review_remove')
    pick(t.admin.adminReviews.reasons, d.reason)
  if (entry.action.startsWith('review_')) pick(t.admin.adminReviews.statuses, d.status)
  pick(t.admin.reports.reasons, d.reportReason)
  pick(t.admin.reports.resolutions, d.resolution)
  pick(t.admin.gifts.causes, d.cause)
  pick(t.admin.audit.detail.why, d.why)
  pick(t.admin.audit.detail.plan, d.plan)
  if (typeof d.feeReason === 'string') words.push(d.feeReason)
  if (entry.action === 'set_tier') {
    pick(t.tiers, d.to)
    if (d.from !== d.to) pick(t.tiers, d.from)
  }
  pick(t.auth.roles, d.previousRole)
  if (entry.action === 'gift_refund') pick(t.admin.gifts.statuses, d.from)
  if (d.wasReservedFor === 'renamed') words.push(t.admin.usernames.renamed)
  if (entry.reason === 'NAO_REALIZADO') words.push(t.admin.audit.detail.payoutNotMade)
  return words
}

/** A code as stored (with an underscore, or the institution's capitals) left in a text. */
const RAW_CODE = /\b[a-z]+_[a-z_]+\b|\b[A-Z]{2,}_[A-Z_]+\b/g

describe('an audit entry in words (issue 33 point 2)', () => {
  for (const language of LANGUAGES) {
    const t = DICTIONARIES[language]
    it(`${language}: every action has its words`, () => {
      for (const action of ADMIN_ACTIONS) {
        const title = t.admin.audit.actions[action]
        expect(title, action).toBeTruthy()
        expect(title.match(RAW_CODE), action).toBeNull()
      }
    })

    it(`${language}: every code of every action's reason and details is shown in words`, () => {
      let walked = 0
      for (const action of ADMIN_ACTIONS) {
        for (const entry of entriesOf(action)) {
          const shown = [auditReason(entry, t) ?? '', ...auditNotes(entry, t, language)].join(' · ')
          const label = `${action} ${JSON.stringify(entry)}`
          for (const words of expectedWords(entry, language)) expect(shown, label).toContain(words)
          expect(shown.match(RAW_CODE), label).toBeNull()
          // A single-word code (fake, other, free…) never stands alone where its words belong.
          const code = entry.details?.reason
          if (typeof code === 'string') expect(shown.startsWith(`${code}:`), label).toBe(false)
          walked++
        }
      }
      expect(walked).toBeGreaterThan(150)
    })

    it(`${language}: the codes' words are the ones shown`, () => {
      const hidden = auditReason(
        { action: 'review_hide', reason: 'fake: perfil falso', details: { reason: 'fake' } },
        t,
      )
      expect(hidden).toBe(`${t.admin.adminReviews.reasons.fake}: perfil falso`)
      expect(
        auditNotes(
          { action: 'set_tier', reason: 'x', details: { from: 'free', to: 'vip_plus' } },
          t,
          language,
        ),
      ).toContain(
        t.admin.audit.detail.tierChange
          .replace('{from}', t.tiers.free)
          .replace('{to}', t.tiers.vip_plus),
      )
      for (const tier of PAID_TIERS) {
        expect(auditTarget({ targetType: 'plan', targetLabel: tier }, t)).toBe(t.tiers[tier])
      }
      expect(
        auditReason({ action: 'withdrawal_failed', reason: 'NAO_REALIZADO', details: null }, t),
      ).toBe(t.admin.audit.detail.payoutNotMade)
      // The team's own words stay as typed.
      expect(auditReason({ action: 'hide', reason: 'Fotos de outra pessoa', details: {} }, t)).toBe(
        'Fotos de outra pessoa',
      )
    })
  }
})
