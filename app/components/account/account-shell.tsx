import { LogOut } from 'lucide-react'
import { Form } from 'react-router'
import { SiteShell } from '#app/components/layout/site-shell.tsx'
import type { Role } from '#app/domain/account.ts'
import { format, useT } from '#app/i18n/i18n.ts'

/**
 * The frame of a signed-in area (provider, client, admin): who is signed in, as what, and the
 * way out. Each area fills it in its own issue.
 */
export function AccountShell({
  title,
  text,
  email,
  accountRole,
}: {
  title: string
  text: string
  email: string
  accountRole: Role
}) {
  const t = useT()
  return (
    <SiteShell>
      <section className="py-8">
        <h1 className="text-3xl font-bold tracking-tight">{title}</h1>
        <p className="mt-2 text-stone-700">{text}</p>
        <div className="mt-6 flex flex-wrap items-center gap-4 rounded-lg border border-stone-200 bg-white p-4">
          <div className="text-sm">
            <p>{format(t.account.signedInAs, { email })}</p>
            <p className="text-stone-600">
              {format(t.account.roleLabel, { role: t.auth.roles[accountRole] })}
            </p>
          </div>
          <Form method="post" action="/sign-out" className="ml-auto">
            <button
              type="submit"
              className="inline-flex items-center gap-2 rounded-md border border-stone-300 px-3 py-2 text-sm font-medium hover:bg-stone-100"
            >
              <LogOut aria-hidden="true" className="size-4" />
              {t.account.signOut}
            </button>
          </Form>
        </div>
      </section>
    </SiteShell>
  )
}
