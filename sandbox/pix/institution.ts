import { randomBytes, randomUUID } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import http, { type IncomingMessage, type ServerResponse } from 'node:http'
import https from 'node:https'
import { type AddressInfo, createServer as createTcpServer } from 'node:net'
import { type Answer, createPixAccount, Problem } from '#sandbox/pix/account.ts'
import { pixCrc16, readBrCode } from '#sandbox/pix/brcode.ts'
import { makePixCertificates } from '#sandbox/pix/certs.ts'
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
  WebhookCertificate,
} from '#sandbox/pix/types.ts'

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
/** What the test client was granted: the API Pix's scopes and the payout ones. */
const GRANTED_SCOPES = [
  'cob.write',
  'cob.read',
  'pix.read',
  'pix.write',
  'webhook.write',
  'webhook.read',
  'pix.send',
  'gn.pix.send.read',
]

/**
 * The scope each route needs, as the API Pix's `security` entries say: its paths below /api/v2.
 * Payouts: Efí's scopes, its paths from the origin (/v3/…, /v2/…), which no API Pix path is.
 */
const ROUTE_SCOPES: [method: string, path: RegExp, scope: string][] = [
  ['PUT', /^\/cob\/[^/]+$/, 'cob.write'],
  ['PATCH', /^\/cob\/[^/]+$/, 'cob.write'],
  ['GET', /^\/cob(\/[^/]+)?$/, 'cob.read'],
  ['PUT', /^\/pix\/[^/]+\/devolucao\/[^/]+$/, 'pix.write'],
  ['GET', /^\/pix(\/[^/]+(\/devolucao\/[^/]+)?)?$/, 'pix.read'],
  ['PUT', /^\/webhook\/[^/]+$/, 'webhook.write'],
  ['DELETE', /^\/webhook\/[^/]+$/, 'webhook.write'],
  ['GET', /^\/webhook(\/[^/]+)?$/, 'webhook.read'],
  ['PUT', /^\/v3\/gn\/pix\/[^/]+$/, 'pix.send'],
  ['GET', /^\/v2\/gn\/pix\/enviados\//, 'gn.pix.send.read'],
]

/** `path`: below /api/v2 for the API Pix, from the origin for payouts. */
function scopeOf(method: string, path: string): string | undefined {
  return ROUTE_SCOPES.find(([m, pattern]) => m === method && pattern.test(path))?.[2]
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = []
  for await (const chunk of request) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks).toString('utf8')
}

function send(response: ServerResponse, status: number, body: object | undefined, type: string) {
  if (body === undefined) return response.writeHead(status).end()
  response.writeHead(status, { 'Content-Type': type }).end(JSON.stringify(body))
}

/** What the institution's webhook client shows and trusts over https. */
interface WebhookTls {
  /** The authority of the site's server certificate (the test CA stands for the web's). */
  ca: Buffer
  /** The client certificate and key shown, by choice. */
  certificates: Record<Exclude<WebhookCertificate, 'none'>, { cert: Buffer; key: Buffer }>
}

/**
 * POSTs JSON to the site, over https with mutual TLS as the API Pix calls webhooks (issue 31
 * point 2), or plain http to an http address: its status, or 0 when it cannot be reached (or
 * refused the handshake). A connection of its own each time: no TLS session of another
 * certificate is resumed.
 */
async function postJson(
  url: string,
  payload: unknown,
  tls: WebhookTls,
  certificate: WebhookCertificate = 'institution',
): Promise<number> {
  const target = new URL(url)
  const body = JSON.stringify(payload)
  const secure = target.protocol === 'https:'
  const shown = certificate === 'none' ? {} : tls.certificates[certificate]
  const options = {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) },
    agent: false as const,
    timeout: 15_000,
    ...(secure ? { ca: tls.ca, ...shown } : {}),
  }
  return new Promise((resolve) => {
    const request = (secure ? https : http).request(target, options, (response) => {
      response.resume()
      response.on('end', () => resolve(response.statusCode ?? 0))
      response.on('error', () => resolve(0))
    })
    request.on('timeout', () => request.destroy())
    request.on('error', () => resolve(0))
    request.end(body)
  })
}

/** A port free right now, for the site's webhook listener (PIX_WEBHOOK_TLS_PORT). */
async function freePort(): Promise<number> {
  const probe = createTcpServer()
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve))
  const { port } = probe.address() as AddressInfo
  await new Promise((resolve) => probe.close(resolve))
  return port
}

/** The webhook body for one Pix, as PSPs send it: the Pix without its refunds. */
function webhookBody({ devolucoes: _, ...pix }: ReceivedPix) {
  return { pix: [pix] }
}

/** Starts the server on a free port of 127.0.0.1 with fresh certificates. */
export async function startPixServer(options: PixServerOptions = {}): Promise<PixTestServer> {
  const certificates = await makePixCertificates()
  const [ca, cert, key, webhookCert, webhookKey, strangerCert, strangerKey] = await Promise.all([
    readFile(certificates.caFile),
    readFile(certificates.serverCertFile),
    readFile(certificates.serverKeyFile),
    readFile(certificates.webhookClientCertFile),
    readFile(certificates.webhookClientKeyFile),
    readFile(certificates.strangerCertFile),
    readFile(certificates.strangerKeyFile),
  ])
  const webhookTls: WebhookTls = {
    ca,
    certificates: {
      institution: { cert: webhookCert, key: webhookKey },
      stranger: { cert: strangerCert, key: strangerKey },
    },
  }
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

  function parsedBody(body: string): unknown {
    try {
      return body === '' ? undefined : JSON.parse(body)
    } catch {
      throw new Problem(400, 'RequisicaoInvalida', 'Requisição inválida.', 'O corpo não é JSON.', [
        { razao: 'O corpo da requisição não é JSON.', propriedade: 'corpo' },
      ])
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
