import { useEffect, useRef } from 'react'
import { Form } from 'react-router'
import { buttonClass } from '#app/components/ui/button.tsx'
import { AGE_VERIFIED_HOURS, type AgeGateView, ageCheckHref } from '#app/domain/age-assurance.ts'
import { AGE_EXIT_URL, AGE_STORAGE_KEY } from '#app/domain/age-gate.ts'
import { format } from '#app/i18n/format.ts'
import { useT } from '#app/i18n/i18n.ts'

/**
 * The age gate (SPEC §2): a modal over the page, which stays in the HTML but is inert behind it.
 * With the click gate, Enter posts to /age-gate (cookie) and keeps the flag in local storage;
 * with AGE_ASSURANCE=oidc (issue 23), 'Verify my age' is a plain link to the provider by way of
 * /age-gate/oidc, and a failed verification's reason shows here. Exit leaves the site.
 */
export function AgeGate({ view, returnTo }: { view: AgeGateView; returnTo: string }) {
  const t = useT()
  const enter = useRef<HTMLButtonElement & HTMLAnchorElement>(null)
  const exit = useRef<HTMLAnchorElement>(null)
  useEffect(() => enter.current?.focus(), [])
  // Focus goes round the two answers; the page behind is inert anyway.
  const trapFocus = (event: React.KeyboardEvent) => {
    if (event.key !== 'Tab') return
    const [first, last] = [enter.current, exit.current]
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault()
      last?.focus()
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault()
      first?.focus()
    }
  }
  const verify = view.mode === 'oidc'
  const a = t.ageAssurance
  return (
    <div className="fixed inset-0 z-50 grid place-items-center overflow-y-auto bg-stone-950/95 p-4">
      <div
        role="dialog"
        aria-modal="true"
        aria-labelledby="age-gate-title"
        aria-describedby="age-gate-text"
        onKeyDown={trapFocus}
        className="w-full max-w-md rounded-xl bg-white p-6 text-center shadow-2xl"
      >
        <p aria-hidden="true" className="text-4xl font-bold text-rose-800">
          18+
        </p>
        <h2 id="age-gate-title" className="mt-2 text-xl font-semibold">
          {t.ageGate.title}
        </h2>
        <p id="age-gate-text" className="mt-2 text-stone-700">
          {verify ? a.text : t.ageGate.text}
        </p>
        {view.outcome && (
          <p role="alert" className="mt-4 rounded-md bg-rose-50 p-3 text-sm text-rose-900">
            {a.outcomes[view.outcome]}
          </p>
        )}
        {verify ? (
          // A document navigation (not the router's): it leaves the site for the provider.
          <a
            ref={enter}
            href={ageCheckHref(returnTo)}
            rel="nofollow"
            className={`mt-6 ${buttonClass('main', 'block')}`}
          >
            {view.outcome ? a.tryAgain : a.verify}
          </a>
        ) : (
          <Form
            method="post"
            action="/age-gate"
            onSubmit={() => {
              try {
                localStorage.setItem(AGE_STORAGE_KEY, '1')
              } catch {
                // Storage disabled: the cookie still remembers.
              }
            }}
            className="mt-6"
          >
            <input type="hidden" name="to" value={returnTo} />
            <button ref={enter} type="submit" className={buttonClass('main', 'wide')}>
              {t.ageGate.enter}
            </button>
          </Form>
        )}
        {verify && (
          <p className="mt-3 text-xs text-stone-600">
            {format(a.privacy, { hours: AGE_VERIFIED_HOURS })}
          </p>
        )}
        <a
          ref={exit}
          href={AGE_EXIT_URL}
          rel="noopener noreferrer"
          className={`mt-3 ${buttonClass('secondary', 'block')}`}
        >
          {t.ageGate.exit}
        </a>
      </div>
    </div>
  )
}
