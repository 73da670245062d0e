import { data, Form, Link } from 'react-router'
import { AdminField } from '#app/components/admin/admin-form.tsx'
import { AdminList, SectionTitle } from '#app/components/admin/admin-parts.tsx'
import { AuditWords, auditTarget } from '#app/components/admin/audit-words.tsx'
import { buttonClass } from '#app/components/ui/button.tsx'
import { BRAZIL_TIME_ZONE } from '#app/domain/brazil-time.ts'
import { ADMIN_ACTIONS, SYSTEM_ACTOR_ID } from '#app/domain/moderation.ts'
import { isUuid } from '#app/domain/uuid.ts'
import { useLanguage, useT } from '#app/i18n/i18n.ts'
import { endOfBrazilDay } from '#app/modules/admin/forms.ts'
import { adminMeta } from '#app/modules/admin/meta.ts'
import { auditEntries } from '#app/modules/admin/team-queries.server.ts'
import { requireRole } from '#app/modules/auth/session.server.ts'
import { PRIVATE_NO_STORE } from '#app/modules/http/cache-control.ts'
import { passOnHeaders } from '#app/modules/http/route-headers.ts'
import type { Route } from './+types/audit'

// /admin/audit (issue 8 item 8): every admin action, newest first, filtered by action, admin,
// target and dates. Read-only: nothing here (or anywhere) edits or deletes an entry.

export const meta = (args: Route.MetaArgs) => adminMeta(args, 'audit')

const MAX_TEXT = 200
/** A cursor's time as the log writes it: UTC with microseconds, years 2000 to 2999. */
const CURSOR_TIME = /^2\d{3}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/

export async function loader({ request }: Route.LoaderArgs) {
  await requireRole(request, 'admin')
  const params = new URL(request.url).searchParams
  // NUL cannot be stored or compared in PostgreSQL text: it is dropped like any stray blank.
  const text = (name: string) =>
    (params.get(name) ?? '').replaceAll('\u0000', '').trim().slice(0, MAX_TEXT)
  const action = ADMIN_ACTIONS.find((one) => one === params.get('action')) ?? null
  const fromDay = text('from')
  const toDay = text('to')
  const fromEnd = endOfBrazilDay(fromDay)
  const from = fromEnd ? new Date(fromEnd.getTime() - 86_400_000 + 1) : null
  const to = endOfBrazilDay(toDay)
  const [beforeAt, beforeId] = text('before').split('_')
  const before =
    beforeAt && CURSOR_TIME.test(beforeAt) && beforeId && isUuid(beforeId)
      ? { at: beforeAt, id: beforeId }
      : null
  const filters = { action, actor: text('actor'), target: text('target'), from, to, before }
  const page = await auditEntries(filters)
  const last = page.rows.at(-1)
  return data(
    {
      filters: { action, actor: filters.actor, target: filters.target, from: fromDay, to: toDay },
      entries: page.rows,
      next: page.more && last ? `${last.cursorAt}_${last.id}` : null,
    },
    { headers: PRIVATE_NO_STORE },
  )
}

export const headers = passOnHeaders('Cache-Control')

export default function Audit({ loaderData }: Route.ComponentProps) {
  const t = useT()
  const language = useLanguage()
  const au = t.admin.audit
  const { filters, entries, next } = loaderData
  const when = new Intl.DateTimeFormat(language === 'pt' ? 'pt-BR' : 'en', {
    dateStyle: 'short',
    timeStyle: 'short',
    timeZone: BRAZIL_TIME_ZONE,
  })
  const nextLink = () => {
    const params = new URLSearchParams()
    for (const [name, value] of Object.entries(filters)) if (value) params.set(name, value)
    if (next) params.set('before', next)
    return `?${params}`
  }
  return (
    <div className="space-y-4">
      <SectionTitle title={au.title} hint={au.hint} />
      <Form method="get" className="grid gap-3 sm:grid-cols-2 lg:grid-cols-6 lg:items-end">
        <AdminField
          kind="select"
          label={au.action}
          name="action"
          defaultValue={filters.action ?? ''}
          options={[
            { value: '', label: t.admin.search.any },
            ...ADMIN_ACTIONS.map((one) => ({ value: one, label: au.actions[one] })),
          ]}
        />
        <AdminField label={au.actor} name="actor" defaultValue={filters.actor} />
        <AdminField label={au.target} name="target" defaultValue={filters.target} />
        <AdminField type="date" label={au.from} name="from" defaultValue={filters.from} />
        <AdminField type="date" label={au.to} name="to" defaultValue={filters.to} />
        <button type="submit" className={buttonClass('main', 'small')}>
          {au.filter}
        </button>
      </Form>
      <AdminList
        items={entries}
        empty={au.empty}
        className="rounded-lg border border-stone-200 bg-white text-sm"
      >
        {(entry) => (
          <li key={entry.id} className="p-3">
            <p>
              <strong>{au.actions[entry.action]}</strong> · {auditTarget(entry, t)}
            </p>
            <p className="break-all text-stone-600">
              <time dateTime={new Date(entry.createdAt).toISOString()}>
                {when.format(new Date(entry.createdAt))}
              </time>{' '}
              · {entry.actorEmail === SYSTEM_ACTOR_ID ? au.system : entry.actorEmail}
            </p>
            <AuditWords entry={entry} />
          </li>
        )}
      </AdminList>
      {next ? (
        <Link to={nextLink()} className="inline-block text-sm underline">
          {au.older}
        </Link>
      ) : null}
    </div>
  )
}
