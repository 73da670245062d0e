import type { ReactNode } from 'react'
import { Outlet } from 'react-router'
import { SiteShell } from './site-shell.tsx'

/** The frame of a signed-in area (provider, client, admin): its heading, its tabs, the section. */
export function AreaFrame({
  title,
  intro,
  nav,
}: {
  title: string
  intro?: string
  nav: ReactNode
}) {
  return (
    <SiteShell>
      <div className="py-6">
        {/* Printed, a page is its content alone (a receipt, issue 33 point 10). */}
        <div className="print:hidden">
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{title}</h1>
          {intro ? <p className="mt-1 text-sm text-stone-600">{intro}</p> : null}
          <div className="mt-4">{nav}</div>
        </div>
        <div className="mt-6 print:mt-0">
          <Outlet />
        </div>
      </div>
    </SiteShell>
  )
}
