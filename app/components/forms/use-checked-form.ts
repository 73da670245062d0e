import { type FormEvent, useEffect, useState } from 'react'
import { useActionData, useNavigation } from 'react-router'
import {
  check,
  type FieldError,
  type FormAnswer,
  type FormErrorKey,
} from '#app/modules/forms/checks.ts'

// The hook that checks a form in the browser with the server's own schema, and shows the
// server's answer to that form (and only that one).

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
  /** For a page with one form of `intent` per item: whether an answer is this form's. */
  belongs: (answer: Answer) => boolean = () => true,
) {
  const actionData = useActionData() as Answer | undefined
  const data = actionData?.intent === intent && belongs(actionData) ? actionData : undefined
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
