import { data } from 'react-router'
import {
  AdminField,
  AdminForm,
  PageAnswer,
  ReasonField,
} from '#app/components/admin/admin-form.tsx'
import { Panel, SectionTitle } from '#app/components/admin/admin-parts.tsx'
import { useLongDate } from '#app/components/provider/standing-banner.tsx'
import { format, useT } from '#app/i18n/i18n.ts'
import { adminAction } from '#app/modules/admin/actions.server.ts'
import { adminMeta } from '#app/modules/admin/meta.ts'
import { adminList } from '#app/modules/admin/team-queries.server.ts'
import { requireRole } from '#app/modules/auth/session.server.ts'
import { PRIVATE_NO_STORE } from '#app/modules/http/cache-control.ts'
import { passOnHeaders } from '#app/modules/http/route-headers.ts'
import type { Route } from './+types/team'

// /admin/team (issue 8 item 7): who is an admin; add one by the account's e-mail, remove one
// (never the last).

export const meta = (args: Route.MetaArgs) => adminMeta(args, 'team')

export async function loader({ request }: Route.LoaderArgs) {
  const admin = await requireRole(request, 'admin')
  return data({ admins: await adminList(), me: admin.id }, { headers: PRIVATE_NO_STORE })
}

export const headers = passOnHeaders('Cache-Control')

export function action({ request }: Route.ActionArgs) {
  return adminAction(request, ['grant-admin', 'revoke-admin'])
}

export default function Team({ loaderData }: Route.ComponentProps) {
  const t = useT()
  const tm = t.admin.team
  const longDate = useLongDate()
  return (
    <div className="space-y-6">
      <PageAnswer />
      <Panel>
        <SectionTitle title={tm.title} hint={tm.hint} />
        <AdminForm intent="grant-admin" submit={tm.add} className="max-w-md">
          {(error) => (
            <>
              <AdminField
                type="email"
                label={tm.email}
                name="email"
                autoComplete="off"
                error={error('email')}
              />
              <ReasonField error={error('reason')} />
            </>
          )}
        </AdminForm>
      </Panel>
      <ul className="divide-y divide-stone-200 rounded-lg border border-stone-200 bg-white">
        {loaderData.admins.map((admin) => (
          <li key={admin.id} className="grid gap-3 p-3 text-sm md:grid-cols-2">
            <div>
              <p className="break-all font-semibold">
                {admin.email}
                {admin.id === loaderData.me ? ` (${tm.you})` : ''}
              </p>
              <p className="text-stone-600">
                {admin.name} · {format(tm.since, { date: longDate(admin.since) })}
              </p>
            </div>
            <AdminForm intent="revoke-admin" subject={admin.id} submit={tm.remove} tone="plain">
              {(error) => <ReasonField error={error('reason')} />}
            </AdminForm>
          </li>
        ))}
      </ul>
    </div>
  )
}
