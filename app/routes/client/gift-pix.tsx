import { data } from 'react-router'
import { ChargePage } from '#app/components/payments/charge-card.tsx'
import { useLongDate } from '#app/components/provider/standing-banner.tsx'
import { ButtonLink } from '#app/components/ui/button.tsx'
import { chargeState } from '#app/domain/charge-state.ts'
import { paths } from '#app/domain/paths.ts'
import { GIFT_CREDIT_BUSINESS_DAYS } from '#app/domain/terms.ts'
import { isUuid } from '#app/domain/uuid.ts'
import { format, useCount, useT } from '#app/i18n/i18n.ts'
import { requireRole } from '#app/modules/auth/session.server.ts'
import { PRIVATE_NO_STORE } from '#app/modules/http/cache-control.ts'
import { passOnHeaders } from '#app/modules/http/route-headers.ts'
import { giftOfCharge } from '#app/modules/payments/client-gifts.server.ts'
import { giftsEnabled } from '#app/modules/payments/gifts.server.ts'
import { ownCharge } from '#app/modules/payments/payments.server.ts'
import { qrDrawing } from '#app/platform/qr-code.server.ts'
import { titleMeta } from '#app/routes/title-meta.ts'
import type { Route } from './+types/gift-pix'

// /client-dashboard/gifts/pix/{id} (issue 22 point 1): the Pix of one of his gifts, as every
// charge page shows one (components/payments/charge-card.tsx): paid, it says when she receives
// it; expired, it offers to start again. Only its owner sees it.

export const meta = titleMeta((t) => `${t.pix.metaTitle} – ${t.client.metaTitle}`)

const notFound = () => new Response('Not found', { status: 404, headers: PRIVATE_NO_STORE })

export async function loader({ request, params }: Route.LoaderArgs) {
  if (!giftsEnabled()) throw notFound()
  const user = await requireRole(request, 'client')
  const id = params.chargeId
  if (!isUuid(id)) throw notFound()
  const charge = await ownCharge(user.id, id)
  if (charge?.purpose !== 'gift') throw notFound()
  const gift = await giftOfCharge(user.id, id)
  if (!gift) throw notFound()
  const state = chargeState(charge, Date.now())
  const open = state === 'open'
  return data(
    {
      state,
      amountCents: charge.amountCents,
      expiresAt: charge.expiresAt,
      checkedAt: open ? charge.checkedAt : null,
      refund: charge.refund,
      // The code only while it can be paid.
      code: open ? charge.brCode : null,
      qr: open ? qrDrawing(charge.brCode) : null,
      gift: {
        status: gift.status,
        availableAt: gift.availableAt,
        name: gift.profileName,
        username: gift.profileUsername,
        public: gift.profilePublic,
      },
    },
    { headers: PRIVATE_NO_STORE },
  )
}

export const headers = passOnHeaders('Cache-Control')

export default function GiftPixPage({ loaderData, params }: Route.ComponentProps) {
  const t = useT()
  const g = t.clientGifts
  const longDate = useLongDate()
  const count = useCount()
  const { gift } = loaderData
  const name = gift.name ?? ''
  return (
    <ChargePage
      charge={loaderData}
      back={{ to: paths.clientGifts, label: g.back }}
      what={gift.name ? format(g.forGift, { name }) : g.forGiftGone}
      paidTitle={g.paidTitle}
      paidText={
        gift.status === 'available'
          ? format(g.paidAvailable, { name })
          : gift.availableAt
            ? format(g.paidPending, { name, date: longDate(gift.availableAt) })
            : count(g.stepDelivery, GIFT_CREDIT_BUSINESS_DAYS)
      }
      checkPath={paths.clientGiftCharge(params.chargeId)}
      again={
        gift.public && gift.username ? (
          <ButtonLink to={paths.gift(gift.username)} size="large" className="mt-4 inline-block">
            {g.again}
          </ButtonLink>
        ) : null
      }
    />
  )
}
