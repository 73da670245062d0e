import { type ReactNode, useEffect, useRef } from 'react'
import { CircleAlert, CircleCheck, Info } from '#app/components/ui/icons.tsx'
import { format, useT } from '#app/i18n/i18n.ts'
import type { FormAnswer } from '#app/modules/forms/checks.ts'

// Messages about a whole form: an error, a success, what happens next, or the server's alert.

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

/** The alert of a server answer (rate limit, wrong password, failure), in the page's language. */
export function ActionAlert({ data }: { data?: FormAnswer }) {
  const t = useT()
  if (!data?.alert) return null
  const { title, text, minutes, seconds } = data.alert
  return (
    <FormAlert tone="error" title={t.formErrors[title]} reveal={data}>
      {format(t.formErrors[text], { minutes: minutes ?? 15, seconds: seconds ?? 0 })}
    </FormAlert>
  )
}
