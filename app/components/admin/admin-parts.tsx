import { type ReactNode, useId } from 'react'
import { useActionData, useFetcher, useLocation } from 'react-router'
import { FormAlert } from '#app/components/forms/form-parts.tsx'
import { TabNav } from '#app/components/layout/tab-nav.tsx'
import { imageSrcSet } from '#app/domain/images.ts'
import { useT } from '#app/i18n/i18n.ts'
import type { AdminAnswer, AdminIntent } from '#app/modules/admin/actions.server.ts'
import { type MetaArgsLike, metaContext, pageMeta } from '#app/modules/seo/meta.ts'

// The admin area's shared parts: its tabs, its forms (each with its own answer), its fields.

type Section =
  | 'overview'
  | 'queue'
  | 'search'
  | 'reports'
  | 'usernames'
  | 'team'
  | 'audit'
  | 'account'

/** The head of one admin section. */
export function adminMeta(args: MetaArgsLike, section: Section) {
  const { t } = metaContext(args)
  return pageMeta(args, { title: `${t.admin.nav[section]} – ${t.admin.metaTitle}`, noindex: true })
}

export function AdminNav() {
  const t = useT()
  const items: { to: string; section: Section; end?: boolean }[] = [
    { to: '/admin', section: 'overview', end: true },
    { to: '/admin/verifications', section: 'queue' },
    { to: '/admin/profiles', section: 'search' },
    { to: '/admin/reports', section: 'reports' },
    { to: '/admin/usernames', section: 'usernames' },
    { to: '/admin/team', section: 'team' },
    { to: '/admin/audit', section: 'audit' },
    { to: '/admin/account', section: 'account' },
  ]
  return (
    <TabNav
      label={t.admin.nav.label}
      items={items.map((item) => ({ ...item, label: t.admin.nav[item.section] }))}
    />
  )
}

/** A section's heading with an optional line under it. */
export function SectionTitle({ title, hint }: { title: string; hint?: string }) {
  return (
    <div className="mb-3">
      <h2 className="text-lg font-semibold">{title}</h2>
      {hint ? <p className="text-sm text-stone-600">{hint}</p> : null}
    </div>
  )
}

/**
 * The forms of one admin page share one fetcher: its answer outlives the form that sent it (a
 * suspension removes the suspend form) and shows once, at the top of the page.
 */
function useAdminFetcher() {
  const { pathname } = useLocation()
  return useFetcher<AdminAnswer>({ key: `admin:${pathname}` })
}

/**
 * The answer of the page's last form: a notice, or a problem that is not about one field. Sent
 * without JavaScript (a whole-page POST) the answer comes as the action's data instead.
 */
export function PageAnswer() {
  const fetcher = useAdminFetcher()
  const answer = (useActionData() as AdminAnswer | undefined) ?? fetcher.data
  if (!answer || (answer.error && answer.error.field !== 'form')) return null
  return <AnswerAlert answer={answer} />
}

function AnswerAlert({ answer }: { answer: AdminAnswer }) {
  const t = useT()
  if (answer.error)
    return (
      <FormAlert tone="error" title={t.admin.notDone} reveal={answer}>
        {answer.error.message}
      </FormAlert>
    )
  return answer.notice ? <FormAlert tone="success" title={answer.notice} reveal={answer} /> : null
}

const fieldClass =
  'block w-full rounded-md border border-stone-300 bg-white px-3 py-2 text-sm focus:border-rose-700 focus:outline-none focus:ring-2 focus:ring-rose-700/30 aria-[invalid=true]:border-red-600'

/** One admin form: posts with a fetcher (no reload) or, without JavaScript, as a plain form. */
export function AdminForm({
  intent,
  subject,
  hidden,
  children,
  submit,
  tone = 'primary',
  className,
}: {
  intent: AdminIntent
  /** The id the answer is about, when several forms share an intent on one page. */
  subject?: string
  hidden?: Record<string, string>
  children?: (error: (field: string) => string | undefined) => ReactNode
  submit: string
  tone?: 'primary' | 'danger' | 'plain'
  className?: string
}) {
  const fetcher = useAdminFetcher()
  const pageAnswer = (useActionData() as AdminAnswer | undefined) ?? fetcher.data
  const answer =
    pageAnswer && pageAnswer.intent === intent && pageAnswer.subject === subject
      ? pageAnswer
      : undefined
  const error = (field: string) =>
    answer?.error?.field === field ? answer.error.message : undefined
  const busy = fetcher.state !== 'idle'
  const buttonClass = {
    primary: 'bg-rose-800 text-white hover:bg-rose-900',
    danger: 'bg-red-700 text-white hover:bg-red-800',
    plain: 'border border-stone-300 bg-white text-stone-800 hover:bg-stone-50',
  }[tone]
  return (
    <fetcher.Form method="post" className={`space-y-3 ${className ?? ''}`} noValidate>
      <input type="hidden" name="intent" value={intent} />
      {subject ? <input type="hidden" name="subject" value={subject} /> : null}
      {Object.entries(hidden ?? {}).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {children?.(error)}
      <button
        type="submit"
        disabled={busy}
        className={`rounded-md px-4 py-2 text-sm font-semibold disabled:opacity-60 ${buttonClass}`}
      >
        {submit}
      </button>
    </fetcher.Form>
  )
}

/** A labelled input, textarea or select with its hint or error. */
export function AdminField({
  label,
  name,
  error,
  hint,
  kind = 'input',
  options,
  ...input
}: {
  label: string
  name: string
  error?: string
  hint?: string
  kind?: 'input' | 'textarea' | 'select'
  options?: { value: string; label: string }[]
} & React.InputHTMLAttributes<HTMLInputElement>) {
  const id = useId()
  const messageId = `${id}-message`
  const common = {
    id,
    name,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error || hint ? messageId : undefined,
    className: fieldClass,
  }
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-stone-800">
        {label}
      </label>
      {kind === 'textarea' ? (
        <textarea {...common} rows={2} maxLength={500} defaultValue={input.defaultValue} />
      ) : kind === 'select' ? (
        <select {...common} defaultValue={input.defaultValue}>
          {options?.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      ) : (
        <input {...common} {...input} />
      )}
      {error || hint ? (
        <p id={messageId} className={`mt-1 text-xs ${error ? 'text-red-700' : 'text-stone-600'}`}>
          {error ?? hint}
        </p>
      ) : null}
    </div>
  )
}

/** The reason every moderation action asks for. */
export function ReasonField({
  error,
  name = 'reason',
  label,
}: {
  error?: string
  name?: string
  label?: string
}) {
  const t = useT()
  return (
    <AdminField kind="textarea" label={label ?? t.admin.reasonLabel} name={name} error={error} />
  )
}

/** A stored photo at thumbnail size, with its variants. */
export function Thumb({
  photo,
  alt,
}: {
  photo: {
    url: string
    storagePath: string | null
    width: number | null
    height: number | null
    variantWidths: number[]
  }
  alt: string
}) {
  return (
    <img
      src={photo.url}
      srcSet={photo.storagePath ? imageSrcSet(photo.storagePath, photo.variantWidths) : undefined}
      sizes="160px"
      width={photo.width ?? 320}
      height={photo.height ?? 427}
      alt={alt}
      loading="lazy"
      className="aspect-[3/4] w-full rounded-md bg-stone-100 object-cover"
    />
  )
}

/** A bordered box for one section of a page. */
export function Panel({ children }: { children: ReactNode }) {
  return <section className="rounded-lg border border-stone-200 bg-white p-4">{children}</section>
}
