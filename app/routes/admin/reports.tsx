import type { ChangeEvent } from 'react'
import { data, Link } from 'react-router'
import { AdminField, AdminForm, PageAnswer } from '#app/components/admin/admin-form.tsx'
import { Panel, SectionTitle, Thumb } from '#app/components/admin/admin-parts.tsx'
import { useLongDate } from '#app/components/provider/standing-banner.tsx'
import { useHydrated } from '#app/components/use-hydrated.ts'
import { FLAG_RESOLUTIONS, REPORT_RESOLUTIONS } from '#app/domain/moderation.ts'
import { format, useT } from '#app/i18n/i18n.ts'
import type { Dictionary } from '#app/i18n/pt.ts'
import { adminAction } from '#app/modules/admin/actions.server.ts'
import { adminMeta } from '#app/modules/admin/meta.ts'
import { openFlags, openReports } from '#app/modules/admin/report-queries.server.ts'
import { requireRole } from '#app/modules/auth/session.server.ts'
import { PRIVATE_NO_STORE } from '#app/modules/http/cache-control.ts'
import { passOnHeaders } from '#app/modules/http/route-headers.ts'
import type { Route } from './+types/reports'

// /admin/reports (issue 8 item 4): open reports from clients and visitors, and duplicate-photo
// flags with both photos and both profiles; each closed with an action and a note.

export const meta = (args: Route.MetaArgs) => adminMeta(args, 'reports')

export async function loader({ request }: Route.LoaderArgs) {
  await requireRole(request, 'admin')
  const [reports, flags] = await Promise.all([openReports(), openFlags()])
  return data({ reports, flags }, { headers: PRIVATE_NO_STORE })
}

export const headers = passOnHeaders('Cache-Control')

export function action({ request }: Route.ActionArgs) {
  return adminAction(request, [
    'resolve-report',
    'resolve-flag',
    'resolve-reports',
    'resolve-flags',
  ])
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
          <>
            <BulkForm
              id="bulk-reports"
              intent="resolve-reports"
              hint={r.bulkHint}
              choices={REPORT_RESOLUTIONS}
            />
            <ol className="divide-y divide-stone-200">
              {loaderData.reports.map((report) => (
                <li key={report.id} className="grid gap-3 py-4 md:grid-cols-2">
                  <div className="text-sm">
                    <Tick
                      form="bulk-reports"
                      id={report.id}
                      label={`${report.name} (${report.username}), ${r.reasons[report.reason]}`}
                    />
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
          </>
        )}
      </Panel>
      <Panel>
        <div id="flags">
          <SectionTitle title={r.flagsTitle} hint={r.flagsHint} />
          {loaderData.flags.length === 0 ? (
            <p className="text-sm text-stone-600">{r.flagsEmpty}</p>
          ) : (
            <>
              <BulkForm
                id="bulk-flags"
                intent="resolve-flags"
                hint={r.flagsBulkHint}
                choices={FLAG_RESOLUTIONS}
              />
              <ol className="divide-y divide-stone-200">
                {loaderData.flags.map((flag) => (
                  <li key={flag.id} className="grid gap-3 py-4 md:grid-cols-2">
                    <div className="text-sm">
                      <Tick
                        form="bulk-flags"
                        id={flag.id}
                        label={format(r.newPhoto, { name: flag.profile.name })}
                      />
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
                    <ResolveForm
                      intent="resolve-flag"
                      subject={flag.id}
                      choices={FLAG_RESOLUTIONS}
                    />
                  </li>
                ))}
              </ol>
            </>
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

/** A row's box for a bulk decision: it belongs to the bulk form above the list. */
function Tick({ form, id, label }: { form: string; id: string; label: string }) {
  const t = useT()
  return (
    <label className="mb-2 inline-flex items-center gap-2 font-medium">
      <input
        type="checkbox"
        name="subjects"
        value={id}
        form={form}
        aria-label={format(t.admin.reports.select, { label })}
        className="size-5 accent-rose-800"
      />
      <span aria-hidden="true">{t.admin.reports.tick}</span>
    </label>
  )
}

/**
 * One decision and one reason for every ticked row (issue 19 point 21): a form of its own whose
 * boxes sit in the rows (the `form` attribute), so it works without JavaScript; with it, a box
 * ticks them all.
 */
function BulkForm({
  id,
  intent,
  hint,
  choices,
}: {
  id: string
  intent: 'resolve-reports' | 'resolve-flags'
  hint: string
  choices: readonly (keyof Dictionary['admin']['reports']['resolutions'])[]
}) {
  const t = useT()
  const r = t.admin.reports
  const hydrated = useHydrated()
  const tickAll = (event: ChangeEvent<HTMLInputElement>) => {
    for (const box of document.querySelectorAll<HTMLInputElement>(`input[form="${id}"]`))
      box.checked = event.currentTarget.checked
  }
  return (
    <section
      aria-label={r.bulkTitle}
      className="mb-4 rounded-md border border-stone-200 bg-stone-50 p-3"
    >
      <h3 className="text-sm font-semibold">{r.bulkTitle}</h3>
      <p className="mb-2 text-sm text-stone-600">{hint}</p>
      {hydrated ? (
        <label className="mb-2 flex items-center gap-2 text-sm">
          <input type="checkbox" onChange={tickAll} className="size-5 accent-rose-800" />
          {r.selectAll}
        </label>
      ) : null}
      <AdminForm id={id} intent={intent} submit={r.bulkSubmit}>
        {(error) => (
          <>
            {error('subjects') ? (
              <p role="alert" className="text-sm text-red-700">
                {error('subjects')}
              </p>
            ) : null}
            <AdminField
              kind="select"
              label={r.resolution}
              name="resolution"
              error={error('resolution')}
              options={choices.map((one) => ({ value: one, label: r.resolutions[one] }))}
            />
            <AdminField
              kind="textarea"
              label={t.admin.noteLabel}
              name="note"
              error={error('note')}
            />
          </>
        )}
      </AdminForm>
    </section>
  )
}
