import { TabNav } from '#app/components/layout/tab-nav.tsx'
import { paths } from '#app/domain/paths.ts'
import { useT } from '#app/i18n/i18n.ts'

/** The dashboard's sections, as tabs (on two rows on a narrow phone); gifts only when on. */
export function DashboardNav({ gifts = false }: { gifts?: boolean }) {
  const t = useT()
  const items = [
    { to: '/dashboard', label: t.dashboard.nav.overview, end: true },
    { to: '/dashboard/profile', label: t.dashboard.nav.profile, end: false },
    { to: '/dashboard/photos', label: t.dashboard.nav.photos, end: false },
    { to: '/dashboard/verification', label: t.dashboard.nav.verification, end: false },
    { to: paths.dashboardReviews, label: t.providerReviews.nav, end: false },
    { to: paths.dashboardPlan, label: t.dashboard.nav.plan, end: false },
    ...(gifts ? [{ to: paths.dashboardGifts, label: t.dashboard.nav.gifts, end: false }] : []),
    { to: '/dashboard/account', label: t.dashboard.nav.account, end: false },
  ]
  return <TabNav label={t.dashboard.nav.label} items={items} />
}
