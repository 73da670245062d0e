// What a form interrupted by a step-up keeps while its sender proves who she is (issue 30 point
// 7; ADR 0027): the fields she typed, to send again after the proof, never a password (it is
// typed again anyway, and must not rest anywhere) nor a file (too big to keep, and a file input
// cannot be filled again by a page).

/** Minutes a kept form waits for its sender's proof. */
export const KEPT_FORM_MINUTES = 10
/** Kept forms one session may hold at once (the latest ones): a few tabs, never a flood. */
export const KEPT_FORMS_PER_SESSION = 4
/** The most a kept form holds, in characters of its names and values (the reasons are short). */
export const KEPT_FORM_MAX_CHARS = 16_000
/** The confirm page's query parameter naming a kept form. */
export const KEPT_FORM_PARAM = 'form'
/** The field a resumed form carries its kept form's reference in, to be used once. */
export const RESUMED_FORM_FIELD = 'stepUpForm'

/** Whether a field's name says it holds a password (password, currentPassword, newPassword…). */
export const isPasswordField = (name: string) => /pass(?:word|wd)|senha/i.test(name)

/** A form's entries as a browser sends them: text, or a file (empty when none was chosen). */
export type SentEntry = [name: string, value: string | { size: number; name: string }]

/**
 * The fields of a form to keep across a step-up, or null when it cannot be kept and is typed
 * again: a file was chosen, a password was typed, or it is too long. Empty file inputs and empty
 * password fields are left out; so is the reference of a form already resumed.
 */
export function keptFields(entries: Iterable<SentEntry>): [string, string][] | null {
  const kept: [string, string][] = []
  let chars = 0
  for (const [name, value] of entries) {
    if (name === RESUMED_FORM_FIELD) continue
    if (typeof value !== 'string') {
      if (value.size > 0 || value.name) return null
      continue
    }
    if (isPasswordField(name)) {
      if (value) return null
      continue
    }
    chars += name.length + value.length
    if (chars > KEPT_FORM_MAX_CHARS) return null
    kept.push([name, value])
  }
  return kept
}
