import { redirect } from 'react-router'
import { localPath } from '#app/domain/paths.ts'
import { ageAssuranceMode, ageCookie } from '#app/modules/age-gate/age-gate.server.ts'
import { orderedForm } from '#app/modules/forms/checks.ts'
import { plain } from '#app/modules/forms/fields.ts'
import { parseSingleForm } from '#app/modules/forms/parse-form.server.ts'
import type { Route } from './+types/age-gate'

/** The page to return to (a local path; anything else returns to the home page). */
const AGE_GATE_FORM = orderedForm({ to: plain() })

/**
 * POST /age-gate: 'I am over 18 – Enter'. Records the answer in a cookie and returns to the page
 * the visitor was on (a plain form post, so it works without JavaScript too). With
 * AGE_ASSURANCE=oidc a click admits no one (ADR 0021): back to the page, and its gate, as before.
 */
export async function action({ request }: Route.ActionArgs) {
  const { checked } = await parseSingleForm(request, AGE_GATE_FORM)
  const to = (checked.ok && localPath(checked.value.to)) || '/pt/'
  if (ageAssuranceMode() === 'oidc') return redirect(to, { status: 303 })
  return redirect(to, { status: 303, headers: { 'Set-Cookie': ageCookie() } })
}

export function loader() {
  return redirect('/pt/')
}
