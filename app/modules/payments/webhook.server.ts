import { timingSafeEqual } from 'node:crypto'
import { serverEnv } from '#app/platform/env.server.ts'
import { log } from '#app/platform/logger.server.ts'
import { END_TO_END_ID_PATTERN, PixNotFound, PixRefused, PixUnavailable } from './pix-api.server.ts'
import { pixClient } from './pix-client.server.ts'
import { recordReceivedPix } from './received-pix.server.ts'
import { recordRefundStates } from './refunds.server.ts'

// The institution's webhook (issue 21 point 5, issue 31): the secret in its address, the calls it
// makes, and telling the institution where to call.

/** Whether the secret in the webhook's address is ours (constant time). */
export function webhookSecretMatches(given: string): boolean {
  const expected = serverEnv().pix?.webhookSecret
  if (!expected) return false
  const a = Buffer.from(given)
  const b = Buffer.from(expected)
  return a.length === b.length && timingSafeEqual(a, b)
}

/**
 * The institution tells of received Pix (POST {webhookUrl}/pix with `{ pix: [...] }`), grouped as
 * it likes (issue 31 point 7): each item with a valid end-to-end id is taken, the others logged.
 * Only end-to-end ids are taken from the call: each Pix is read back from the API, so a forged or
 * replayed call credits nothing; the Pix read back carries its refunds (`devolucoes`), whose end
 * is recorded too. Answers 503 when the API cannot be asked, so the institution calls again (and
 * reconciliation finds it anyway).
 */
export async function receiveWebhook(body: unknown): Promise<{ status: number }> {
  const api = pixClient()
  if (!api) return { status: 404 }
  const list = (body as { pix?: unknown } | null)?.pix
  if (!Array.isArray(list)) return { status: 400 }
  const ids = new Set<string>()
  let malformed = 0
  for (const item of list) {
    const id = (item as { endToEndId?: unknown } | null)?.endToEndId
    if (typeof id === 'string' && END_TO_END_ID_PATTERN.test(id)) ids.add(id)
    else malformed++
  }
  if (malformed > 0) log.warn('webhook items without a valid end-to-end id left out', { malformed })
  // Nothing in it could be taken: the call itself is wrong.
  if (ids.size === 0 && malformed > 0) return { status: 400 }
  let unavailable = false
  for (const id of ids) {
    try {
      const pix = await api.getPix(id)
      await recordReceivedPix(pix)
      await recordRefundStates([pix])
    } catch (error) {
      if (error instanceof PixNotFound || error instanceof PixRefused) {
        // Not a Pix received (an institution may tell of its payouts on the same webhook): the
        // API will not describe it, and asking again would not change that.
        log.warn('webhook named a Pix the institution does not describe', {
          endToEndId: id,
          error: String(error),
        })
      } else if (error instanceof PixUnavailable) {
        unavailable = true
      } else {
        throw error
      }
    }
  }
  return { status: unavailable ? 503 : 200 }
}

/** The address the institution calls; the secret in it authenticates the call. */
export function webhookUrl(): string | undefined {
  const pix = serverEnv().pix
  return pix ? `${pix.webhook.baseUrl}/webhooks/pix/${pix.webhookSecret}` : undefined
}

/** The configuration the webhook was registered for by this process. */
let registeredFor: unknown

/**
 * Tells the institution where to call (PUT /webhook/{key}): at start-up, and by reconciliation
 * until it succeeds.
 */
export async function registerWebhook(): Promise<void> {
  const api = pixClient()
  const url = webhookUrl()
  const config = serverEnv().pix
  if (!api || !url || registeredFor === config) return
  await api.registerWebhook(url)
  registeredFor = config
  log.info('Pix webhook registered')
}
