import { receiveWebhook, webhookSecretMatches } from '#app/modules/payments/payments.server.ts'
import { log } from '#app/platform/logger.server.ts'
import type { Route } from './+types/pix-webhook'

const empty = (status: number) =>
  new Response(null, { status, headers: { 'Cache-Control': 'no-store' } })

/**
 * POST /webhooks/pix/{secret}[/pix]: the institution tells of received Pix (issue 21; the API
 * Pix appends '/pix' to the registered address). The secret in the address is the one of
 * PIX_WEBHOOK_SECRET, compared in constant time; anything else is a 404, as if nothing were here.
 * With the right secret, the caller must also have shown the institution's client certificate
 * (issue 31 point 2, ADR 0028: the site's mutual-TLS listener or the trusted proxy verified it,
 * webhook-caller.server.ts), or it is a 403 before the body is read. The call's content is not
 * trusted either: each Pix it names is read back from the institution's API before anything is
 * credited (payments.server.ts receiveWebhook).
 */
export async function action({ params, request, context }: Route.ActionArgs) {
  if (!webhookSecretMatches(params.secret ?? '')) return empty(404)
  if (context.pixWebhookVerified !== true) {
    log.warn('Pix webhook call without the institution certificate refused')
    return empty(403)
  }
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
