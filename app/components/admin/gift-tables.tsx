// biome-ignore-all lint/a11y/noRedundantRoles: the phone layout stacks the tables' cells (display: block), which drops their implicit roles in WebKit; the roles restore them
import { format, useT } from '#app/i18n/i18n.ts'
import type { BalanceView, WithdrawalView } from '#app/modules/payments/gift-views.ts'
import { AdminForm, ReasonField } from './admin-form.tsx'
import { Disclosed, Time, useMoney, useRefused, useWhen } from './gift-parts.tsx'
import {
  AmountCell,
  ProfileCell,
  phoneLabel,
  StackedRow,
  StackedTable,
  stackedCell,
} from './stacked-table.tsx'

// The two tables of /admin/gifts (issue 22 point 4): each provider's balance with its freeze
// form, and the latest withdrawals.

/** Each provider's balance: pending, available, on its way; frozen, or a freeze form. */
export function BalanceTable({ balances }: { balances: BalanceView[] }) {
  const g = useT().admin.gifts
  const money = useMoney()
  return (
    <StackedTable
      caption={g.balancesTitle}
      first={g.profile}
      columns={[
        { name: g.pending, amount: true },
        { name: g.available, amount: true },
        { name: g.payout, amount: true },
        { name: g.freeze, hidden: true },
      ]}
    >
      {balances.map((balance) => (
        <StackedRow key={balance.profileId}>
          <ProfileCell
            profileId={balance.username ? balance.profileId : null}
            name={balance.name}
            username={balance.username}
            deleted={g.deletedProfile}
          />
          <AmountCell label={g.pending}>{money(balance.pendingCents)}</AmountCell>
          <AmountCell label={g.available} strong>
            {money(balance.availableCents)}
          </AmountCell>
          <AmountCell label={g.payout}>{money(balance.payoutCents)}</AmountCell>
          <td role="cell" className={`${stackedCell} md:w-72`}>
            <BalanceFreeze balance={balance} />
          </td>
        </StackedRow>
      ))}
    </StackedTable>
  )
}

function BalanceFreeze({ balance }: { balance: BalanceView }) {
  const g = useT().admin.gifts
  const refused = useRefused('balance-freeze', balance.profileId)
  if (balance.freezeCause) {
    return (
      <a href="#bloqueios" className="text-sm font-medium text-amber-900 underline">
        {format(g.frozen, { cause: g.causes[balance.freezeCause] })}
      </a>
    )
  }
  if (!balance.username) return null
  return (
    <Disclosed open={refused} summary={g.freeze} hint={g.freezeHint}>
      <AdminForm
        intent="balance-freeze"
        subject={balance.profileId}
        submit={g.freezeSubmit}
        tone="danger"
      >
        {(error) => <ReasonField error={error('reason')} />}
      </AdminForm>
    </Disclosed>
  )
}

/** The latest withdrawals: profile, amount, fee, net, the key's end, status, dates. */
export function WithdrawalTable({ withdrawals }: { withdrawals: WithdrawalView[] }) {
  const g = useT().admin.gifts
  const money = useMoney()
  const when = useWhen()
  return (
    <StackedTable
      caption={g.withdrawalsTitle}
      first={g.profile}
      columns={[
        { name: g.amount, amount: true },
        { name: g.fee, amount: true },
        { name: g.net, amount: true },
        { name: g.key },
        { name: g.status },
        { name: g.dates },
      ]}
    >
      {withdrawals.map((one) => (
        <StackedRow key={one.id}>
          <ProfileCell
            profileId={one.profileId}
            name={one.name}
            username={one.username}
            deleted={g.deletedProfile}
          />
          <AmountCell label={g.amount}>{money(one.amountCents)}</AmountCell>
          <AmountCell label={g.fee}>{money(one.feeCents)}</AmountCell>
          <AmountCell label={g.net} strong>
            {money(one.netCents)}
          </AmountCell>
          <td role="cell" className={`${stackedCell} whitespace-nowrap`}>
            <span className={phoneLabel}>{g.key}:</span>
            {format(g.keyMasked, { end: one.keyEnd })}
          </td>
          <td role="cell" className={stackedCell}>
            <span className={phoneLabel}>{g.status}:</span>
            <span className={one.status === 'failed' ? 'font-medium text-red-800' : undefined}>
              {g.withdrawalStatuses[one.status]}
            </span>
            {one.failure ? (
              <span className="block break-words text-xs text-stone-600">
                {format(g.failure, { failure: one.failure })}
              </span>
            ) : null}
          </td>
          <td role="cell" className={`${stackedCell} text-xs text-stone-600`}>
            {(
              [
                [one.requestedAt, g.requestedAt],
                [one.sentAt, g.sentAt],
                [one.settledAt, g.settledAt],
              ] as const
            ).map(([at, text]) =>
              at ? (
                <span key={text} className="block">
                  <Time at={at} text={format(text, { date: when(at) })} />
                </span>
              ) : null,
            )}
          </td>
        </StackedRow>
      ))}
    </StackedTable>
  )
}
