import { TabNav } from '#app/components/layout/tab-nav.tsx'
import { useT } from '#app/i18n/i18n.ts'

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
