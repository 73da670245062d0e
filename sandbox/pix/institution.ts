import { randomBytes, randomUUID } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import https from 'node:https'
import type { AddressInfo } from 'node:net'
import { type Answer, createPixAccount, Problem } from '#sandbox/pix/account.ts'
import { pixCrc16, readBrCode } from '#sandbox/pix/brcode.ts'
import { readPixCertificates } from '#sandbox/pix/certs.ts'
import { createPixPayouts } from '#sandbox/pix/payouts.ts'
import { optionalFieldChooser, serverSeed } from '#sandbox/pix/strict.ts'
import type {
  PixCharge,
  PixPayment,
  PixRequest,
  PixServerOptions,
  PixSiteEnv,
  PixTestServer,
  ReceivedPix,
} from '#sandbox/pix/types.ts'
import {
  freePort,
  GRANTED_SCOPES,
  parsedBody,
  postJson,
  readBody,
  scopeOf,
  send,
  webhookBody,
} from '#sandbox/pix/wire.ts'

export type {
  PixCharge,
  PixRefund,
  PixSiteEnv,
  PixTestServer,
  ReceivedPix,
} from '#sandbox/pix/types.ts'

// A local PSP speaking the Banco Central's standard "API Pix" v2 (DESIGN.md: third parties are
// replaced in tests by a real local server speaking the same protocol): HTTPS with mutual TLS
// (a client without a certificate from the test CA cannot even connect), OAuth 2 client
// credentials, and the account of account.ts behind /api/v2, with controls for what a test
// needs to happen: a payment and its webhook, a duplicate or forged delivery, an outage… Its
// payouts are Efí's extension, on the origin as Efí serves them (payouts.ts).

const TOKEN_SECONDS = 3600

/** The seller the site's receipts name with this institution (an invented company, valid CNPJ). */
export const SANDBOX_SELLER = { name: 'Aprova Sandbox Ltda', taxId: '11.222.333/0001-81' }
/** Starts the server on a free port of 127.0.0.1 with fresh certificates. */
export async function startPixServer(options: PixServerOptions = {}): Promise<PixTestServer> {
  const { certificates, ca, cert, key, webhookTls } = await readPixCertificates()
  const sitePort = await freePort()
  const clientId = `Client_Id_${randomBytes(12).toString('hex')}`
  const clientSecret = `Client_Secret_${randomBytes(24).toString('hex')}`
  let clockOffsetMs = 0
  const nowMs = () => Date.now() + clockOffsetMs
  let down = false
  let dropReused = 0
  let dropped = 0
  const served = new WeakMap<object, number>() // connection -> requests it carried
  let issued = 0
  // token -> when it expires (server clock, ms) and the scopes it carries
  const tokens = new Map<string, { expiresAtMs: number; scopes: Set<string> }>()
  const forbidden = new Set<string>() // tokens answered 403 from now on
  const scopesAsked: string[] = []
  const grantedScopes = new Set(options.grantedScopes ?? GRANTED_SCOPES)
  const clientAuthentication = options.clientAuthentication ?? 'basic'
  const log: PixRequest[] = []
  /** Changes made to the next charges' answers (PUT /cob), in order. */
  const chargeAnswerEdits: ((charge: PixCharge) => object)[] = []
  let host = ''
  const receivingKey = options.key ?? randomUUID()
  const seed = serverSeed()
  const optionalFields = options.optionalFields ?? 'random'
  const account = createPixAccount({
    receivingKey,
    merchantName: options.merchantName ?? 'Aprova Teste',
    merchantCity: options.merchantCity ?? 'Recife',
    nowMs,
    host: () => host,
    keep: optionalFieldChooser(optionalFields, seed),
    onRefundAccepted: () => {
      if (refundMode !== 'auto') return
      // Counted as on its way from the moment it is accepted, so idle() waits for it too.
      const settling = new Promise((resolve) => setImmediate(resolve)).then(settlePending)
      inFlight.add(settling)
      void settling.finally(() => inFlight.delete(settling))
    },
  })
  let refundMode = options.refunds ?? 'auto'
  /** Settlements and their webhooks on their way. */
  const inFlight = new Set<Promise<unknown>>()

  async function idle(): Promise<void> {
    while (inFlight.size > 0) await Promise.all([...inFlight])
  }

  /**
   * The SPI answers every accepted refund (returned, or not when failRefunds was on as it was
   * asked for) and the institution tells the site by the webhook, the Pix with its devolucoes.
   */
  function settlePending(): Promise<unknown> {
    const work = Promise.all(
      account.pendingRefunds().map(async ({ endToEndId, id, fail }) => {
        const pix = account.settleRefund(endToEndId, id, !fail)
        const registered = account.webhookUrl()
        if (registered) await postJson(`${registered}/pix`, { pix: [pix] }, webhookTls)
      }),
    )
    inFlight.add(work)
    void work.finally(() => inFlight.delete(work))
    return work
  }
  const payouts = createPixPayouts({ receivingKey, nowMs })

  /** The client's credentials as RFC 6749 §2.3.1 allows them, in the one way this server takes. */
  function clientCredentials(request: IncomingMessage, form: URLSearchParams) {
    if (clientAuthentication === 'body') {
      if (request.headers.authorization) return undefined
      return { id: form.get('client_id'), secret: form.get('client_secret') }
    }
    const [scheme, encoded = ''] = (request.headers.authorization ?? '').split(' ')
    if (scheme !== 'Basic' || form.has('client_secret')) return undefined
    const [id = '', secret = ''] = Buffer.from(encoded, 'base64').toString('utf8').split(':')
    return { id: decodeURIComponent(id), secret: decodeURIComponent(secret) }
  }

  function issueToken(request: IncomingMessage, body: string): Answer {
    const form = new URLSearchParams(body)
    const credentials = clientCredentials(request, form)
    if (credentials?.id !== clientId || credentials.secret !== clientSecret) {
      return { status: 401, body: { error: 'invalid_client' } }
    }
    if (form.get('grant_type') !== 'client_credentials') {
      return { status: 400, body: { error: 'unsupported_grant_type' } }
    }
    // RFC 6749 §3.3: a scope asked for that the client was not granted is refused.
    const asked = (form.get('scope') ?? '').split(' ').filter(Boolean)
    if (asked.some((scope) => !grantedScopes.has(scope))) {
      return { status: 400, body: { error: 'invalid_scope' } }
    }
    const scopes = asked.length > 0 ? asked : [...grantedScopes]
    const accessToken = randomBytes(32).toString('base64url')
    tokens.set(accessToken, {
      expiresAtMs: nowMs() + TOKEN_SECONDS * 1000,
      scopes: new Set(scopes),
    })
    issued++
    scopesAsked.push(asked.join(' '))
    return {
      status: 200,
      body: {
        access_token: accessToken,
        token_type: 'Bearer',
        expires_in: TOKEN_SECONDS,
        scope: scopes.join(' '),
      },
    }
  }

  /** Refuses a call without a live token whose scopes cover `path` (see scopeOf). */
  function authorize(request: IncomingMessage, path: string) {
    const token = /^Bearer (\S+)$/.exec(request.headers.authorization ?? '')?.[1] ?? ''
    const granted = tokens.get(token)
    if (granted === undefined || granted.expiresAtMs <= nowMs()) {
      // Not in the API Pix (it assumes a valid token): OAuth 2's own refusal (RFC 6750 §3.1).
      throw new Problem(
        401,
        'AcessoNegado',
        'Acesso negado.',
        'Token ausente, inválido ou expirado.',
      )
    }
    const needed = scopeOf(request.method ?? '', path)
    if (forbidden.has(token) || (needed !== undefined && !granted.scopes.has(needed))) {
      throw new Problem(
        403,
        'AcessoNegado',
        'Acesso negado.',
        `O token não dá acesso a esta operação${needed ? ` (escopo ${needed})` : ''}.`,
      )
    }
  }

  function answerApi(request: IncomingMessage, url: URL, body: string): Answer {
    const apiPath = url.pathname.slice('/api/v2'.length)
    authorize(request, apiPath)
    return account.answer(request.method ?? '', apiPath, parsedBody(body), url.searchParams)
  }

  /** Efí's payout calls: their answers carry their own shapes (payouts.ts). */
  function answerPayout(request: IncomingMessage, url: URL, body: string) {
    authorize(request, url.pathname)
    const answer = payouts.answer(request.method ?? '', url.pathname, parsedBody(body))
    if (!answer) throw new Problem(404, 'NaoEncontrado', 'Não encontrado.', url.pathname)
    return answer
  }

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const carried = served.get(request.socket) ?? 0
    served.set(request.socket, carried + 1)
    if (carried > 0 && dropReused > 0) {
      // A kept-alive connection the server closes just as the client sends on it again.
      dropReused -= 1
      dropped += 1
      request.socket.destroy()
      return
    }
    const url = new URL(request.url ?? '/', 'https://127.0.0.1')
    log.push({ method: request.method ?? '', path: url.pathname + url.search })
    const body = await readBody(request)
    try {
      if (down)
        throw new Problem(503, 'ServicoIndisponivel', 'Serviço indisponível.', 'Fora do ar.')
      let answer: Answer & { contentType?: string }
      if (url.pathname === '/oauth/token' && request.method === 'POST') {
        answer = issueToken(request, body)
      } else if (url.pathname.startsWith('/api/v2/')) {
        answer = answerApi(request, url, body)
      } else if (payouts.handles(url.pathname)) {
        answer = answerPayout(request, url, body)
      } else {
        throw new Problem(404, 'NaoEncontrado', 'Não encontrado.', url.pathname)
      }
      const edit = chargeAnswerEdits.shift()
      if (edit && request.method === 'PUT' && /^\/api\/v2\/cob\/[^/]+$/.test(url.pathname)) {
        answer = { ...answer, body: edit(structuredClone(answer.body) as PixCharge) }
      } else if (edit) chargeAnswerEdits.unshift(edit)
      send(response, answer.status, answer.body, answer.contentType ?? 'application/json')
    } catch (error) {
      const problem =
        error instanceof Problem
          ? error
          : new Problem(500, 'ErroInternoDoServidor', 'Erro interno.', String(error))
      if (problem.status === 401) {
        response.setHeader('WWW-Authenticate', 'Bearer error="invalid_token"')
      }
      send(response, problem.status, problem.document(), 'application/problem+json')
    }
  }

  const server = https.createServer(
    { key, cert, ca, requestCert: true, rejectUnauthorized: true },
    (request, response) => void handle(request, response),
  )
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  host = `127.0.0.1:${(server.address() as AddressInfo).port}`
  const origin = `https://${host}`

  /**
   * The charge a bank app finds from a BR Code: the CRC checked, the Pix GUI and the location read
   * (field 26), the charge fetched there.
   */
  function chargeOfBrCode(code: string): PixCharge {
    if (pixCrc16(code.slice(0, -4)) !== code.slice(-4) || !code.slice(-8).startsWith('6304')) {
      throw new Error('the BR Code fails its CRC')
    }
    const account26 = readBrCode(readBrCode(code).get('26') ?? '')
    if (account26.get('00') !== 'br.gov.bcb.pix') throw new Error('not a Pix BR Code')
    const location = account26.get('25')
    const charge = account.charges().find((one) => one.location === location)
    if (!charge) throw new Error(`no charge at ${location}`)
    return charge
  }

  /** Sends the Pix's webhook, like real PSPs to the registered URL with '/pix' appended. */
  async function notify(pix: ReceivedPix, wanted = true, withRefunds = false): Promise<PixPayment> {
    const registered = account.webhookUrl()
    if (!wanted || registered === undefined) return { endToEndId: pix.endToEndId }
    const body = withRefunds ? { pix: [pix] } : webhookBody(pix)
    const webhookStatus = await postJson(`${registered}/pix`, body, webhookTls)
    // What the call set going (a refund the site asked for, settled and told) is done too.
    await idle()
    return { endToEndId: pix.endToEndId, webhookStatus }
  }

  const env = (webhookSecret = 'test-webhook-secret-0123456789'): PixSiteEnv => ({
    PIX_API_URL: `${origin}/api/v2`,
    PIX_TOKEN_URL: `${origin}/oauth/token`,
    PIX_CLIENT_ID: clientId,
    PIX_CLIENT_SECRET: clientSecret,
    PIX_CERT: certificates.clientCertFile,
    PIX_CERT_KEY: certificates.clientKeyFile,
    PIX_CA: certificates.caFile,
    PIX_KEY: receivingKey,
    PIX_WEBHOOK_SECRET: webhookSecret,
    PIX_WEBHOOK_CA: certificates.webhookCaFile,
    PIX_WEBHOOK_TLS_PORT: String(sitePort),
    PIX_WEBHOOK_TLS_CERT: certificates.siteCertFile,
    PIX_WEBHOOK_TLS_KEY: certificates.siteKeyFile,
    PIX_WEBHOOK_URL: `https://127.0.0.1:${sitePort}`,
    ...(clientAuthentication === 'body' ? { PIX_CLIENT_AUTH: 'body' as const } : {}),
    PIX_PAYOUTS: 'efi',
    COMPANY_NAME: SANDBOX_SELLER.name,
    COMPANY_TAX_ID: SANDBOX_SELLER.taxId,
  })

  return {
    url: `${origin}/api/v2`,
    seed,
    optionalFields,
    tokenUrl: `${origin}/oauth/token`,
    clientId,
    clientSecret,
    key: receivingKey,
    certificates,
    env,
    pfxEnv(webhookSecret) {
      const { PIX_CERT: _, PIX_CERT_KEY: __, ...rest } = env(webhookSecret)
      return {
        ...rest,
        PIX_PFX: certificates.pfxFile,
        PIX_PFX_PASSPHRASE: certificates.pfxPassphrase,
      }
    },
    charge: account.charge,
    charges: account.charges,
    pixes: account.pixes,
    refunds: account.refunds,
    pay: async (txid, payOptions = {}) =>
      notify(account.payCharge(txid, payOptions), payOptions.webhook),
    chargeOfBrCode,
    async payBrCode(code, payOptions = {}) {
      const charge = chargeOfBrCode(code)
      return notify(account.payCharge(charge.txid, payOptions), payOptions.webhook)
    },
    editNextChargeAnswer(edit) {
      chargeAnswerEdits.push(edit)
    },
    payUnknown: async (payOptions) =>
      notify(account.receiveUnknown(payOptions), payOptions.webhook),
    async redeliver(endToEndId) {
      const pix = account.pix(endToEndId)
      if (!pix) throw new Error(`no Pix ${endToEndId}`)
      const { webhookStatus } = await notify(pix)
      if (webhookStatus === undefined) throw new Error('no webhook registered')
      return webhookStatus
    },
    async deliver(payload, { secretPath, certificate } = {}) {
      const registered = account.webhookUrl()
      if (secretPath === undefined && registered === undefined) {
        throw new Error('no webhook registered and no secretPath given')
      }
      const target = secretPath === undefined ? registered : new URL(secretPath, registered).href
      return postJson(`${target}/pix`, payload, webhookTls, certificate)
    },
    expire: account.expire,
    advanceClock(seconds) {
      clockOffsetMs += seconds * 1000
    },
    setDown(value) {
      down = value
    },
    dropReusedConnections(count) {
      dropReused = count
    },
    connectionsDropped: () => dropped,
    failRefunds: account.failRefunds,
    holdRefunds(hold) {
      refundMode = hold ? 'hold' : 'auto'
    },
    async settleRefunds() {
      await settlePending()
    },
    settleRefund(endToEndId, id, returned, { webhook = true } = {}) {
      return notify(account.settleRefund(endToEndId, id, returned), webhook, true)
    },
    pendingRefunds: () =>
      account.pendingRefunds().map(({ endToEndId, id }) => ({ endToEndId, id })),
    idle,
    payouts: payouts.payouts,
    payoutOutcome: payouts.payoutOutcome,
    settlePayout: payouts.settlePayout,
    revokeTokens() {
      tokens.clear()
    },
    forbidTokens() {
      for (const token of tokens.keys()) forbidden.add(token)
    },
    scopesAsked: () => [...scopesAsked],
    tokensIssued: () => issued,
    requests: () => log.map((entry) => ({ ...entry })),
    webhookUrl: account.webhookUrl,
    async close() {
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
      await certificates.remove()
    },
  }
}
