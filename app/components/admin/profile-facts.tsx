import { useLongDate } from '#app/components/provider/standing-banner.tsx'
import type { MembershipTier } from '#app/domain/membership.ts'
import { formatBrlCents } from '#app/domain/money.ts'
import type { ProfileStatus, VisibilityStatus } from '#app/domain/profile-status.ts'
import { LAPSED_VERIFICATION_REASON, REPORT_REVIEW_REASON } from '#app/domain/provider.ts'
import { format, useLanguage, useT } from '#app/i18n/i18n.ts'
import { Panel } from './admin-parts.tsx'

// The facts at the top of /admin/profiles/{id} (issue 8 item 3): her account, city, status with
// its reason and return fee, visibility, plan and verification, and a link to her public page.

/** What the page shows of one profile (a row of profileForAdmin). */
export interface AdminProfileFacts {
  id: string
  name: string
  username: string
  email: string | null
  city: string | null
  age: number | null
  whatsapp: string | null
  status: ProfileStatus
  statusReason: string | null
  visibilityStatus: VisibilityStatus
  hiddenReason: string | null
  suspendedUntil: Date | null
  membershipTier: MembershipTier
  tierExpiresAt: Date | null
  verifiedAt: Date | null
  twoFactorEnabled: boolean | null
}

/** The running suspension's return fee: its amount, and when it was paid or waived and why. */
export interface ReturnFeeFacts {
  cents: number
  paidAt: Date | null
  waivedAt: Date | null
  waiveReason: string | null
}

export function ProfileFacts({
  profile,
  returnFee,
}: {
  profile: AdminProfileFacts
  returnFee: ReturnFeeFacts | null
}) {
  const t = useT()
  const a = t.admin
  const longDate = useLongDate()
  const language = useLanguage()
  return (
    <Panel>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-stone-600">{a.profile.username}</dt>
        <dd>{profile.username}</dd>
        <dt className="text-stone-600">{a.profile.account}</dt>
        <dd className="break-all">{profile.email ?? a.profile.noAccount}</dd>
        <dt className="text-stone-600">{a.profile.city}</dt>
        <dd>{profile.city ?? '—'}</dd>
        <dt className="text-stone-600">{a.profile.age}</dt>
        <dd>{profile.age ?? '—'}</dd>
        <dt className="text-stone-600">{a.profile.whatsapp}</dt>
        <dd>{profile.whatsapp ?? '—'}</dd>
        <dt className="text-stone-600">{a.profile.status}</dt>
        <dd>
          <strong>{a.statuses[profile.status]}</strong>
          {profile.suspendedUntil
            ? ` · ${format(a.profile.suspendedUntil, { date: longDate(profile.suspendedUntil) })}`
            : null}
          {profile.statusReason ? (
            <span className="block text-stone-600">
              {format(a.profile.statusReason, {
                reason:
                  profile.statusReason === LAPSED_VERIFICATION_REASON
                    ? t.dashboard.standing.lapsedReason
                    : profile.statusReason,
              })}
            </span>
          ) : null}
          {returnFee ? (
            <span className="block">
              {a.profile.fee.label}:{' '}
              {returnFee.cents === 0
                ? a.profile.fee.none
                : format(
                    returnFee.paidAt
                      ? a.profile.fee.paid
                      : returnFee.waivedAt
                        ? a.profile.fee.waived
                        : a.profile.fee.due,
                    {
                      fee: formatBrlCents(returnFee.cents, language),
                      date: longDate(returnFee.paidAt ?? returnFee.waivedAt ?? new Date()),
                    },
                  )}
              {returnFee.waivedAt && returnFee.waiveReason ? (
                <span className="block text-stone-600">
                  {format(a.profile.fee.waivedReason, { reason: returnFee.waiveReason })}
                </span>
              ) : null}
            </span>
          ) : null}
        </dd>
        <dt className="text-stone-600">{a.profile.visibility}</dt>
        <dd>
          {a.visibility[profile.visibilityStatus]}
          {profile.hiddenReason ? (
            <span className="block text-stone-600">
              {format(a.profile.statusReason, {
                reason:
                  profile.hiddenReason === REPORT_REVIEW_REASON
                    ? a.profile.reportReviewReason
                    : profile.hiddenReason,
              })}
            </span>
          ) : null}
        </dd>
        <dt className="text-stone-600">{a.profile.tier}</dt>
        <dd>
          {profile.tierExpiresAt
            ? format(a.profile.tierUntil, {
                tier: t.tiers[profile.membershipTier],
                date: longDate(profile.tierExpiresAt),
              })
            : t.tiers[profile.membershipTier]}
        </dd>
        <dt className="text-stone-600">{t.dashboard.nav.verification}</dt>
        <dd>
          {profile.verifiedAt
            ? format(a.profile.verifiedAt, { date: longDate(profile.verifiedAt) })
            : a.profile.notVerified}
        </dd>
      </dl>
      {profile.status === 'approved' && profile.visibilityStatus === 'active' ? (
        <a
          href={`/acompanhante/${profile.username}`}
          className="mt-3 inline-block text-sm text-rose-900 underline"
        >
          {a.profile.publicPage}
        </a>
      ) : null}
    </Panel>
  )
}
