import { data, Form, Link } from 'react-router'
import { AdminField } from '#app/components/admin/admin-form.tsx'
import { AdminList } from '#app/components/admin/admin-parts.tsx'
import { ButtonLink, buttonClass } from '#app/components/ui/button.tsx'
import { ADMIN_ROLE_FILTERS, type RoleFilter } from '#app/domain/moderation.ts'
import { PROFILE_STATUSES } from '#app/domain/profile-status.ts'
import { format, useT } from '#app/i18n/i18n.ts'
import { adminMeta } from '#app/modules/admin/meta.ts'
import { isProfileStatus, searchAccounts } from '#app/modules/admin/profile-queries.server.ts'
import { requireRole } from '#app/modules/auth/session.server.ts'
import { PRIVATE_NO_STORE } from '#app/modules/http/cache-control.ts'
import { passOnHeaders } from '#app/modules/http/route-headers.ts'
import type { Route } from './+types/search'

// /admin/profiles (issue 8 item 3): accounts and profiles by name, username, e-mail, city,
// status and account type. Anything odd in the query string is ignored, never an error.

export const meta = (args: Route.MetaArgs) => adminMeta(args, 'search')

const MAX_QUERY = 100
const MAX_PAGE = 1000

export async function loader({ request }: Route.LoaderArgs) {
  await requireRole(request, 'admin')
  const params = new URL(request.url).searchParams
  const q = (params.get('q') ?? '').replaceAll('\u0000', '').trim().slice(0, MAX_QUERY)
  const statusParam = params.get('status')
  const status = isProfileStatus(statusParam) ? statusParam : null
  const role = ADMIN_ROLE_FILTERS.find((one) => one === params.get('role')) ?? null
  const pageNumber = Number(params.get('page') ?? '1')
  const page = Number.isInteger(pageNumber) && pageNumber >= 1 ? Math.min(pageNumber, MAX_PAGE) : 1
  const found = await searchAccounts({ q, status, role: role as RoleFilter | null, page })
  return data({ q, status, role, page, ...found }, { headers: PRIVATE_NO_STORE })
}

export const headers = passOnHeaders('Cache-Control')

export default function Search({ loaderData }: Route.ComponentProps) {
  const t = useT()
  const s = t.admin.search
  const { q, status, role, page, rows, more } = loaderData
  const pageLink = (to: number) => {
    const params = new URLSearchParams()
    if (q) params.set('q', q)
    if (status) params.set('status', status)
    if (role) params.set('role', role)
    params.set('page', String(to))
    return `?${params}`
  }
  return (
    <div className="space-y-4">
      <Form method="get" className="grid gap-3 sm:grid-cols-[2fr_1fr_1fr_auto] sm:items-end">
        <AdminField label={s.query} name="q" type="search" defaultValue={q} maxLength={100} />
        <AdminField
          kind="select"
          label={s.status}
          name="status"
          defaultValue={status ?? ''}
          options={[
            { value: '', label: s.any },
            ...PROFILE_STATUSES.map((one) => ({ value: one, label: t.admin.statuses[one] })),
          ]}
        />
        <AdminField
          kind="select"
          label={s.role}
          name="role"
          defaultValue={role ?? ''}
          options={[
            { value: '', label: s.any },
            ...ADMIN_ROLE_FILTERS.map((one) => ({ value: one, label: t.auth.roles[one] })),
          ]}
        />
        <button type="submit" className={buttonClass('main', 'small')}>
          {s.submit}
        </button>
      </Form>
      <AdminList
        items={rows}
        empty={s.empty}
        as="ul"
        className="rounded-lg border border-stone-200 bg-white"
      >
        {(row) => (
          <li
            key={row.profileId ?? row.userId}
            className="flex flex-wrap items-center gap-x-4 gap-y-1 p-3 text-sm"
          >
            <div className="min-w-0 flex-1">
              <p className="font-medium">
                {row.name ?? row.accountName}
                {row.username ? (
                  <span className="ml-2 font-normal text-stone-600">{row.username}</span>
                ) : null}
              </p>
              <p className="break-all text-stone-600">
                {[
                  row.email,
                  row.role ? t.auth.roles[row.role] : null,
                  row.city,
                  row.status ? t.admin.statuses[row.status] : null,
                  row.visibilityStatus === 'hidden' ? t.admin.visibility.hidden : null,
                  row.membershipTier && row.membershipTier !== 'free'
                    ? t.tiers[row.membershipTier]
                    : null,
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </p>
            </div>
            {row.profileId ? (
              <ButtonLink to={`/admin/profiles/${row.profileId}`} tone="secondary" size="mini">
                {s.open}
              </ButtonLink>
            ) : (
              <span className="text-stone-500">{s.noProfile}</span>
            )}
          </li>
        )}
      </AdminList>
      <nav className="flex justify-between text-sm">
        {page > 1 ? (
          <Link to={pageLink(page - 1)} className="underline">
            {t.admin.audit.newer}
          </Link>
        ) : (
          <span />
        )}
        {more ? (
          <Link to={pageLink(page + 1)} className="underline">
            {format(t.admin.audit.older, {})}
          </Link>
        ) : null}
      </nav>
    </div>
  )
}
