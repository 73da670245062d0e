import { type ReactNode, useId, useState } from 'react'
import type { z } from 'zod'
import { CircleAlert } from '#app/components/ui/icons.tsx'
import { format, useT } from '#app/i18n/i18n.ts'
import type { FormErrorKey } from '#app/modules/forms/checks.ts'
import { fieldAttributes } from '#app/modules/forms/fields.ts'

// The fields of the site's forms: a label, the input, its hint or its message when it is the
// field that is wrong, and a counter for long texts. Limits come from the form's schema.

export const inputClass =
  'w-full rounded-md border border-stone-300 bg-white px-3 py-2.5 text-base text-stone-900 shadow-sm placeholder:text-stone-400 focus:border-rose-700 focus:outline-2 focus:outline-offset-0 focus:outline-rose-700 aria-[invalid=true]:border-red-600'

export function FieldMessage({
  id,
  error,
  hint,
}: {
  id: string
  error?: FormErrorKey
  hint?: string
}) {
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

/** What a field of a form's schema is: its limits become the input's attributes. */
interface OfSchema {
  /** The form's schema (orderedForm): the input's maxLength and the like come from it. */
  schema?: z.ZodType
}

/** A labelled input with its hint, or its message when it is the field that is wrong. */
export function TextField({
  label,
  name,
  error,
  hint,
  schema,
  ...input
}: InputProps & OfSchema & { label: string; name: string; error?: FormErrorKey; hint?: string }) {
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
        {...(schema ? fieldAttributes(schema, name) : {})}
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
  schema,
  rows = 3,
  defaultValue = '',
}: {
  /** The form's schema: the counter's limit and the textarea's attributes come from it. */
  schema: z.ZodType
  label: string
  name: string
  error?: FormErrorKey
  hint: string
  rows?: number
  defaultValue?: string
}) {
  const t = useT()
  const id = useId()
  const { maxLength: max, ...limits } = fieldAttributes(schema, name)
  const [value, setValue] = useState(defaultValue)
  return (
    <div>
      <div className="mb-1 flex items-baseline justify-between gap-2">
        <label htmlFor={id} className="block text-sm font-medium text-stone-800">
          {label}
        </label>
        <span id={`${id}-count`} aria-live="polite" className="text-xs tabular-nums text-stone-600">
          {format(t.auth.clientSignUp.aboutCounter, { count: [...value].length, max: max ?? '' })}
        </span>
      </div>
      <textarea
        id={id}
        name={name}
        rows={rows}
        {...limits}
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
