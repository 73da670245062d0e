import { data, Link } from 'react-router'
import {
  AdminField,
  AdminForm,
  adminMeta,
  PageAnswer,
  Panel,
  SectionTitle,
  Thumb,
} from '#app/components/admin/admin-parts.tsx'
import { useLongDate } from '#app/components/provider/standing-banner.tsx'
import { FLAG_RESOLUTIONS, REPORT_RESOLUTIONS } from '#app/domain/moderation.ts'
import { format, useT } from '#app/i18n/i18n.ts'
import type { Dictionary } from '#app/i18n/pt.ts'
import { adminAction } from '#app/modules/admin/actions.server.ts'
import { openFlags, openReports } from '#app/modules/admin/queries.server.ts'
import { requireRole } from '#app/modules/auth/session.server.ts'
import { passOnHeaders } from '#app/modules/http/route-headers.ts'
import type { Route } from './+types/reports'

// /admin/reports (issue 8 item 4): open reports from clients and visitors, and duplicate-photo
// flags with both photos and both profiles; each closed with an action and a note.

export const meta = (args: Route.MetaArgs) => adminMeta(args, 'reports')

export async function loader({ request }: Route.LoaderArgs) {
  await requireRole(request, 'admin')
  const [reports, flags] = await Promise.all([openReports(), openFlags()])
  return data({ reports, flags }, { headers: { 'Cache-Control': 'private, no-store' } })
}

export const headers = passOnHeaders('Cache-Control')

export function action({ request }: Route.ActionArgs) {
  return adminAction(request, ['resolve-report', 'resolve-flag'])
}

export default function Reports({ loaderData }: Route.ComponentProps) {
  const t = useT()
  const r = t.admin.reports
  const longDate = useLongDate()
  return (
    <div className="space-y-8">
      <PageAnswer />
      <Panel>
        <SectionTitle title={r.title} />
        {loaderData.reports.length === 0 ? (
          <p className="text-sm text-stone-600">{r.empty}</p>
        ) : (
          <ol className="divide-y divide-stone-200">
            {loaderData.reports.map((report) => (
              <li key={report.id} className="grid gap-3 py-4 md:grid-cols-2">
                <div className="text-sm">
                  <p className="font-semibold">{r.reasons[report.reason]}</p>
                  {report.reason === 'minor' ? (
                    <p className="font-medium text-red-800">
                      {report.hidProfile ? r.minorHid : r.minorPriority}
                    </p>
                  ) : null}
                  <p>
                    <Link to={`/admin/profiles/${report.profileId}`} className="underline">
                      {report.name} ({report.username})
                    </Link>{' '}
                    · {t.admin.statuses[report.status]}
                  </p>
                  <p className="text-stone-600">
                    {report.byClient ? r.byClient : r.byVisitor} ·{' '}
                    {format(r.filedAt, { date: longDate(report.createdAt) })}
                  </p>
                  {report.details ? (
                    <p className="mt-1 whitespace-pre-line text-stone-800">{report.details}</p>
                  ) : null}
                </div>
                <ResolveForm
                  intent="resolve-report"
                  subject={report.id}
                  choices={REPORT_RESOLUTIONS}
                />
              </li>
            ))}
          </ol>
        )}
      </Panel>
      <Panel>
        <div id="flags">
          <SectionTitle title={r.flagsTitle} hint={r.flagsHint} />
          {loaderData.flags.length === 0 ? (
            <p className="text-sm text-stone-600">{r.flagsEmpty}</p>
          ) : (
            <ol className="divide-y divide-stone-200">
              {loaderData.flags.map((flag) => (
                <li key={flag.id} className="grid gap-3 py-4 md:grid-cols-2">
                  <div className="text-sm">
                    <div className="grid grid-cols-2 gap-2">
                      <figure>
                        <Thumb photo={flag.photo} alt="" />
                        <figcaption className="mt-1">
                          <Link to={`/admin/profiles/${flag.profile.id}`} className="underline">
                            {format(r.newPhoto, { name: flag.profile.name })}
                          </Link>
                        </figcaption>
                      </figure>
                      <figure>
                        <Thumb photo={flag.matchedPhoto} alt="" />
                        <figcaption className="mt-1">
                          <Link
                            to={`/admin/profiles/${flag.matchedProfile.id}`}
                            className="underline"
                          >
                            {format(r.matchedPhoto, { name: flag.matchedProfile.name })}
                          </Link>
                        </figcaption>
                      </figure>
                    </div>
                    <p className="mt-2 text-stone-600">
                      {format(r.distance, { bits: flag.distance })} ·{' '}
                      {format(r.filedAt, { date: longDate(flag.createdAt) })}
                    </p>
                  </div>
                  <ResolveForm intent="resolve-flag" subject={flag.id} choices={FLAG_RESOLUTIONS} />
                </li>
              ))}
            </ol>
          )}
        </div>
      </Panel>
    </div>
  )
}

/** Closes one report or flag: what was done, and a note. */
function ResolveForm({
  intent,
  subject,
  choices,
}: {
  intent: 'resolve-report' | 'resolve-flag'
  subject: string
  choices: readonly (keyof Dictionary['admin']['reports']['resolutions'])[]
}) {
  const t = useT()
  const r = t.admin.reports
  return (
    <AdminForm intent={intent} subject={subject} submit={r.resolve}>
      {(error) => (
        <>
          <AdminField
            kind="select"
            label={r.resolution}
            name="resolution"
            error={error('resolution')}
            options={choices.map((one) => ({ value: one, label: r.resolutions[one] }))}
          />
          <AdminField kind="textarea" label={t.admin.noteLabel} name="note" error={error('note')} />
        </>
      )}
    </AdminForm>
  )
}
