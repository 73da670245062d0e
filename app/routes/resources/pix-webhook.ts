import { receiveWebhook, webhookSecretMatches } from '#app/modules/payments/payments.server.ts'
import type { Route } from './+types/pix-webhook'

const empty = (status: number) =>
  new Response(null, { status, headers: { 'Cache-Control': 'no-store' } })

/**
 * POST /webhooks/pix/{secret}[/pix]: the institution tells of received Pix (issue 21; the API
 * Pix appends '/pix' to the registered address). The secret in the address is the one of
 * PIX_WEBHOOK_SECRET, compared in constant time; anything else is a 404, as if nothing were here.
 * The call's content is not trusted: each Pix it names is read back from the institution's API
 * before anything is credited (payments.server.ts receiveWebhook).
 */
export async function action({ params, request }: Route.ActionArgs) {
  if (!webhookSecretMatches(params.secret ?? '')) return empty(404)
  if (request.method !== 'POST') return empty(405)
  let body: unknown
  try {
    body = JSON.parse(await request.text())
  } catch {
    return empty(400)
  }
  return empty((await receiveWebhook(body)).status)
}

export function loader() {
  return empty(404)
}
