import { data, Link } from 'react-router'
import {
  AdminField,
  AdminForm,
  PageAnswer,
  ReasonField,
} from '#app/components/admin/admin-form.tsx'
import { AdminList, Panel, SectionTitle, Thumb } from '#app/components/admin/admin-parts.tsx'
import { AuditWords } from '#app/components/admin/audit-words.tsx'
import { ProfileActions } from '#app/components/admin/profile-actions.tsx'
import { ProfileFacts } from '#app/components/admin/profile-facts.tsx'
import { useLongDate } from '#app/components/provider/standing-banner.tsx'
import { SYSTEM_ACTOR_ID } from '#app/domain/moderation.ts'
import { isUuid } from '#app/domain/uuid.ts'
import { format, useCount, useT } from '#app/i18n/i18n.ts'
import { adminAction } from '#app/modules/admin/actions.server.ts'
import { adminMeta } from '#app/modules/admin/meta.ts'
import { profileForAdmin } from '#app/modules/admin/profile-queries.server.ts'
import { requireRole } from '#app/modules/auth/session.server.ts'
import { PRIVATE_NO_STORE } from '#app/modules/http/cache-control.ts'
import { passOnHeaders } from '#app/modules/http/route-headers.ts'
import { suspensionDailyOf } from '#app/modules/moderation/sanctions.server.ts'
import type { Route } from './+types/profile'

// /admin/profiles/{id} (issue 8 items 3 and 5): one profile as the team sees it, with the
// actions its state allows (suspend, end a suspension, ban, hide or show, plan), the changes
// waiting for review, its reports and its history from the audit log.

export const meta = (args: Route.MetaArgs) => adminMeta(args, 'search')

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireRole(request, 'admin')
  if (!isUuid(params.id)) throw new Response('Not found', { status: 404 })
  const found = await profileForAdmin(params.id)
  if (!found) throw new Response('Not found', { status: 404 })
  // The daily value of her plan, from which a suspension's return fee is counted (issue 33).
  const daily = found.profile.status === 'approved' ? await suspensionDailyOf(params.id) : null
  return data({ ...found, daily }, { headers: PRIVATE_NO_STORE })
}

export const headers = passOnHeaders('Cache-Control')

export function action({ request }: Route.ActionArgs) {
  return adminAction(request, [
    'approve-changes',
    'reject-changes',
    'suspend',
    'lift',
    'ban',
    'hide',
    'unhide',
    'tier',
    'waive-fee',
    'reset-two-factor',
  ])
}

export default function AdminProfile({ loaderData }: Route.ComponentProps) {
  const t = useT()
  const countText = useCount()
  const a = t.admin
  const longDate = useLongDate()
  const { profile, photos, history, reports, nextSuspension, returnFee } = loaderData
  const id = { profileId: profile.id }
  const pendingPhotos = photos.filter((photo) => photo.pending).length
  return (
    <div className="space-y-6">
      <h2 className="text-xl font-semibold">{format(a.profile.title, { name: profile.name })}</h2>
      {profile.email ? (
        // Issue 19 point 19: the profile as the public will see it (a provider's profile only).
        <Link to={`/admin/profiles/${profile.id}/preview`} className="text-sm underline">
          {t.dashboard.preview.adminLink}
        </Link>
      ) : null}
      <PageAnswer />
      <ProfileFacts profile={profile} returnFee={returnFee} />

      {profile.changesSubmittedAt ? (
        <Panel>
          <div id="changes">
            <SectionTitle title={a.profile.changesTitle} />
            <p className="mb-3 text-sm">
              {[
                profile.pendingWorkingName
                  ? format(a.profile.newName, { name: profile.pendingWorkingName })
                  : null,
                pendingPhotos > 0 ? countText(a.profile.newPhotos, pendingPhotos) : null,
              ]
                .filter(Boolean)
                .join(' · ')}
            </p>
            <div className="grid gap-4 md:grid-cols-2">
              <AdminForm intent="approve-changes" hidden={id} submit={a.profile.approveChanges}>
                {(error) => (
                  <AdminField
                    kind="textarea"
                    label={a.noteLabel}
                    name="note"
                    error={error('note')}
                  />
                )}
              </AdminForm>
              <AdminForm
                intent="reject-changes"
                hidden={id}
                submit={a.profile.rejectChanges}
                tone="danger"
              >
                {(error) => <ReasonField name="note" error={error('note')} />}
              </AdminForm>
            </div>
          </div>
        </Panel>
      ) : null}

      <Panel>
        <SectionTitle title={a.profile.photos} />
        {photos.length === 0 ? (
          <p className="text-sm text-stone-600">{a.check.noPhotos}</p>
        ) : (
          <ul className="grid grid-cols-3 gap-2 sm:grid-cols-6">
            {photos.map((photo) => (
              <li key={photo.id}>
                <Thumb photo={photo} alt="" />
                {photo.pending ? (
                  <p className="mt-1 text-xs text-amber-800">{a.profile.pendingPhoto}</p>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </Panel>

      <ProfileActions
        profile={profile}
        returnFee={returnFee}
        nextSuspension={nextSuspension}
        daily={loaderData.daily}
      />

      <Panel>
        <SectionTitle title={a.profile.reports} />
        <AdminList items={reports} empty={a.profile.noReports} as="ul" className="text-sm">
          {(report) => (
            <li key={report.id} className="py-2">
              <strong>{a.reports.reasons[report.reason]}</strong> ·{' '}
              {format(a.reports.filedAt, { date: longDate(report.createdAt) })}
              {report.resolution ? ` · ${a.reports.resolutions[report.resolution]}` : null}
              {report.details ? <p className="text-stone-700">{report.details}</p> : null}
            </li>
          )}
        </AdminList>
      </Panel>

      <Panel>
        <SectionTitle title={a.profile.history} />
        <AdminList items={history} empty={a.profile.noHistory} as="ul" className="text-sm">
          {(entry) => (
            <li key={entry.id} className="py-2">
              <strong>{a.audit.actions[entry.action]}</strong> · {longDate(entry.createdAt)} ·{' '}
              <span className="break-all">
                {entry.actorEmail === SYSTEM_ACTOR_ID ? a.audit.system : entry.actorEmail}
              </span>
              <AuditWords entry={entry} />
            </li>
          )}
        </AdminList>
        <Link
          to={`/admin/audit?target=${profile.id}`}
          className="mt-2 inline-block text-sm text-rose-900 underline"
        >
          {a.profile.fullHistory}
        </Link>
      </Panel>
    </div>
  )
}
