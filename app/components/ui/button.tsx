import type { ComponentProps, ReactNode } from 'react'
import { Link } from 'react-router'
import { LoaderCircle } from '#app/components/ui/icons.tsx'

// The site's buttons: the main one (rose), a secondary one (white with a border), a dangerous
// one (red), and a link that looks like one of them.

export type ButtonTone = 'main' | 'secondary' | 'danger'

const TONES: Record<ButtonTone, string> = {
  main: 'bg-rose-800 text-white hover:bg-rose-900',
  secondary: 'border border-stone-300 bg-white text-stone-800 hover:bg-stone-100',
  danger: 'bg-red-700 text-white hover:bg-red-800',
}

const SIZES = {
  /** A form's own button, as wide as the form, with the site's focus ring. */
  wide: 'flex w-full items-center justify-center gap-2 px-4 py-3 font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-rose-800 disabled:cursor-not-allowed disabled:opacity-60',
  /** A quieter full-width one (leave the age gate, the mobile menu's account buttons). */
  block:
    'flex w-full items-center justify-center gap-2 px-4 py-3 text-center font-medium disabled:opacity-60',
  /** A page's call to action (the about page). */
  hero: 'px-5 py-3 text-center font-semibold',
  /** A dashboard's own action (publish, pause, upload, delete). */
  large: 'px-4 py-2.5 font-semibold disabled:opacity-60',
  /** A button or link in a page's text (go back, try again, see more). */
  page: 'px-4 py-2 font-medium disabled:opacity-60',
  /** A button of the admin screens' forms and filters. */
  small: 'px-4 py-2 text-sm font-semibold disabled:opacity-60',
  /** A button of the header or of a notice (sign up, import). */
  nav: 'px-3 py-2 text-sm font-medium disabled:opacity-60',
  /** The action of a row of an admin list (review). */
  compact: 'px-3 py-1.5 text-sm font-semibold',
  /** The action of a row of a client's list (remove, forget); the text size is the row's. */
  mini: 'px-2.5 py-1.5 font-medium disabled:opacity-60',
}

export type ButtonSize = keyof typeof SIZES

/** The classes of a button of `tone` and `size`. */
export function buttonClass(tone: ButtonTone = 'main', size: ButtonSize = 'page') {
  return `rounded-md ${SIZES[size]} ${TONES[tone]}`
}

/** A button of the site. */
export function Button({
  tone = 'main',
  size = 'page',
  className,
  type = 'button',
  ...button
}: ComponentProps<'button'> & { tone?: ButtonTone; size?: ButtonSize }) {
  return (
    <button
      type={type}
      className={className ? `${className} ${buttonClass(tone, size)}` : buttonClass(tone, size)}
      {...button}
    />
  )
}

/** A link that looks like a button. */
export function ButtonLink({
  tone = 'main',
  size = 'page',
  className,
  children,
  ...link
}: ComponentProps<typeof Link> & {
  tone?: ButtonTone
  size?: ButtonSize
  children: ReactNode
}) {
  return (
    <Link
      className={className ? `${className} ${buttonClass(tone, size)}` : buttonClass(tone, size)}
      {...link}
    >
      {children}
    </Link>
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
      className={buttonClass('main', 'wide')}
    >
      {pending ? <LoaderCircle aria-hidden="true" className="size-5 animate-spin" /> : null}
      {pending ? pendingLabel : label}
    </button>
  )
}
