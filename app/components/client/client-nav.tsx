import { TabNav } from '#app/components/layout/tab-nav.tsx'
import { useT } from '#app/i18n/i18n.ts'
import { type MetaArgsLike, metaContext, pageMeta } from '#app/modules/seo/meta.ts'

type Section = 'favorites' | 'history' | 'account'

/** The head of one section of the client area: its own title, never indexed. */
export function clientMeta(args: MetaArgsLike, section: Section) {
  const { t } = metaContext(args)
  return pageMeta(args, {
    title: `${t.client.nav[section]} – ${t.client.metaTitle}`,
    noindex: true,
  })
}

/** The client area's sections, as tabs. */
export function ClientNav() {
  const t = useT()
  return (
    <TabNav
      label={t.client.nav.label}
      items={[
        { to: '/client-dashboard', label: t.client.nav.favorites, end: true },
        { to: '/client-dashboard/history', label: t.client.nav.history },
        { to: '/client-dashboard/account', label: t.client.nav.account },
      ]}
    />
  )
}
