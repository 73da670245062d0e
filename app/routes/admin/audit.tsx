import { data, Form, Link } from 'react-router'
import { AdminField } from '#app/components/admin/admin-form.tsx'
import { SectionTitle } from '#app/components/admin/admin-parts.tsx'
import { buttonClass } from '#app/components/ui/button.tsx'
import { BRAZIL_TIME_ZONE } from '#app/domain/brazil-time.ts'
import { ADMIN_ACTIONS, SYSTEM_ACTOR_ID } from '#app/domain/moderation.ts'
import { formatBrlCents } from '#app/domain/money.ts'
import { isPaidTier } from '#app/domain/plans.ts'
import { isUuid } from '#app/domain/uuid.ts'
import { format, useCount, useLanguage, useT } from '#app/i18n/i18n.ts'
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

/** The figures of an entry that mean something to a reader, in her language. */
function Details({ details }: { details: Record<string, unknown> | null }) {
  const t = useT()
  const countText = useCount()
  const language = useLanguage()
  const d = t.admin.audit.detail
  if (!details) return null
  const date = (value: unknown) =>
    new Intl.DateTimeFormat(language === 'pt' ? 'pt-BR' : 'en', {
      dateStyle: 'medium',
      timeZone: BRAZIL_TIME_ZONE,
    }).format(new Date(String(value)))
  const money = (cents: number) => formatBrlCents(cents, language)
  const parts: string[] = []
  // A plan's price (issue 21): old → new, or the first one.
  if (typeof details.to === 'number')
    parts.push(
      typeof details.from === 'number'
        ? format(d.price, { from: money(details.from), to: money(details.to) })
        : format(d.newPrice, { to: money(details.to) }),
    )
  if (typeof details.amountCents === 'number')
    parts.push(format(d.refunded, { amount: money(details.amountCents) }))
  if (typeof details.why === 'string' && details.why in d.why)
    parts.push(d.why[details.why as keyof typeof d.why])
  if (details.public === false && typeof details.why === 'string') parts.push(d.notPublic)
  if (typeof details.days === 'number') parts.push(countText(d.days, details.days))
  if (typeof details.feeCents === 'number')
    parts.push(format(d.fee, { fee: money(details.feeCents) }))
  if (typeof details.until === 'string') parts.push(format(d.until, { date: date(details.until) }))
  if (typeof details.to === 'string' && details.to in t.tiers)
    parts.push(format(d.tier, { tier: t.tiers[details.to as keyof typeof t.tiers] }))
  if (typeof details.expiresAt === 'string')
    parts.push(format(d.until, { date: date(details.expiresAt) }))
  if (typeof details.resolution === 'string' && details.resolution in t.admin.reports.resolutions)
    parts.push(
      t.admin.reports.resolutions[details.resolution as keyof typeof t.admin.reports.resolutions],
    )
  if (typeof details.cause === 'string' && details.cause in t.admin.gifts.causes)
    parts.push(
      format(d.cause, {
        cause: t.admin.gifts.causes[details.cause as keyof typeof t.admin.gifts.causes],
      }),
    )
  if (details.automatic === true) parts.push(d.automatic)
  // Issue 33: a plan's refund (its days taken back or kept), a return fee set by the team, a
  // plan's end moved by the time she was suspended.
  if (typeof details.plan === 'string' && details.plan in d.plan)
    parts.push(d.plan[details.plan as keyof typeof d.plan])
  if (typeof details.computedFeeCents === 'number')
    parts.push(format(d.feeOverridden, { fee: money(details.computedFeeCents) }))
  if (typeof details.planExtendedTo === 'string')
    parts.push(format(d.planExtended, { date: date(details.planExtendedTo) }))
  return parts.length > 0 ? (
    <p className="mt-1 text-xs text-stone-600">{parts.join(' · ')}</p>
  ) : null
}

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
      {entries.length === 0 ? (
        <p className="text-sm text-stone-600">{au.empty}</p>
      ) : (
        <ol className="divide-y divide-stone-200 rounded-lg border border-stone-200 bg-white text-sm">
          {entries.map((entry) => (
            <li key={entry.id} className="p-3">
              <p>
                <strong>{au.actions[entry.action]}</strong> ·{' '}
                {entry.targetType === 'plan' && isPaidTier(entry.targetLabel)
                  ? t.tiers[entry.targetLabel]
                  : entry.targetLabel}
              </p>
              <p className="break-all text-stone-600">
                <time dateTime={new Date(entry.createdAt).toISOString()}>
                  {when.format(new Date(entry.createdAt))}
                </time>{' '}
                · {entry.actorEmail === SYSTEM_ACTOR_ID ? au.system : entry.actorEmail}
              </p>
              {entry.reason ? <p className="mt-1 text-stone-800">{entry.reason}</p> : null}
              <Details details={entry.details as unknown as Record<string, unknown> | null} />
            </li>
          ))}
        </ol>
      )}
      {next ? (
        <Link to={nextLink()} className="inline-block text-sm underline">
          {au.older}
        </Link>
      ) : null}
    </div>
  )
}
