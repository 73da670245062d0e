import { data } from 'react-router'
import {
  AdminField,
  AdminForm,
  PageAnswer,
  ReasonField,
} from '#app/components/admin/admin-form.tsx'
import { AdminList, Panel, SectionTitle } from '#app/components/admin/admin-parts.tsx'
import { BRAZIL_TIME_ZONE } from '#app/domain/brazil-time.ts'
import { format, useLanguage, useT } from '#app/i18n/i18n.ts'
import { adminAction } from '#app/modules/admin/actions.server.ts'
import { ADMIN_FORMS } from '#app/modules/admin/forms.ts'
import { adminMeta } from '#app/modules/admin/meta.ts'
import { reservedList } from '#app/modules/admin/team-queries.server.ts'
import { requireRole } from '#app/modules/auth/session.server.ts'
import { fieldAttributes } from '#app/modules/forms/fields.ts'
import { PRIVATE_NO_STORE } from '#app/modules/http/cache-control.ts'
import { passOnHeaders } from '#app/modules/http/route-headers.ts'
import type { Route } from './+types/usernames'

// /admin/usernames (issue 8 item 6): reserved usernames, added with a reason and released; the
// names of deleted profiles, held for 90 days, with their date (issue 30 point 11).

export const meta = (args: Route.MetaArgs) => adminMeta(args, 'usernames')

export async function loader({ request }: Route.LoaderArgs) {
  await requireRole(request, 'admin')
  return data({ reserved: await reservedList() }, { headers: PRIVATE_NO_STORE })
}

export const headers = passOnHeaders('Cache-Control')

export function action({ request }: Route.ActionArgs) {
  return adminAction(request, ['reserve', 'release'])
}

export default function Usernames({ loaderData }: Route.ComponentProps) {
  const t = useT()
  const u = t.admin.usernames
  return (
    <div className="space-y-6">
      <PageAnswer />
      <Panel>
        <SectionTitle title={u.title} hint={u.hint} />
        <AdminForm intent="reserve" submit={u.add} className="max-w-md">
          {(error) => (
            <>
              <AdminField
                label={u.username}
                name="username"
                autoCapitalize="none"
                spellCheck={false}
                {...fieldAttributes(ADMIN_FORMS.reserve, 'username')}
                error={error('username')}
              />
              <ReasonField error={error('reason')} />
            </>
          )}
        </AdminForm>
      </Panel>
      <AdminList
        items={loaderData.reserved}
        empty={u.empty}
        as="ul"
        className="rounded-lg border border-stone-200 bg-white"
      >
        {(row) => (
          <li key={row.username} className="grid gap-3 p-3 text-sm md:grid-cols-2">
            <div>
              <p className="font-semibold">{row.username}</p>
              <p className="text-stone-600">
                {row.heldUntil ? (
                  <HeldUntil at={row.heldUntil} template={u.released} />
                ) : row.reason === 'renamed' ? (
                  u.renamed
                ) : (
                  row.reason
                )}
              </p>
              {row.profileUsername ? (
                <p className="text-stone-600">
                  {format(u.redirect, { username: row.profileUsername })}
                </p>
              ) : null}
            </div>
            <AdminForm intent="release" subject={row.username} submit={u.remove} tone="plain">
              {(error) => <ReasonField error={error('reason')} />}
            </AdminForm>
          </li>
        )}
      </AdminList>
    </div>
  )
}

/** The day a deleted profile's name is free again (issue 30 point 11), in Brasília. */
function HeldUntil({ at, template }: { at: Date | string; template: string }) {
  const language = useLanguage()
  const date = new Intl.DateTimeFormat(language === 'pt' ? 'pt-BR' : 'en', {
    dateStyle: 'long',
    timeZone: BRAZIL_TIME_ZONE,
  }).format(new Date(at))
  const [before, after] = template.split('{date}')
  return (
    <>
      {before}
      <time dateTime={new Date(at).toISOString()}>{date}</time>
      {after}
    </>
  )
}
