import { TabNav } from '#app/components/layout/tab-nav.tsx'
import { paths } from '#app/domain/paths.ts'
import { useT } from '#app/i18n/i18n.ts'

/** The client area's sections, as tabs; `gifts` while gifts are on (issue 22). */
export function ClientNav({ gifts = false }: { gifts?: boolean }) {
  const t = useT()
  return (
    <TabNav
      label={t.client.nav.label}
      items={[
        { to: '/client-dashboard', label: t.client.nav.favorites, end: true },
        { to: '/client-dashboard/history', label: t.client.nav.history },
        { to: paths.clientReviews, label: t.client.nav.reviews },
        ...(gifts ? [{ to: paths.clientGifts, label: t.client.nav.gifts }] : []),
        { to: '/client-dashboard/account', label: t.client.nav.account },
      ]}
    />
  )
}
