import { data } from 'react-router'
import { ReceiptCard } from '#app/components/payments/receipt-card.tsx'
import { paths } from '#app/domain/paths.ts'
import { isUuid } from '#app/domain/uuid.ts'
import { useT } from '#app/i18n/i18n.ts'
import { requireRole } from '#app/modules/auth/session.server.ts'
import { PRIVATE_NO_STORE } from '#app/modules/http/cache-control.ts'
import { passOnHeaders } from '#app/modules/http/route-headers.ts'
import { giftsEnabled } from '#app/modules/payments/gifts.server.ts'
import { giftReceipt } from '#app/modules/payments/receipts.server.ts'
import { titleMeta } from '#app/routes/title-meta.ts'
import type { Route } from './+types/gift-receipt'

// /client-dashboard/gifts/receipt/{giftId} (issue 33 point 10): the printable receipt of a gift
// he paid, sent back or not. His alone: anyone else's, or an unpaid gift, is a 404.

export const meta = titleMeta((t) => `${t.receipt.metaTitle} – ${t.client.metaTitle}`)

const notFound = () => new Response('Not found', { status: 404, headers: PRIVATE_NO_STORE })

export async function loader({ request, params }: Route.LoaderArgs) {
  if (!giftsEnabled()) throw notFound()
  const user = await requireRole(request, 'client')
  if (!isUuid(params.giftId)) throw notFound()
  const receipt = await giftReceipt(user.id, params.giftId)
  if (!receipt) throw notFound()
  return data({ receipt }, { headers: PRIVATE_NO_STORE })
}

export const headers = passOnHeaders('Cache-Control')

export default function GiftReceiptPage({ loaderData }: Route.ComponentProps) {
  const t = useT()
  return (
    <ReceiptCard
      receipt={loaderData.receipt}
      back={{ to: paths.clientGifts, label: t.receipt.backGifts }}
    />
  )
}
