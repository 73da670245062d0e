import http, { type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { bankPage, escapeHtml } from '#sandbox/bank-html.ts'
import type { PixTestServer } from '#sandbox/pix/types.ts'

// The sandbox's bank page (issue 32 point 2): served by the institution's process on a plain-HTTP
// port of its own, on 127.0.0.1 only (never the mutual-TLS API's). It plays the payers' banks:
// it lists the open charges with what a payer can do to each, pays a pasted BR Code, and shows
// the Pix received, the refunds and the payouts the site asked for. Every action is a POST that
// redirects back (303) with what happened; nothing it is sent can make it answer 500.

/** A form's body is a txid or a BR Code: a few hundred bytes. */
const MAX_BODY_BYTES = 16 * 1024

/** Why an action was refused, shown on the page. */
class Refusal extends Error {}

async function formOf(request: IncomingMessage): Promise<URLSearchParams> {
  let size = 0
  const chunks: Buffer[] = []
  for await (const chunk of request) {
    size += (chunk as Buffer).length
    if (size > MAX_BODY_BYTES) throw new Refusal('The form is too large.')
    chunks.push(chunk as Buffer)
  }
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'))
}

/** '199.00' less (or, under R$ 1,00, plus) one real: an amount the charge did not ask for. */
function wrongAmount(valor: string): string {
  const cents = Math.round(Number(valor) * 100)
  const wrong = cents > 100 ? cents - 100 : cents + 100
  return (wrong / 100).toFixed(2)
}

/** What the site answered to the webhook, in words. */
function delivered(status: number | undefined): string {
  if (status === undefined) return 'no webhook is registered yet, the site will find it by itself'
  if (status === 0) return 'the site could not be reached; it will find the Pix by itself'
  return `the site answered ${status}`
}

export interface BankPage {
  url: string
  close(): Promise<void>
}

/** Starts the page on 127.0.0.1:`port` (0: a free port) for `pix`; `siteUrl` is linked. */
export async function startBankPage(
  pix: PixTestServer,
  options: { port: number; siteUrl: string; merchant: string },
): Promise<BankPage> {
  let origin = ''

  async function act(path: string, form: URLSearchParams): Promise<string> {
    if (path === '/pay-code') {
      // Spaces belong to the code (the receiver's name); a pasted line break does not.
      const code = (form.get('code') ?? '').replace(/[\r\n]+/g, '').trim()
      let txid: string
      try {
        txid = pix.chargeOfBrCode(code).txid
      } catch (error) {
        throw new Refusal(`That is not a Pix code of this bank: ${(error as Error).message}.`)
      }
      const paid = await pix.pay(txid).catch((error: Error) => {
        throw new Refusal(error.message)
      })
      return `Paid charge ${txid}; ${delivered(paid.webhookStatus)}.`
    }
    const match = /^\/charges\/([^/]+)\/(pay|pay-twice|pay-wrong-amount|pay-late)$/.exec(path)
    const txid = decodeURIComponent(match?.[1] ?? '')
    const charge = match ? pix.charge(txid) : undefined
    if (!charge) throw new Refusal('No such charge.')
    const pay = (options: Parameters<PixTestServer['pay']>[1] = {}) =>
      pix.pay(txid, options).catch((error: Error) => {
        throw new Refusal(error.message)
      })
    switch (match?.[2]) {
      case 'pay': {
        const paid = await pay()
        return `Paid R$ ${charge.valor.original} for ${txid}; ${delivered(paid.webhookStatus)}.`
      }
      case 'pay-twice': {
        await pay()
        const second = await pay()
        return `Paid ${txid} twice; ${delivered(second.webhookStatus)}. The site should send the second back (see Refunds).`
      }
      case 'pay-wrong-amount': {
        const amount = wrongAmount(charge.valor.original)
        const paid = await pay({ amount })
        return `Paid R$ ${amount} instead of R$ ${charge.valor.original}; ${delivered(paid.webhookStatus)}. The site should send it back (see Refunds).`
      }
      default: {
        // As if the payer's bank let it through after the charge's time: dated a second after.
        const { criacao, expiracao } = charge.calendario
        const at = Date.parse(criacao) + expiracao * 1000 + 1000
        const paid = await pay({ late: true, at })
        return `Paid ${txid} after it expired; ${delivered(paid.webhookStatus)}. The site should send it back (see Refunds).`
      }
    }
  }

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1')
    if (request.method === 'GET' && url.pathname === '/') {
      const done = url.searchParams.get('done')
      const error = url.searchParams.get('error')
      const html = bankPage({
        siteUrl: options.siteUrl,
        merchant: options.merchant,
        charges: pix.charges(),
        pixes: pix.pixes(),
        refunds: pix.refunds(),
        payouts: pix.payouts(),
        note: error
          ? { kind: 'error', text: error }
          : done
            ? { kind: 'done', text: done }
            : undefined,
      })
      response
        .writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' })
        .end(html)
      return
    }
    if (request.method !== 'POST') {
      response.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not found')
      return
    }
    // Another page of the browser cannot make this one pay (a form posted from elsewhere).
    const from = request.headers.origin
    if (from !== undefined && from !== origin) {
      response.writeHead(403, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Forbidden')
      return
    }
    let query: string
    try {
      query = `done=${encodeURIComponent(await act(url.pathname, await formOf(request)))}`
    } catch (error) {
      const text = error instanceof Refusal ? error.message : `Failed: ${String(error)}`
      query = `error=${encodeURIComponent(text)}`
    }
    response.writeHead(303, { Location: `/?${query}` }).end()
  }

  const server: Server = http.createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      if (!response.headersSent) {
        response
          .writeHead(400, { 'Content-Type': 'text/plain; charset=utf-8' })
          .end(escapeHtml(String(error)))
      }
    })
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port, '127.0.0.1', resolve)
  })
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return {
    url: origin,
    async close() {
      server.closeAllConnections()
      await new Promise((resolve) => server.close(resolve))
    },
  }
}
