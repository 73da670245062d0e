import { CircleAlert, CircleCheck, Info, LoaderCircle } from 'lucide-react'
import { type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react'
import { useActionData, useNavigation } from 'react-router'
import { format, useT } from '#app/i18n/i18n.ts'
import {
  check,
  type FieldError,
  type FormAnswer,
  type FormErrorKey,
} from '#app/modules/forms/checks.ts'

// The parts the site's forms are made of: fields with their message, alerts, the submit button,
// and the hook that checks a form in the browser with the server's own schema.

/** The browser-side check of a form: the first problem under `schema`, if any. */
export const firstProblem =
  (schema: Parameters<typeof check>[0]) =>
  (form: FormData): FieldError | undefined => {
    const result = check(schema, form)
    return result.ok ? undefined : result.error
  }

/**
 * One form of the page: the browser checks it before sending (the first problem is shown and
 * its field focused); the server's answer to this form (and only this one) comes back as `data`.
 */
export function useCheckedForm<Answer extends FormAnswer = FormAnswer>(
  intent: Answer['intent'],
  validate: (form: FormData) => FieldError | undefined,
) {
  const actionData = useActionData() as Answer | undefined
  const data = actionData?.intent === intent ? actionData : undefined
  // The browser's own message holds until the server answers again.
  const [browserCheck, setBrowserCheck] = useState<{
    error?: FieldError
    answer?: Answer
  }>({})
  const browserError = browserCheck.answer === actionData ? browserCheck.error : undefined
  const navigation = useNavigation()
  const submitting = navigation.state !== 'idle' && navigation.formData?.get('intent') === intent
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const problem = validate(new FormData(event.currentTarget))
    setBrowserCheck({ error: problem, answer: actionData })
    if (!problem) return
    event.preventDefault()
    // The field in the middle of the screen, its label in sight, and the cursor in it.
    const field = event.currentTarget.elements.namedItem(problem.field)
    if (field instanceof HTMLElement) {
      field.scrollIntoView({ block: 'center' })
      field.focus({ preventScroll: true })
    }
  }
  // A problem found by the server: its field in view and focused, as the browser check does.
  useEffect(() => {
    const field = data?.error?.field
    if (!field || field === 'form') return
    const element = document.getElementsByName(field)[0]
    if (!element) return
    element.scrollIntoView({ block: 'center' })
    element.focus({ preventScroll: true })
  }, [data])
  const error = browserError ?? data?.error
  return {
    data,
    submitting,
    onSubmit,
    /** The message key for `field`, when it is the one that is wrong. */
    errorOf: (field: string): FormErrorKey | undefined =>
      error?.field === field ? error.message : undefined,
    /** What was typed before a server answer (forms without JavaScript). */
    valueOf: (field: string) => data?.values?.[field],
  }
}

const inputClass =
  'w-full rounded-md border border-stone-300 bg-white px-3 py-2.5 text-base text-stone-900 shadow-sm placeholder:text-stone-400 focus:border-rose-700 focus:outline-2 focus:outline-offset-0 focus:outline-rose-700 aria-[invalid=true]:border-red-600'

function FieldMessage({ id, error, hint }: { id: string; error?: FormErrorKey; hint?: string }) {
  const t = useT()
  if (error) {
    return (
      <p id={id} role="alert" className="mt-1 flex items-start gap-1 text-sm text-red-700">
        <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        {t.formErrors[error]}
      </p>
    )
  }
  return hint ? (
    <p id={id} className="mt-1 text-sm text-stone-600">
      {hint}
    </p>
  ) : null
}

type InputProps = React.InputHTMLAttributes<HTMLInputElement>

/** A labelled input with its hint, or its message when it is the field that is wrong. */
export function TextField({
  label,
  name,
  error,
  hint,
  ...input
}: InputProps & { label: string; name: string; error?: FormErrorKey; hint?: string }) {
  const id = useId()
  const messageId = `${id}-message`
  const described = error || hint ? messageId : undefined
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-stone-800">
        {label}
      </label>
      <input
        id={id}
        name={name}
        aria-invalid={error ? true : undefined}
        aria-describedby={described}
        className={inputClass}
        {...input}
      />
      <FieldMessage id={messageId} error={error} hint={hint} />
    </div>
  )
}

/** A textarea with a live character counter (SPEC §2 client 'about', max 300). */
export function CountedTextArea({
  label,
  name,
  error,
  hint,
  max,
  rows = 3,
  defaultValue = '',
}: {
  label: string
  name: string
  error?: FormErrorKey
  hint: string
  max: number
  rows?: number
  defaultValue?: string
}) {
  const t = useT()
  const id = useId()
  const [value, setValue] = useState(defaultValue)
  return (
    <div>
      <div className="mb-1 flex items-baseline justify-between gap-2">
        <label htmlFor={id} className="block text-sm font-medium text-stone-800">
          {label}
        </label>
        <span id={`${id}-count`} aria-live="polite" className="text-xs tabular-nums text-stone-600">
          {format(t.auth.clientSignUp.aboutCounter, { count: [...value].length, max })}
        </span>
      </div>
      <textarea
        id={id}
        name={name}
        rows={rows}
        maxLength={max}
        value={value}
        onChange={(event) => setValue(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-message ${id}-count`}
        className={inputClass}
      />
      <FieldMessage id={`${id}-message`} error={error} hint={hint} />
    </div>
  )
}

/** A checkbox with its label; the label may hold a link. */
export function CheckboxField({
  name,
  value,
  children,
  checked,
  onChange,
  defaultChecked,
  disabled,
}: {
  name: string
  /** What the box sends when ticked ('on' by default). */
  value?: string
  children: ReactNode
  checked?: boolean
  onChange?: (checked: boolean) => void
  defaultChecked?: boolean
  disabled?: boolean
}) {
  const id = useId()
  return (
    <div className="flex items-start gap-3">
      <input
        id={id}
        type="checkbox"
        name={name}
        value={value}
        checked={checked}
        defaultChecked={defaultChecked}
        disabled={disabled}
        onChange={onChange ? (event) => onChange(event.target.checked) : undefined}
        className="mt-0.5 size-5 shrink-0 accent-rose-800"
      />
      <label htmlFor={id} className={`text-sm ${disabled ? 'text-stone-400' : 'text-stone-800'}`}>
        {children}
      </label>
    </div>
  )
}

/** A message about the whole form (an error, or what happens next). */
export function FormAlert({
  tone,
  title,
  children,
  reveal,
}: {
  tone: 'error' | 'success' | 'info'
  title: string
  children?: ReactNode
  /**
   * The server answer this alert reports: each new one brings the alert into view and moves the
   * focus to it, so the result of a form far down the page is neither missed nor lost.
   */
  reveal?: object
}) {
  const styles = {
    error: 'border-red-200 bg-red-50 text-red-900',
    success: 'border-emerald-200 bg-emerald-50 text-emerald-900',
    info: 'border-sky-200 bg-sky-50 text-sky-900',
  }[tone]
  const Icon = { error: CircleAlert, success: CircleCheck, info: Info }[tone]
  const box = useRef<HTMLDivElement>(null)
  useEffect(() => {
    if (!reveal || !box.current) return
    box.current.scrollIntoView({ block: 'nearest' })
    box.current.focus({ preventScroll: true })
  }, [reveal])
  return (
    <div
      ref={box}
      role={tone === 'error' ? 'alert' : 'status'}
      tabIndex={reveal ? -1 : undefined}
      className={`flex gap-3 rounded-md border px-3 py-3 text-sm outline-none ${styles}`}
    >
      <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
      <div>
        <p className="font-semibold">{title}</p>
        {children ? <div className="mt-0.5">{children}</div> : null}
      </div>
    </div>
  )
}

/**
 * A file field whose button and "nothing chosen" line are in the page's language (the browser's
 * own are in the browser's): the input itself is visually hidden behind its label.
 */
export function FilePicker({
  id,
  name,
  accept,
  multiple = false,
  label,
  describedBy,
  invalid,
}: {
  id?: string
  name: string
  accept: string
  multiple?: boolean
  /** The input's accessible name when no other label names it. */
  label?: string
  describedBy?: string
  invalid?: boolean
}) {
  const t = useT()
  const generated = useId()
  const inputId = id ?? generated
  const [chosen, setChosen] = useState<string[]>([])
  return (
    <div className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1">
      <input
        id={inputId}
        type="file"
        name={name}
        accept={accept}
        multiple={multiple}
        aria-label={label}
        aria-describedby={describedBy}
        aria-invalid={invalid ? true : undefined}
        onChange={(event) => setChosen([...(event.currentTarget.files ?? [])].map((f) => f.name))}
        className="peer sr-only"
      />
      <label
        htmlFor={inputId}
        className="cursor-pointer rounded-md bg-stone-900 px-3 py-2 text-sm font-medium text-white hover:bg-stone-700 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-rose-700"
      >
        {multiple ? t.files.chooseMany : t.files.chooseOne}
      </label>
      <span className="min-w-0 break-all text-sm text-stone-600">
        {chosen.length === 0
          ? t.files.none
          : chosen.length === 1
            ? chosen[0]
            : format(t.files.many, { count: chosen.length })}
      </span>
    </div>
  )
}

/** The alert of a server answer (rate limit, wrong password, failure), in the page's language. */
export function ActionAlert({ data }: { data?: FormAnswer }) {
  const t = useT()
  if (!data?.alert) return null
  const { title, text, minutes } = data.alert
  return (
    <FormAlert tone="error" title={t.formErrors[title]} reveal={data}>
      {format(t.formErrors[text], { minutes: minutes ?? 15 })}
    </FormAlert>
  )
}

/** The form's submit button: disabled and saying so while the form is on its way. */
export function SubmitButton({
  label,
  pendingLabel,
  pending,
  disabled,
  describedBy,
}: {
  label: string
  pendingLabel: string
  pending: boolean
  disabled?: boolean
  /** The id of a line explaining why the button is disabled. */
  describedBy?: string
}) {
  return (
    <button
      type="submit"
      disabled={pending || disabled}
      aria-describedby={describedBy}
      className="flex w-full items-center justify-center gap-2 rounded-md bg-rose-800 px-4 py-3 font-semibold text-white hover:bg-rose-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-rose-800 disabled:cursor-not-allowed disabled:opacity-60"
    >
      {pending ? <LoaderCircle aria-hidden="true" className="size-5 animate-spin" /> : null}
      {pending ? pendingLabel : label}
    </button>
  )
}
