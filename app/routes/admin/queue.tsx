import { data } from 'react-router'
import { AdminList, Panel, SectionTitle } from '#app/components/admin/admin-parts.tsx'
import { useLongDate } from '#app/components/provider/standing-banner.tsx'
import { ButtonLink } from '#app/components/ui/button.tsx'
import { format, useCount, useT } from '#app/i18n/i18n.ts'
import { adminMeta } from '#app/modules/admin/meta.ts'
import { changesQueue, checkQueue } from '#app/modules/admin/queue-queries.server.ts'
import { requireRole } from '#app/modules/auth/session.server.ts'
import { PRIVATE_NO_STORE } from '#app/modules/http/cache-control.ts'
import { passOnHeaders } from '#app/modules/http/route-headers.ts'
import type { Route } from './+types/queue'

// /admin/verifications (issue 8 item 2): identity checks waiting, oldest first, and the new
// names and photos of public profiles waiting for review.

export const meta = (args: Route.MetaArgs) => adminMeta(args, 'queue')

export async function loader({ request }: Route.LoaderArgs) {
  await requireRole(request, 'admin')
  const [checks, changes] = await Promise.all([checkQueue(), changesQueue()])
  return data({ checks, changes }, { headers: PRIVATE_NO_STORE })
}

export const headers = passOnHeaders('Cache-Control')

export default function Queue({ loaderData }: Route.ComponentProps) {
  const t = useT()
  const countText = useCount()
  const q = t.admin.queue
  const longDate = useLongDate()
  return (
    <div className="space-y-8">
      <Panel>
        <SectionTitle title={q.checksTitle} hint={q.checksHint} />
        <AdminList items={loaderData.checks} empty={q.checksEmpty}>
          {(check) => (
            <li key={check.id} className="flex flex-wrap items-center gap-x-4 gap-y-1 py-3">
              <div className="min-w-0 flex-1">
                <p className="font-medium">
                  {check.name}{' '}
                  <span className="text-sm font-normal text-stone-600">{check.username}</span>
                  {check.renewal ? (
                    <span className="ml-2 rounded bg-sky-100 px-1.5 py-0.5 text-xs text-sky-900">
                      {q.renewal}
                    </span>
                  ) : null}
                </p>
                <p className="text-sm text-stone-600">
                  {[check.city, format(q.sentAt, { date: longDate(check.submittedAt) })]
                    .filter(Boolean)
                    .join(' · ')}
                </p>
              </div>
              <ButtonLink to={`/admin/verifications/${check.id}`} size="compact">
                {q.review}
              </ButtonLink>
            </li>
          )}
        </AdminList>
      </Panel>
      <Panel>
        <SectionTitle title={q.changesTitle} hint={q.changesHint} />
        <AdminList items={loaderData.changes} empty={q.changesEmpty}>
          {(change) => (
            <li key={change.profileId} className="flex flex-wrap items-center gap-x-4 gap-y-1 py-3">
              <div className="min-w-0 flex-1">
                <p className="font-medium">
                  {change.name}{' '}
                  <span className="text-sm font-normal text-stone-600">{change.username}</span>
                </p>
                <p className="text-sm text-stone-600">
                  {[
                    change.pendingWorkingName
                      ? format(t.admin.profile.newName, { name: change.pendingWorkingName })
                      : null,
                    change.pendingPhotos > 0
                      ? countText(t.admin.profile.newPhotos, change.pendingPhotos)
                      : null,
                    change.changesSubmittedAt
                      ? format(q.changedAt, { date: longDate(change.changesSubmittedAt) })
                      : null,
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </p>
              </div>
              <ButtonLink to={`/admin/profiles/${change.profileId}#changes`} size="compact">
                {q.review}
              </ButtonLink>
            </li>
          )}
        </AdminList>
      </Panel>
    </div>
  )
}
