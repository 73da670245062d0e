import { data } from 'react-router'
import { Panel, SectionTitle } from '#app/components/admin/admin-parts.tsx'
import { VitalCards, VitalsTable } from '#app/components/admin/vitals-parts.tsx'
import { format, useLanguage, useT } from '#app/i18n/i18n.ts'
import { adminMeta } from '#app/modules/admin/meta.ts'
import { vitalsSummary } from '#app/modules/analytics/web-vitals.server.ts'
import { requireRole } from '#app/modules/auth/session.server.ts'
import { PRIVATE_NO_STORE } from '#app/modules/http/cache-control.ts'
import { passOnHeaders } from '#app/modules/http/route-headers.ts'
import type { Route } from './+types/vitals'

// /admin/vitals (issue 24 point 4): what real visitors' browsers measured (LCP, INP, CLS,
// TTFB), as the 75th percentile of the last 28 days against Google's thresholds: overall, per
// page type and per device class.

export const meta = (args: Route.MetaArgs) => adminMeta(args, 'vitals')

export async function loader({ request }: Route.LoaderArgs) {
  await requireRole(request, 'admin')
  return data({ summary: await vitalsSummary() }, { headers: PRIVATE_NO_STORE })
}

export const headers = passOnHeaders('Cache-Control')

export default function Vitals({ loaderData }: Route.ComponentProps) {
  const t = useT().admin.vitals
  const language = useLanguage()
  const { summary } = loaderData
  const day = new Intl.DateTimeFormat(language === 'pt' ? 'pt-BR' : 'en', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  })
  const dayOf = (iso: string) => day.format(new Date(`${iso}T12:00:00Z`))
  const hint = format(t.hint, { from: dayOf(summary.from), to: dayOf(summary.to) })
  if (summary.byPage.length === 0) {
    return (
      <Panel>
        <SectionTitle title={t.title} hint={hint} />
        <p className="text-sm text-stone-600">{t.empty}</p>
      </Panel>
    )
  }
  return (
    <div className="space-y-6">
      <Panel>
        <SectionTitle title={t.title} hint={hint} />
        <h3 className="mb-2 font-medium">{t.overallTitle}</h3>
        <VitalCards figures={summary.overall} />
      </Panel>
      <Panel>
        <SectionTitle title={t.byPageTitle} />
        <VitalsTable
          heading={t.page}
          rows={summary.byPage.map(({ page, figures }) => ({
            key: page,
            label: t.pageTypes[page],
            figures,
          }))}
        />
      </Panel>
      <Panel>
        <SectionTitle title={t.byDeviceTitle} />
        <VitalsTable
          heading={t.device}
          rows={summary.byDevice.map(({ device, figures }) => ({
            key: device,
            label: t.devices[device],
            figures,
          }))}
        />
      </Panel>
    </div>
  )
}
