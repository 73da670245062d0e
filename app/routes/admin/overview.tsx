import { data, Link } from 'react-router'
import { SectionTitle } from '#app/components/admin/admin-parts.tsx'
import { BackupStatus } from '#app/components/admin/backup-status.tsx'
import { MEMBERSHIP_TIERS } from '#app/domain/membership.ts'
import { PROFILE_STATUSES } from '#app/domain/profile-status.ts'
import { useT } from '#app/i18n/i18n.ts'
import { adminMeta } from '#app/modules/admin/meta.ts'
import { adminCounts } from '#app/modules/admin/queue-queries.server.ts'
import { requireRole } from '#app/modules/auth/session.server.ts'
import { backupStatus } from '#app/modules/backup/service.server.ts'
import { PRIVATE_NO_STORE } from '#app/modules/http/cache-control.ts'
import { passOnHeaders } from '#app/modules/http/route-headers.ts'
import type { Route } from './+types/overview'

// /admin (issue 8 item 1): what waits for the team, and the directory by status and plan.

export const meta = (args: Route.MetaArgs) => adminMeta(args, 'overview')

export async function loader({ request }: Route.LoaderArgs) {
  await requireRole(request, 'admin')
  const [counts, backups] = await Promise.all([adminCounts(), backupStatus()])
  const backup = {
    lastSuccess: backups.lastSuccess?.toISOString(),
    failure: backups.failure && {
      at: backups.failure.at.toISOString(),
      error: backups.failure.error,
    },
  }
  return data({ ...counts, backup }, { headers: PRIVATE_NO_STORE })
}

export const headers = passOnHeaders('Cache-Control')

export default function Overview({ loaderData }: Route.ComponentProps) {
  const t = useT()
  const o = t.admin.overview
  const waiting = [
    { label: o.pendingChecks, count: loaderData.pendingChecks, to: '/admin/verifications' },
    { label: o.pendingChanges, count: loaderData.pendingChanges, to: '/admin/verifications' },
    { label: o.openReports, count: loaderData.openReports, to: '/admin/reports' },
    { label: o.openFlags, count: loaderData.openFlags, to: '/admin/reports#flags' },
  ]
  return (
    <div className="space-y-8">
      <BackupStatus status={loaderData.backup} />
      <ul className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {waiting.map((item) => (
          <li key={item.label}>
            <Link
              to={item.to}
              className="block h-full rounded-lg border border-stone-200 bg-white p-4 hover:border-rose-300"
            >
              <span className="block text-3xl font-bold tabular-nums text-stone-900">
                {item.count}
              </span>
              <span className="mt-1 block text-sm text-stone-600">{item.label}</span>
            </Link>
          </li>
        ))}
      </ul>
      <div className="grid gap-6 md:grid-cols-2">
        <section>
          <SectionTitle title={o.byStatus} />
          <CountTable
            rows={PROFILE_STATUSES.map((status) => ({
              key: status,
              label: t.admin.statuses[status],
              count: loaderData.byStatus[status] ?? 0,
              to: `/admin/profiles?status=${status}`,
            }))}
          />
        </section>
        <section>
          <SectionTitle title={o.byTier} />
          <CountTable
            rows={MEMBERSHIP_TIERS.map((tier) => ({
              key: tier,
              label: t.tiers[tier],
              count: loaderData.byTier[tier] ?? 0,
            }))}
          />
        </section>
      </div>
    </div>
  )
}

function CountTable({
  rows,
}: {
  rows: { key: string; label: string; count: number; to?: string }[]
}) {
  return (
    <table className="w-full text-sm">
      <tbody className="divide-y divide-stone-200">
        {rows.map((row) => (
          <tr key={row.key}>
            <th scope="row" className="py-2 text-left font-normal text-stone-700">
              {row.to ? (
                <Link to={row.to} className="underline-offset-2 hover:underline">
                  {row.label}
                </Link>
              ) : (
                row.label
              )}
            </th>
            <td className="py-2 text-right font-semibold tabular-nums">{row.count}</td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}
