import { TabNav } from '#app/components/layout/tab-nav.tsx'
import { useT } from '#app/i18n/i18n.ts'
import { type MetaArgsLike, metaContext, pageMeta } from '#app/modules/seo/meta.ts'

type Section = 'overview' | 'profile' | 'photos' | 'verification' | 'account'

/** The head of one dashboard section: its own title, so tabs and screen readers tell them apart. */
export function dashboardMeta(args: MetaArgsLike, section: Section) {
  const { t } = metaContext(args)
  return pageMeta(args, {
    title: `${t.dashboard.nav[section]} – ${t.dashboard.metaTitle}`,
    noindex: true,
  })
}

/** The dashboard's sections, as tabs (on two rows on a narrow phone). */
export function DashboardNav() {
  const t = useT()
  const items = [
    { to: '/dashboard', label: t.dashboard.nav.overview, end: true },
    { to: '/dashboard/profile', label: t.dashboard.nav.profile, end: false },
    { to: '/dashboard/photos', label: t.dashboard.nav.photos, end: false },
    { to: '/dashboard/verification', label: t.dashboard.nav.verification, end: false },
    { to: '/dashboard/account', label: t.dashboard.nav.account, end: false },
  ]
  return <TabNav label={t.dashboard.nav.label} items={items} />
}
