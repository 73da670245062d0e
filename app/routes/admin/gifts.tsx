import { data, Link } from 'react-router'
import { PageAnswer } from '#app/components/admin/admin-form.tsx'
import { AdminList, Panel, PixOffNotice, SectionTitle } from '#app/components/admin/admin-parts.tsx'
import { FreezeItem, GiftItem, useMoney } from '#app/components/admin/gift-parts.tsx'
import { BalanceTable, WithdrawalTable } from '#app/components/admin/gift-tables.tsx'
import { ADMIN_PAGE_SIZE } from '#app/domain/moderation.ts'
import { paths } from '#app/domain/paths.ts'
import { format, useCount, useT } from '#app/i18n/i18n.ts'
import { adminAction } from '#app/modules/admin/actions.server.ts'
import { adminMeta } from '#app/modules/admin/meta.ts'
import { adminPageOf } from '#app/modules/admin/page-param.ts'
import { requireRole } from '#app/modules/auth/session.server.ts'
import { PRIVATE_NO_STORE } from '#app/modules/http/cache-control.ts'
import { passOnHeaders } from '#app/modules/http/route-headers.ts'
import {
  giftTotals,
  openFreezes,
  providerBalances,
  recentGifts,
  recentWithdrawals,
} from '#app/modules/payments/gift-team-queries.server.ts'
import { giftsEnabled } from '#app/modules/payments/gifts.server.ts'
import type { Route } from './+types/gifts'

// /admin/gifts (issue 22 point 4): the ledger's totals, the frozen balances (released with a
// reason), each provider's balance (frozen by hand with a reason), the recent gifts (sent back
// with a reason while her balance holds them) and the withdrawals. Every action is audited.

export const meta = (args: Route.MetaArgs) => adminMeta(args, 'gifts')

export async function loader({ request }: Route.LoaderArgs) {
  await requireRole(request, 'admin')
  const page = adminPageOf(request)
  const [totals, freezes, balances, giftList, withdrawals] = await Promise.all([
    giftTotals(),
    openFreezes(),
    providerBalances(),
    recentGifts(page),
    recentWithdrawals(),
  ])
  return data(
    {
      giftsOn: giftsEnabled(),
      totals,
      freezes: freezes.rows,
      freezeTotal: freezes.total,
      balances: balances.rows,
      balanceTotal: balances.total,
      gifts: giftList.rows,
      more: giftList.more,
      page,
      withdrawals,
    },
    { headers: PRIVATE_NO_STORE },
  )
}

export const headers = passOnHeaders('Cache-Control')

export function action({ request }: Route.ActionArgs) {
  return adminAction(request, ['gift-refund', 'balance-freeze', 'balance-release'])
}

export default function Gifts({ loaderData }: Route.ComponentProps) {
  const t = useT()
  const g = t.admin.gifts
  const { freezes, balances, gifts, withdrawals, page, more } = loaderData
  return (
    <div className="space-y-6">
      <PageAnswer />
      {loaderData.giftsOn ? null : <PixOffNotice text={g.off} />}
      <Totals totals={loaderData.totals} />
      <Panel>
        <div id="bloqueios">
          <SectionTitle title={g.freezesTitle} hint={g.freezesHint} />
          <AdminList items={freezes} empty={g.freezesEmpty}>
            {(freeze) => <FreezeItem key={freeze.id} freeze={freeze} />}
          </AdminList>
          {loaderData.freezeTotal > freezes.length ? (
            <p className="mt-3 text-xs text-stone-600">
              {format(g.freezesMore, { shown: freezes.length, total: loaderData.freezeTotal })}
            </p>
          ) : null}
        </div>
      </Panel>
      <Panel>
        <div id="saldos">
          <SectionTitle title={g.balancesTitle} hint={g.balancesHint} />
          {balances.length === 0 ? (
            <p className="text-sm text-stone-600">{g.balancesEmpty}</p>
          ) : (
            <BalanceTable balances={balances} />
          )}
          {loaderData.balanceTotal > balances.length ? (
            <p className="mt-3 text-xs text-stone-600">
              {format(g.balancesMore, { shown: balances.length, total: loaderData.balanceTotal })}
            </p>
          ) : null}
        </div>
      </Panel>
      <Panel>
        <div id="presentes">
          <SectionTitle
            title={g.giftsTitle}
            hint={format(g.giftsHint, { size: ADMIN_PAGE_SIZE })}
          />
          <AdminList items={gifts} empty={<EmptyPage page={page} text={g.giftsEmpty} />}>
            {(gift) => <GiftItem key={gift.id} gift={gift} />}
          </AdminList>
          <Pages page={page} more={more} />
        </div>
      </Panel>
      <Panel>
        <div id="saques">
          <SectionTitle
            title={g.withdrawalsTitle}
            hint={format(g.withdrawalsHint, { size: ADMIN_PAGE_SIZE })}
          />
          {withdrawals.length === 0 ? (
            <p className="text-sm text-stone-600">{g.withdrawalsEmpty}</p>
          ) : (
            <WithdrawalTable withdrawals={withdrawals} />
          )}
        </div>
      </Panel>
    </div>
  )
}

type Totals = Route.ComponentProps['loaderData']['totals']

/** The ledger's figures: what came in, and where all of it is now. */
function Totals({ totals }: { totals: Totals }) {
  const t = useT()
  const count = useCount()
  const money = useMoney()
  const g = t.admin.gifts
  const figures: [label: string, cents: number, detail?: string][] = [
    [g.totals.paid, totals.paidCents, count(g.giftCount, totals.paidCount)],
    [g.totals.refunded, totals.refundedCents, count(g.giftCount, totals.refundedCount)],
    [g.totals.pending, totals.pendingCents],
    [g.totals.available, totals.availableCents],
    [g.totals.payout, totals.payoutCents],
    [g.totals.withdrawn, totals.withdrawnCents, count(g.withdrawalCount, totals.withdrawnCount)],
    [g.totals.fees, totals.feesCents],
  ]
  return (
    <Panel>
      <SectionTitle title={g.totalsTitle} hint={g.totalsHint} />
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
        {figures.map(([label, cents, detail], index) => (
          <div
            key={label}
            className={`rounded-md border p-3 ${index === 0 ? 'border-rose-200 bg-rose-50' : 'border-stone-200'}`}
          >
            <dt className="text-xs text-stone-600">{label}</dt>
            <dd className="mt-1 text-lg font-semibold tabular-nums">{money(cents)}</dd>
            {detail ? <dd className="text-xs text-stone-600">{detail}</dd> : null}
          </div>
        ))}
      </dl>
    </Panel>
  )
}

const pageLink = (to: number) => (to > 1 ? `${paths.adminGifts}?pagina=${to}` : paths.adminGifts)

/** An empty list: none yet, or a page past the last. */
function EmptyPage({ page, text }: { page: number; text: string }) {
  const p = useT().admin.payments
  return (
    <p className="text-sm text-stone-600">
      {page === 1 ? (
        text
      ) : (
        <>
          {p.pageEmpty}{' '}
          <Link to={pageLink(1)} className="underline">
            {p.firstPage}
          </Link>
        </>
      )}
    </p>
  )
}

/** Newer and older pages of the gifts. */
function Pages({ page, more }: { page: number; more: boolean }) {
  const t = useT()
  const p = t.admin.payments
  if (page === 1 && !more) return null
  return (
    <nav aria-label={t.admin.gifts.giftsTitle} className="mt-4 flex items-center gap-4 text-sm">
      {page > 1 ? (
        <Link to={`${pageLink(page - 1)}#presentes`} className="underline">
          {p.previous}
        </Link>
      ) : null}
      <span>{format(p.page, { page })}</span>
      {more ? (
        <Link to={`${pageLink(page + 1)}#presentes`} className="underline">
          {p.next}
        </Link>
      ) : null}
    </nav>
  )
}
