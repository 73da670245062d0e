import { Link } from 'react-router'
import { useLongDate } from '#app/components/provider/standing-banner.tsx'
import { FormAlert } from '#app/components/ui/alert.tsx'
import { buttonClass } from '#app/components/ui/button.tsx'
import { cardClass } from '#app/components/ui/card.tsx'
import { CircleCheck, Clock, Hourglass, TimerOff, Undo2 } from '#app/components/ui/icons.tsx'
import {
  GIFT_CAP_CENTS,
  GIFT_CAP_DAYS,
  GIFT_LIMITS_CENTS,
  type GiftStatus,
} from '#app/domain/gifts.ts'
import { formatBrlCents } from '#app/domain/money.ts'
import { paths } from '#app/domain/paths.ts'
import { format, useLanguage, useT } from '#app/i18n/i18n.ts'

// The client's gifts (issue 22 point 1): what his two-week cap leaves, and the gifts he gave.

/** What his cap leaves him to give, or, reached, from when he may give again. */
export function GiftCap({
  capLeftCents,
  capGrowsAt,
}: {
  capLeftCents: number
  capGrowsAt: string | null
}) {
  const t = useT()
  const g = t.clientGifts
  const lang = useLanguage()
  const longDate = useLongDate()
  const cap = {
    left: formatBrlCents(capLeftCents, lang),
    cap: formatBrlCents(GIFT_CAP_CENTS, lang),
    days: GIFT_CAP_DAYS,
  }
  if (capLeftCents >= GIFT_LIMITS_CENTS.min) {
    return (
      <p className="rounded-md border border-sky-200 bg-sky-50 px-3 py-2 text-sm text-sky-950">
        {format(g.capLeft, cap)}
      </p>
    )
  }
  return (
    <FormAlert tone="info" title={format(g.capReached, cap)}>
      {capGrowsAt ? <p>{format(g.capGrows, { date: longDate(capGrowsAt) })}</p> : null}
    </FormAlert>
  )
}

/** Where a gift stands for him: its status, or 'unpaid' once its Pix can no longer be paid. */
export type GiftState = GiftStatus | 'unpaid'

export interface GivenGift {
  id: string
  amountCents: number
  message: string | null
  state: GiftState
  createdAt: Date | string
  paidAt: Date | string | null
  availableAt: Date | string | null
  chargeId: string | null
  profile: { name: string; username: string; public: boolean } | null
}

const STATE_LOOK: Record<GiftState, { icon: typeof Clock; tone: string }> = {
  awaiting_payment: { icon: Hourglass, tone: 'text-amber-900' },
  unpaid: { icon: TimerOff, tone: 'text-stone-600' },
  pending: { icon: Clock, tone: 'text-sky-900' },
  available: { icon: CircleCheck, tone: 'text-emerald-800' },
  refunded: { icon: Undo2, tone: 'text-stone-700' },
}

/** His gifts, newest first: to whom, how much, where each stands, and its payment. */
export function GiftList({ gifts }: { gifts: GivenGift[] }) {
  const t = useT()
  const g = t.clientGifts
  const lang = useLanguage()
  const longDate = useLongDate()
  return (
    <ul className="space-y-3">
      {gifts.map((gift) => {
        const { icon: Icon, tone } = STATE_LOOK[gift.state]
        const status = format(g.status[gift.state], {
          date: longDate(gift.availableAt ?? gift.paidAt ?? gift.createdAt),
        })
        return (
          <li key={gift.id} className={cardClass}>
            <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
              <h3 className="font-semibold">
                {gift.profile?.public ? (
                  <Link to={paths.profile(gift.profile.username)} className="underline">
                    {gift.profile.name}
                  </Link>
                ) : gift.profile ? (
                  <>
                    {gift.profile.name}{' '}
                    <span className="text-sm font-normal text-stone-600">({g.profileGone})</span>
                  </>
                ) : (
                  g.profileRemoved
                )}
              </h3>
              <p className="font-semibold tabular-nums">{formatBrlCents(gift.amountCents, lang)}</p>
            </div>
            <p className={`mt-1 flex items-center gap-2 text-sm font-medium ${tone}`}>
              <Icon aria-hidden="true" className="size-4 shrink-0" />
              {status}
            </p>
            <p className="mt-1 text-xs text-stone-600">
              {gift.paidAt
                ? format(g.paidOn, { date: longDate(gift.paidAt) })
                : format(g.startedOn, { date: longDate(gift.createdAt) })}
            </p>
            {gift.message ? (
              <p className="mt-2 text-sm break-words text-stone-700">
                {format(g.yourMessage, { message: gift.message })}
              </p>
            ) : null}
            {gift.chargeId ? (
              <div className="mt-3">
                {gift.state === 'awaiting_payment' ? (
                  <Link
                    to={paths.clientGiftCharge(gift.chargeId)}
                    className={`${buttonClass('main', 'mini')} inline-block text-sm`}
                  >
                    {g.pay}
                  </Link>
                ) : (
                  <span className="flex flex-wrap gap-x-4 gap-y-1">
                    <Link to={paths.clientGiftCharge(gift.chargeId)} className="text-sm underline">
                      {g.seeCharge}
                    </Link>
                    {gift.paidAt ? (
                      <Link to={paths.clientGiftReceipt(gift.id)} className="text-sm underline">
                        {g.receipt}
                      </Link>
                    ) : null}
                  </span>
                )}
              </div>
            ) : null}
          </li>
        )
      })}
    </ul>
  )
}
