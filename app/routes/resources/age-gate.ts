import { redirect } from 'react-router'
import { localPath } from '#app/domain/paths.ts'
import { ageCookie } from '#app/modules/age-gate/age-gate.server.ts'
import type { Route } from './+types/age-gate'

/**
 * POST /age-gate: 'I am over 18 – Enter'. Records the answer in a cookie and returns to the page
 * the visitor was on (a plain form post, so it works without JavaScript too).
 */
export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData().catch(() => undefined)
  const to = localPath(String(form?.get('to') ?? '')) ?? '/pt/'
  return redirect(to, { status: 303, headers: { 'Set-Cookie': ageCookie() } })
}

export function loader() {
  return redirect('/pt/')
}
