import { data } from 'react-router'
import { GiftCap, GiftList } from '#app/components/client/gift-list.tsx'
import { CHARGE_GRACE_MS } from '#app/domain/plans.ts'
import { format, useT } from '#app/i18n/i18n.ts'
import { requireRole } from '#app/modules/auth/session.server.ts'
import { clientMeta } from '#app/modules/client/meta.ts'
import { PRIVATE_NO_STORE } from '#app/modules/http/cache-control.ts'
import { passOnHeaders } from '#app/modules/http/route-headers.ts'
import {
  capGrowsAt,
  GIFTS_LISTED,
  giftsGivenBy,
} from '#app/modules/payments/client-gifts.server.ts'
import { giftCapLeftCents, giftsEnabled } from '#app/modules/payments/gifts.server.ts'
import type { Route } from './+types/gifts'

export const meta = (args: Route.MetaArgs) => clientMeta(args, 'gifts')

// /client-dashboard/gifts (issue 22 point 1): the gifts the client gave, newest first, where each
// stands (waiting for its Pix, not paid, paid and on its way to her, delivered, sent back), and
// what his two-week cap leaves. Without gifts it does not exist.

export async function loader({ request }: Route.LoaderArgs) {
  if (!giftsEnabled()) throw new Response('Not found', { status: 404, headers: PRIVATE_NO_STORE })
  const user = await requireRole(request, 'client')
  const [rows, capLeftCents, capGrows] = await Promise.all([
    giftsGivenBy(user.id),
    giftCapLeftCents(user.id),
    capGrowsAt(user.id),
  ])
  const now = Date.now()
  const gifts = rows.map((row) => ({
    id: row.id,
    amountCents: row.amountCents,
    message: row.message,
    // A gift whose Pix can no longer be paid is no gift: it says so.
    state:
      row.status === 'awaiting_payment' &&
      !(
        row.chargeStatus === 'active' &&
        row.chargeExpiresAt &&
        now < row.chargeExpiresAt.getTime() + CHARGE_GRACE_MS
      )
        ? ('unpaid' as const)
        : row.status,
    createdAt: row.createdAt,
    paidAt: row.paidAt,
    availableAt: row.availableAt,
    chargeId: row.chargeId,
    profile:
      row.profileUsername && row.profileName
        ? { name: row.profileName, username: row.profileUsername, public: row.profilePublic }
        : null,
  }))
  return data(
    {
      gifts,
      capLeftCents,
      capGrowsAt: capGrows?.toISOString() ?? null,
      more: rows.length === GIFTS_LISTED,
    },
    { headers: PRIVATE_NO_STORE },
  )
}

export const headers = passOnHeaders('Cache-Control')

export default function Gifts({ loaderData }: Route.ComponentProps) {
  const t = useT()
  const g = t.clientGifts
  const { gifts } = loaderData
  return (
    <div className="max-w-3xl space-y-4">
      <div>
        <h2 className="text-xl font-semibold">{g.listTitle}</h2>
        {gifts.length > 0 ? <p className="mt-1 text-sm text-stone-600">{g.listText}</p> : null}
      </div>
      <GiftCap capLeftCents={loaderData.capLeftCents} capGrowsAt={loaderData.capGrowsAt} />
      {gifts.length === 0 ? (
        <p className="rounded-lg border border-stone-200 bg-white p-6 text-center text-stone-700">
          {g.listEmpty}
        </p>
      ) : (
        <GiftList gifts={gifts} />
      )}
      {loaderData.more ? (
        <p className="text-sm text-stone-600">{format(g.listLimit, { count: gifts.length })}</p>
      ) : null}
    </div>
  )
}
