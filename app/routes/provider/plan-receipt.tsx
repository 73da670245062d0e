import { data } from 'react-router'
import { ReceiptCard } from '#app/components/payments/receipt-card.tsx'
import { paths } from '#app/domain/paths.ts'
import { useT } from '#app/i18n/i18n.ts'
import { requireRole } from '#app/modules/auth/session.server.ts'
import { PRIVATE_NO_STORE } from '#app/modules/http/cache-control.ts'
import { passOnHeaders } from '#app/modules/http/route-headers.ts'
import { PIX_END_TO_END_ID_PATTERN } from '#app/modules/payments/pix-schemas.ts'
import { planReceipt } from '#app/modules/payments/receipts.server.ts'
import { titleMeta } from '#app/routes/title-meta.ts'
import type { Route } from './+types/plan-receipt'

// /dashboard/plan/receipt/{endToEndId} (issue 33 point 10): the printable receipt of one Pix she
// sent for a plan or a return fee, credited or sent back. Hers alone: anyone else's is a 404.

export const meta = titleMeta((t) => `${t.receipt.metaTitle} – ${t.dashboard.metaTitle}`)

const notFound = () => new Response('Not found', { status: 404, headers: PRIVATE_NO_STORE })

export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireRole(request, 'provider')
  if (!PIX_END_TO_END_ID_PATTERN.test(params.endToEndId)) throw notFound()
  const receipt = await planReceipt(user.id, params.endToEndId)
  if (!receipt) throw notFound()
  return data({ receipt }, { headers: PRIVATE_NO_STORE })
}

export const headers = passOnHeaders('Cache-Control')

export default function PlanReceiptPage({ loaderData }: Route.ComponentProps) {
  const t = useT()
  return (
    <ReceiptCard
      receipt={loaderData.receipt}
      back={{ to: paths.dashboardPlan, label: t.receipt.backPlan }}
    />
  )
}
