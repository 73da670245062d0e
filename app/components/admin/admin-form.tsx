import { type ReactNode, useId } from 'react'
import { useActionData, useFetcher, useLocation } from 'react-router'
import { FormAlert } from '#app/components/ui/alert.tsx'
import { buttonClass } from '#app/components/ui/button.tsx'
import { useT } from '#app/i18n/i18n.ts'
import type { AdminAnswer, AdminIntent } from '#app/modules/admin/answer.ts'
import { REASON_ATTRIBUTES } from '#app/modules/admin/forms.ts'

// The admin screens' forms: each posts with the page's fetcher and shows its own answer; their
// fields show the first problem the action found (app/modules/admin/forms.ts).

/**
 * The forms of one admin page share one fetcher: its answer outlives the form that sent it (a
 * suspension removes the suspend form) and shows once, at the top of the page.
 */
function useAdminFetcher() {
  const { pathname } = useLocation()
  return useFetcher<AdminAnswer>({ key: `admin:${pathname}` })
}

/** The answer of the page's last admin form, sent with or without JavaScript. */
export function useAdminAnswer(): AdminAnswer | undefined {
  const fetcher = useAdminFetcher()
  return (useActionData() as AdminAnswer | undefined) ?? fetcher.data
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
        {answer.refused ? (
          <ul className="mt-1 list-disc pl-5">
            {answer.refused.map((item, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: two refusals may read the same
              <li key={index}>
                {item.label}: {item.message}
              </li>
            ))}
          </ul>
        ) : null}
      </FormAlert>
    )
  return answer.notice ? <FormAlert tone="success" title={answer.notice} reveal={answer} /> : null
}

const fieldClass =
  'block w-full rounded-md border border-stone-300 bg-white px-3 py-2 text-sm focus:border-rose-700 focus:outline-none focus:ring-2 focus:ring-rose-700/30 aria-[invalid=true]:border-red-600'

/** One admin form: posts with a fetcher (no reload) or, without JavaScript, as a plain form. */
export function AdminForm({
  id,
  intent,
  subject,
  hidden,
  children,
  submit,
  tone = 'primary',
  className,
}: {
  /** The form's id, for fields outside it that belong to it (a bulk decision's checkboxes). */
  id?: string
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
  const buttonTone = ({ primary: 'main', danger: 'danger', plain: 'secondary' } as const)[tone]
  return (
    <fetcher.Form id={id} method="post" className={`space-y-3 ${className ?? ''}`} noValidate>
      <input type="hidden" name="intent" value={intent} />
      {subject ? <input type="hidden" name="subject" value={subject} /> : null}
      {Object.entries(hidden ?? {}).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {children?.(error)}
      <button type="submit" disabled={busy} className={buttonClass(buttonTone, 'small')}>
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
        <textarea {...common} rows={2} {...REASON_ATTRIBUTES} defaultValue={input.defaultValue} />
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
