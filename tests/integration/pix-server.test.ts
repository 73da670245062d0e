import { randomBytes } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import http from 'node:http'
import https from 'node:https'
import type { AddressInfo } from 'node:net'
import tls from 'node:tls'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  cobCompletaSchema,
  cobGeradaSchema,
  devolucaoSchema,
  pixConsultadosSchema,
  pixSchema,
  problemaSchema,
} from '#app/modules/payments/pix-schemas.ts'
import { pixCrc16, readBrCode } from '#sandbox/pix/brcode.ts'
import {
  type PixCharge,
  type PixRefund,
  type PixTestServer,
  type ReceivedPix,
  startPixServer,
} from '#sandbox/pix/institution.ts'
import { PIX_ERROR_BASE } from '#sandbox/pix/strict.ts'

// The local Pix server (sandbox/pix/institution.ts) must behave like a PSP's "API Pix" v2 for
// the site's payment tests to mean anything: proved here over real HTTPS with the client
// certificate, as the site will call it.

let pix: PixTestServer
let identity: { cert: Buffer; key: Buffer }
let ca: Buffer

interface Reply<T> {
  status: number
  contentType: string | undefined
  body: T
}

interface CallOptions {
  method?: string
  json?: unknown
  form?: string
  token?: string
  basic?: { id: string; secret: string }
  /** The TLS client identity; the site's PEM certificate unless given. */
  tls?: tls.SecureContextOptions
}

/** One HTTPS request to the server, trusting the test CA. */
function call<T = Record<string, unknown>>(url: string, options: CallOptions = {}) {
  const headers: Record<string, string> = {}
  let payload: string | undefined
  if (options.json !== undefined) {
    payload = JSON.stringify(options.json)
    headers['Content-Type'] = 'application/json'
  } else if (options.form !== undefined) {
    payload = options.form
    headers['Content-Type'] = 'application/x-www-form-urlencoded'
  }
  if (options.token) headers.Authorization = `Bearer ${options.token}`
  if (options.basic) {
    const encoded = Buffer.from(`${options.basic.id}:${options.basic.secret}`).toString('base64')
    headers.Authorization = `Basic ${encoded}`
  }
  return new Promise<Reply<T>>((resolve, reject) => {
    const request = https.request(
      url,
      { method: options.method ?? 'GET', headers, ca, agent: false, ...(options.tls ?? identity) },
      (response) => {
        const chunks: Buffer[] = []
        response.on('data', (chunk: Buffer) => chunks.push(chunk))
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8')
          resolve({
            status: response.statusCode ?? 0,
            contentType: response.headers['content-type'],
            body: text === '' ? ({} as T) : (JSON.parse(text) as T),
          })
        })
        response.on('error', reject)
      },
    )
    request.on('error', reject)
    request.end(payload)
  })
}

async function newToken(): Promise<string> {
  const reply = await call<{ access_token: string }>(pix.tokenUrl, {
    method: 'POST',
    form: 'grant_type=client_credentials',
    basic: { id: pix.clientId, secret: pix.clientSecret },
  })
  expect(reply.status).toBe(200)
  return reply.body.access_token
}

const newTxid = () => randomBytes(16).toString('hex') // 32 letters and digits

async function createCharge(token: string, original = '49.00', txid = newTxid()) {
  const reply = await call<PixCharge>(`${pix.url}/cob/${txid}`, {
    method: 'PUT',
    token,
    json: {
      calendario: { expiracao: 3600 },
      valor: { original },
      chave: pix.key,
      solicitacaoPagador: 'Plano Ouro, 30 dias',
    },
  })
  expect(reply.status).toBe(201)
  return reply.body
}

/** A tiny site that records what reaches it (path and JSON body) and answers `status`. */
async function startWebhookReceiver() {
  const received: { path: string; body: unknown }[] = []
  let status = 200
  const server = http.createServer(async (request, response) => {
    const chunks: Buffer[] = []
    for await (const chunk of request) chunks.push(chunk as Buffer)
    received.push({
      path: request.url ?? '',
      body: JSON.parse(Buffer.concat(chunks).toString('utf8')),
    })
    response.writeHead(status).end()
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    answer(next: number) {
      status = next
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

beforeAll(async () => {
  // Every optional field sent, so that these tests see whole answers; the answers without them
  // are tested below with servers of their own.
  pix = await startPixServer({ optionalFields: 'all' })
  const { caFile, clientCertFile, clientKeyFile } = pix.certificates
  ;[ca, identity] = await Promise.all([
    readFile(caFile),
    Promise.all([readFile(clientCertFile), readFile(clientKeyFile)]).then(([cert, key]) => ({
      cert,
      key,
    })),
  ])
})

afterAll(async () => {
  await pix?.close()
})

describe('mutual TLS', () => {
  it('refuses a client without a certificate, or with one from another CA', async () => {
    const before = pix.requests().length
    const refused = expect.objectContaining({
      code: expect.stringMatching(/^(ERR_SSL_|ECONNRESET$)/),
    })
    await expect(call(pix.tokenUrl, { method: 'POST', tls: {} })).rejects.toEqual(refused)
    const { strangerCertFile, strangerKeyFile } = pix.certificates
    const stranger = {
      cert: await readFile(strangerCertFile),
      key: await readFile(strangerKeyFile),
    }
    await expect(call(pix.tokenUrl, { method: 'POST', tls: stranger })).rejects.toEqual(refused)
    // Refused in the TLS handshake: no HTTP request ever reached the server.
    expect(pix.requests()).toHaveLength(before)
  })

  it('admits the client certificate as a PKCS#12 bundle with its passphrase', async () => {
    const { pfxFile, pfxPassphrase } = pix.certificates
    const pfx = await readFile(pfxFile)
    expect(() => tls.createSecureContext({ pfx, passphrase: pfxPassphrase })).not.toThrow()
    expect(() => tls.createSecureContext({ pfx, passphrase: 'wrong' })).toThrow()
    const reply = await call(pix.tokenUrl, {
      method: 'POST',
      form: 'grant_type=client_credentials',
      basic: { id: pix.clientId, secret: pix.clientSecret },
      tls: { pfx, passphrase: pfxPassphrase },
    })
    expect(reply.status).toBe(200)
  })
})

describe('OAuth 2 client credentials', () => {
  it('issues a bearer token for the right credentials only', async () => {
    const before = pix.tokensIssued()
    const granted = await call(pix.tokenUrl, {
      method: 'POST',
      form: 'grant_type=client_credentials',
      basic: { id: pix.clientId, secret: pix.clientSecret },
    })
    expect(granted.status).toBe(200)
    expect(granted.body).toMatchObject({
      token_type: 'Bearer',
      expires_in: 3600,
      scope:
        'cob.write cob.read pix.read pix.write webhook.write webhook.read pix.send gn.pix.send.read',
    })
    expect(granted.body.access_token).toEqual(expect.any(String))
    expect(pix.tokensIssued()).toBe(before + 1)

    const refused = await call(pix.tokenUrl, {
      method: 'POST',
      form: 'grant_type=client_credentials',
      basic: { id: pix.clientId, secret: 'wrong' },
    })
    expect(refused).toMatchObject({ status: 401, body: { error: 'invalid_client' } })
    expect(pix.tokensIssued()).toBe(before + 1)
  })

  it('refuses the API without a token, after revokeTokens and after the token expires', async () => {
    const cob = `${pix.url}/cob/${newTxid()}`
    const missing = await call(cob)
    expect(missing.status).toBe(401)
    expect(missing.contentType).toBe('application/problem+json')

    const token = await newToken()
    expect((await call(cob, { token })).status).toBe(404)
    pix.revokeTokens()
    expect((await call(cob, { token })).status).toBe(401)

    const fresh = await newToken()
    expect((await call(cob, { token: fresh })).status).toBe(404)
    pix.advanceClock(3601)
    expect((await call(cob, { token: fresh })).status).toBe(401)
  })
})

describe('charges (cob)', () => {
  it('computes the BR Code CRC as the standard does', () => {
    expect(pixCrc16('123456789')).toBe('29B1') // CRC-16/CCITT-FALSE check value
    // The static example of the Banco Central's BR Code manual, which ends in 1D3D.
    const example =
      '00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-426655440000' +
      '5204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***6304'
    expect(pixCrc16(example)).toBe('1D3D')
  })

  it('creates a charge with a BR Code whose CRC is right, and reads it back', async () => {
    const token = await newToken()
    const charge = await createCharge(token)
    expect(charge).toMatchObject({
      calendario: { expiracao: 3600 },
      revisao: 0,
      status: 'ATIVA',
      valor: { original: '49.00' },
      chave: pix.key,
      solicitacaoPagador: 'Plano Ouro, 30 dias',
      loc: { tipoCob: 'cob', location: charge.location },
    })
    expect(charge.location).toMatch(/^127\.0\.0\.1:\d+\/qr\/v2\/[0-9a-f-]{36}$/)
    expect(Date.parse(charge.calendario.criacao)).not.toBeNaN()

    const code = charge.pixCopiaECola ?? ''
    expect(code).not.toBe('')
    expect(code.slice(-4)).toBe(pixCrc16(code.slice(0, -4)))
    const fields = readBrCode(code)
    expect(fields.get('00')).toBe('01')
    expect(fields.get('26')).toContain('0014br.gov.bcb.pix')
    expect(fields.get('26')).toContain(charge.location)
    expect(fields.get('53')).toBe('986')
    expect(fields.has('54')).toBe(false)
    expect(fields.get('58')).toBe('BR')

    const read = await call<PixCharge>(`${pix.url}/cob/${charge.txid}`, { token })
    expect(read).toMatchObject({ status: 200, body: charge })
    expect(pix.charge(charge.txid)).toEqual(charge)
  })

  it('refuses a bad txid, amount or key, a used txid, and an unknown one', async () => {
    const token = await newToken()
    const put = (txid: string, json: object) =>
      call(`${pix.url}/cob/${txid}`, { method: 'PUT', token, json })
    const valid = { calendario: { expiracao: 600 }, valor: { original: '10.00' }, chave: pix.key }

    const short = await put('abc', valid)
    expect(short.status).toBe(400)
    expect(short.contentType).toBe('application/problem+json')
    expect(short.body).toMatchObject({ status: 400, type: expect.stringContaining('/error/') })
    for (const original of ['0.00', '49', '49.0', '-1.00', 'abc']) {
      expect((await put(newTxid(), { ...valid, valor: { original } })).status).toBe(400)
    }
    expect((await put(newTxid(), { ...valid, chave: 'someone@else.com' })).status).toBe(400)

    const txid = newTxid()
    expect((await put(txid, valid)).status).toBe(201)
    // The spec documents 400 (CobOperacaoInvalida) for PUT /cob/{txid}, no 409.
    expect((await put(txid, valid)).status).toBe(400)
    expect((await call(`${pix.url}/cob/${newTxid()}`, { token })).status).toBe(404)
  })

  it('lists charges created in the window, by status, page by page', async () => {
    const inicio = new Date(Date.now() + 100 * 86_400_000).toISOString()
    pix.advanceClock(100 * 86_400) // past every charge made by the tests above
    const token = await newToken()
    const made = [await createCharge(token), await createCharge(token), await createCharge(token)]
    const paid = made[0]?.txid ?? ''
    await pix.pay(paid)
    const fim = new Date(Date.now() + 101 * 86_400_000).toISOString()
    const list = (query: string) =>
      call<{ parametros: { paginacao: Record<string, number> }; cobs: PixCharge[] }>(
        `${pix.url}/cob?inicio=${inicio}&fim=${fim}${query}`,
        { token },
      )

    const all = await list('')
    expect(all.body.cobs.map((cob) => cob.txid)).toEqual(made.map((cob) => cob.txid))
    expect(all.body.parametros).toMatchObject({
      inicio,
      fim,
      paginacao: {
        paginaAtual: 0,
        itensPorPagina: 100,
        quantidadeDePaginas: 1,
        quantidadeTotalDeItens: 3,
      },
    })
    const concluded = await list('&status=CONCLUIDA')
    expect(concluded.body.cobs.map((cob) => cob.txid)).toEqual([paid])
    const secondPage = await list('&paginacao.paginaAtual=1&paginacao.itensPorPagina=2')
    expect(secondPage.body.cobs.map((cob) => cob.txid)).toEqual([made[2]?.txid])
    expect(secondPage.body.parametros.paginacao).toMatchObject({ quantidadeDePaginas: 2 })
    expect((await call(`${pix.url}/cob?inicio=yesterday`, { token })).status).toBe(400)
  })
})

describe('payments', () => {
  it('pay() concludes the charge with the Pix in it, readable by e2eid and in the list', async () => {
    const token = await newToken()
    const charge = await createCharge(token)
    const { endToEndId } = await pix.pay(charge.txid, { payerName: 'Maria', payerMessage: 'oi' })
    expect(endToEndId).toMatch(/^E\d{8}\d{12}[a-zA-Z0-9]{11}$/)
    expect(endToEndId).toHaveLength(32)

    const read = await call<PixCharge>(`${pix.url}/cob/${charge.txid}`, { token })
    expect(read.body.status).toBe('CONCLUIDA')
    expect(read.body.pix).toEqual([
      {
        endToEndId,
        txid: charge.txid,
        valor: '49.00',
        chave: pix.key,
        horario: expect.any(String),
        infoPagador: 'oi',
        pagador: { nome: 'Maria' },
        devolucoes: [],
      },
    ])
    const received = await call<ReceivedPix>(`${pix.url}/pix/${endToEndId}`, { token })
    expect(received.body).toEqual(read.body.pix?.[0])
    expect((await call(`${pix.url}/pix/E0000000000000000000000000000000`, { token })).status).toBe(
      404,
    )

    const horario = Date.parse(received.body.horario)
    const window = `inicio=${new Date(horario - 1000).toISOString()}&fim=${new Date(horario + 1000).toISOString()}`
    const listed = await call<{ pix: ReceivedPix[] }>(`${pix.url}/pix?${window}`, { token })
    expect(listed.body.pix.map((one) => one.endToEndId)).toContain(endToEndId)

    // A second Pix for the same charge (a payer who paid twice) is kept beside the first.
    const second = await pix.pay(charge.txid)
    expect(pix.charge(charge.txid)?.pix?.map((one) => one.endToEndId)).toEqual([
      endToEndId,
      second.endToEndId,
    ])
  })

  it('an expired or removed charge cannot be paid unless late; removal shows in its status', async () => {
    const token = await newToken()
    const removed = await createCharge(token)
    pix.expire(removed.txid)
    expect(pix.charge(removed.txid)?.status).toBe('REMOVIDA_PELO_PSP')
    await expect(pix.pay(removed.txid)).rejects.toThrow(/removed/)

    const lapsed = await createCharge(token) // expiracao 3600
    pix.advanceClock(3601)
    // As in the real API, an unpaid charge past its expiry is still ATIVA.
    expect(pix.charge(lapsed.txid)?.status).toBe('ATIVA')
    await expect(pix.pay(lapsed.txid)).rejects.toThrow(/expired/)
    await pix.pay(lapsed.txid, { late: true })
    expect(pix.charge(lapsed.txid)?.status).toBe('CONCLUIDA')
  })
})

describe('refunds (devolução)', () => {
  it('refunds up to the amount, accepts first and settles later, refuses a used id, and reads a refund back', async () => {
    const token = await newToken()
    const charge = await createCharge(token)
    const { endToEndId } = await pix.pay(charge.txid)
    const refund = (id: string, valor: string) =>
      call<PixRefund>(`${pix.url}/pix/${endToEndId}/devolucao/${id}`, {
        method: 'PUT',
        token,
        json: { valor, natureza: 'ORIGINAL', descricao: 'Cancelado' },
      })
    pix.holdRefunds(true)
    try {
      // Accepted and sent to the SPI, as the specification's example answers (issue 31).
      const first = await refund('r1', '20.00')
      expect(first.status).toBe(201)
      expect(first.body).toMatchObject({ id: 'r1', valor: '20.00', status: 'EM_PROCESSAMENTO' })
      expect(first.body.rtrId).toMatch(/^D[a-zA-Z0-9]{31}$/)
      expect(first.body.horario.liquidacao).toBeUndefined()

      // An id already used for this Pix is refused (PixDevolucaoInvalida), never done twice.
      const again = await refund('r1', '20.00')
      expect(again.status).toBe(400)
      expect(again.body).toMatchObject({
        type: 'https://pix.bcb.gov.br/api/v2/error/PixDevolucaoInvalida',
        violacoes: [{ propriedade: 'id' }],
      })
      expect(pix.refunds().filter((made) => made.endToEndId === endToEndId)).toHaveLength(1)

      expect((await refund('r2', '29.01')).status).toBe(400)
      expect((await refund('r2', '29.00')).status).toBe(201)
      expect((await refund('r3', '0.01')).status).toBe(400)

      await pix.settleRefund(endToEndId, 'r1', true, { webhook: false })
      const read = await call<PixRefund>(`${pix.url}/pix/${endToEndId}/devolucao/r1`, { token })
      expect(read.body).toMatchObject({ id: 'r1', valor: '20.00', status: 'DEVOLVIDO' })
      expect(Date.parse(read.body.horario.liquidacao ?? '')).not.toBeNaN()
      expect((await call(`${pix.url}/pix/${endToEndId}/devolucao/r9`, { token })).status).toBe(404)
      const unknown = `${pix.url}/pix/E0000000000000000000000000000000/devolucao/r1`
      expect((await call(unknown, { method: 'PUT', token, json: { valor: '1.00' } })).status).toBe(
        404,
      )
      expect(pix.charge(charge.txid)?.pix?.[0]?.devolucoes?.map((made) => made.id)).toEqual([
        'r1',
        'r2',
      ])
    } finally {
      pix.holdRefunds(false)
      await pix.settleRefunds()
    }
  })

  it('failRefunds makes the refunds asked for NAO_REALIZADO, which do not count toward the amount', async () => {
    const token = await newToken()
    const { endToEndId } = await pix.pay((await createCharge(token, '10.00')).txid)
    const url = (id: string) => `${pix.url}/pix/${endToEndId}/devolucao/${id}`
    pix.failRefunds(true)
    try {
      const failed = await call<PixRefund>(url('f1'), {
        method: 'PUT',
        token,
        json: { valor: '10.00' },
      })
      expect(failed).toMatchObject({ status: 201, body: { status: 'EM_PROCESSAMENTO' } })
      await pix.idle()
      const read = await call<PixRefund>(url('f1'), { token })
      expect(read.body).toMatchObject({ status: 'NAO_REALIZADO', motivo: expect.any(String) })
    } finally {
      pix.failRefunds(false)
    }
    const retried = await call<PixRefund>(url('f2'), {
      method: 'PUT',
      token,
      json: { valor: '10.00' },
    })
    expect(retried).toMatchObject({ status: 201, body: { status: 'EM_PROCESSAMENTO' } })
    await pix.idle()
    expect((await call<PixRefund>(url('f2'), { token })).body).toMatchObject({
      status: 'DEVOLVIDO',
    })
  })
})

describe('webhook', () => {
  it('registers the URL and delivers each Pix to it with /pix appended', async () => {
    const site = await startWebhookReceiver()
    try {
      const token = await newToken()
      const webhookUrl = `${site.base}/api/pix/webhook/s3cret`
      const registered = await call(`${pix.url}/webhook/${pix.key}`, {
        method: 'PUT',
        token,
        json: { webhookUrl },
      })
      expect(registered).toMatchObject({ status: 200, body: {} })
      const read = await call(`${pix.url}/webhook/${pix.key}`, { token })
      expect(read.body).toMatchObject({ webhookUrl, chave: pix.key })
      expect(pix.webhookUrl()).toBe(webhookUrl)
      const bad = { method: 'PUT', token, json: { webhookUrl: 'ftp://x' } }
      expect((await call(`${pix.url}/webhook/${pix.key}`, bad)).status).toBe(400)

      const charge = await createCharge(token)
      const paid = await pix.pay(charge.txid)
      expect(paid.webhookStatus).toBe(200)
      expect(site.received).toEqual([
        {
          path: '/api/pix/webhook/s3cret/pix',
          body: {
            pix: [
              {
                endToEndId: paid.endToEndId,
                txid: charge.txid,
                chave: pix.key,
                valor: '49.00',
                horario: expect.any(String),
              },
            ],
          },
        },
      ])

      site.answer(500)
      expect(await pix.redeliver(paid.endToEndId)).toBe(500)
      expect(site.received[1]?.body).toEqual(site.received[0]?.body)

      site.answer(200)
      const direct = await pix.payUnknown({ amount: '5.00' })
      expect(direct.webhookStatus).toBe(200)
      expect(site.received[2]?.body).toEqual({
        pix: [expect.not.objectContaining({ txid: expect.anything() })],
      })

      const silent = await pix.pay((await createCharge(token)).txid, { webhook: false })
      expect(silent.webhookStatus).toBeUndefined()
      expect(site.received).toHaveLength(3)

      expect(await pix.deliver({ pix: [] }, { secretPath: '/api/pix/webhook/guess' })).toBe(200)
      expect(site.received[3]).toEqual({ path: '/api/pix/webhook/guess/pix', body: { pix: [] } })
    } finally {
      await site.close()
    }
  })
})

describe('outage', () => {
  it('answers 503 with a problem JSON to everything while down', async () => {
    const token = await newToken()
    pix.setDown(true)
    try {
      const api = await call(`${pix.url}/cob/${newTxid()}`, { token })
      expect(api.status).toBe(503)
      expect(api.contentType).toBe('application/problem+json')
      expect(api.body).toMatchObject({ status: 503, title: expect.any(String) })
      const tokenCall = await call(pix.tokenUrl, {
        method: 'POST',
        form: 'grant_type=client_credentials',
        basic: { id: pix.clientId, secret: pix.clientSecret },
      })
      expect(tokenCall.status).toBe(503)
    } finally {
      pix.setDown(false)
    }
    expect((await call(`${pix.url}/cob/${newTxid()}`, { token })).status).toBe(404)
    expect(pix.requests().at(-1)).toMatchObject({
      method: 'GET',
      path: expect.stringMatching(/^\/api\/v2\/cob\//),
    })
  })

  it('env() and pfxEnv() give the site what it needs to reach this server', () => {
    const env = pix.env()
    expect(env).toMatchObject({
      PIX_API_URL: pix.url,
      PIX_TOKEN_URL: pix.tokenUrl,
      PIX_CLIENT_ID: pix.clientId,
      PIX_CLIENT_SECRET: pix.clientSecret,
      PIX_CERT: pix.certificates.clientCertFile,
      PIX_CERT_KEY: pix.certificates.clientKeyFile,
      PIX_CA: pix.certificates.caFile,
      PIX_KEY: pix.key,
      PIX_WEBHOOK_SECRET: 'test-webhook-secret-0123456789',
      // The site's own mutual-TLS listener for the webhook (issue 31 point 2).
      PIX_WEBHOOK_CA: pix.certificates.webhookCaFile,
      PIX_WEBHOOK_TLS_CERT: pix.certificates.siteCertFile,
      PIX_WEBHOOK_TLS_KEY: pix.certificates.siteKeyFile,
      PIX_WEBHOOK_URL: `https://127.0.0.1:${env.PIX_WEBHOOK_TLS_PORT}`,
    })
    const pfxEnv = pix.pfxEnv('another-secret')
    expect(pfxEnv).toMatchObject({
      PIX_PFX: pix.certificates.pfxFile,
      PIX_PFX_PASSPHRASE: pix.certificates.pfxPassphrase,
      PIX_WEBHOOK_SECRET: 'another-secret',
    })
    expect(pfxEnv).not.toHaveProperty('PIX_CERT')
  })
})

// Issue 31 point 9: as strict as the Banco Central's spec (API Pix 2.9.0), so that what passes
// here passes at a real institution.
describe('strictness of the spec', () => {
  interface Problema {
    type: string
    title: string
    status: number
    detail: string
    violacoes?: { razao: string; propriedade: string; valor?: string }[]
  }

  const valid = () => ({
    calendario: { expiracao: 600 },
    valor: { original: '10.00' },
    chave: pix.key,
    solicitacaoPagador: 'Plano Ouro',
  })

  /** The refusal's problem, checked for the spec's shape; `propriedade`s it names, sorted. */
  function refused(reply: Reply<Problema>, type: string) {
    expect(reply.status).toBe(400)
    expect(reply.contentType).toBe('application/problem+json')
    expect(problemaSchema.safeParse(reply.body).success).toBe(true)
    expect(reply.body).toMatchObject({
      type: PIX_ERROR_BASE + type,
      title: expect.any(String),
      status: 400,
      detail: expect.any(String),
    })
    for (const found of reply.body.violacoes ?? []) expect(found.razao).toEqual(expect.any(String))
    return (reply.body.violacoes ?? []).map((found) => found.propriedade).sort()
  }

  /** A token and the TLS identity for another server than the file's. */
  async function clientOf(server: PixTestServer) {
    const { caFile, clientCertFile, clientKeyFile } = server.certificates
    const [serverCa, cert, key] = await Promise.all(
      [caFile, clientCertFile, clientKeyFile].map((file) => readFile(file)),
    )
    const tls = { ca: serverCa, cert, key }
    const reply = await call<{ access_token: string }>(server.tokenUrl, {
      method: 'POST',
      form: 'grant_type=client_credentials',
      basic: { id: server.clientId, secret: server.clientSecret },
      tls,
    })
    return { token: reply.body.access_token, tls }
  }

  async function putCharge(json: unknown, txid = newTxid()) {
    const token = await newToken()
    return call<Problema>(`${pix.url}/cob/${txid}`, { method: 'PUT', token, json })
  }

  it('refuses a charge with a problem naming each property at fault and its value', async () => {
    const reply = await putCharge({
      ...valid(),
      valor: { original: '1.5' },
      solicitacaoPagador: 'x'.repeat(141),
    })
    expect(refused(reply, 'CobOperacaoInvalida')).toEqual([
      'cob.solicitacaoPagador',
      'cob.valor.original',
    ])
    expect(reply.body.violacoes).toContainEqual(
      expect.objectContaining({ propriedade: 'cob.valor.original', valor: '1.5' }),
    )
    expect((await putCharge({ ...valid(), solicitacaoPagador: 'x'.repeat(140) })).status).toBe(201)
  })

  it('refuses a charge without calendario.expiracao: this institution wants it said', async () => {
    // The spec would default it to a day; a client counting on that is caught here.
    const { calendario: _, ...withoutCalendar } = valid()
    expect(refused(await putCharge({ ...valid(), calendario: {} }), 'CobOperacaoInvalida')).toEqual(
      ['cob.calendario.expiracao'],
    )
    expect(refused(await putCharge(withoutCalendar), 'CobOperacaoInvalida')).toEqual([
      'cob.calendario',
    ])
    const negative = { ...valid(), calendario: { expiracao: 0 } }
    expect(refused(await putCharge(negative), 'CobOperacaoInvalida')).toEqual([
      'cob.calendario.expiracao',
    ])
  })

  it("refuses a debtor's CPF whose check digits are wrong, or a CPF and a CNPJ at once", async () => {
    const wrong = await putCharge({ ...valid(), devedor: { cpf: '12345678900', nome: 'Ana' } })
    expect(refused(wrong, 'CobOperacaoInvalida')).toEqual(['cob.devedor.cpf'])
    expect(wrong.body.violacoes?.[0]?.valor).toBe('12345678900')
    const both = { cpf: '12345678909', cnpj: '12345678000195', nome: 'Ana' }
    expect(refused(await putCharge({ ...valid(), devedor: both }), 'CobOperacaoInvalida')).toEqual([
      'cob.devedor',
    ])
    const right = await putCharge({ ...valid(), devedor: { cpf: '12345678909', nome: 'Ana' } })
    expect(right.status).toBe(201)
    expect(right.body).toMatchObject({ devedor: { cpf: '12345678909', nome: 'Ana' } })
  })

  it('refuses a key not its own and a txid already used, with 400 as the spec documents', async () => {
    const foreign = await putCharge({ ...valid(), chave: 'someone@else.com' })
    expect(refused(foreign, 'CobOperacaoInvalida')).toEqual(['cob.chave'])
    const txid = newTxid()
    expect((await putCharge(valid(), txid)).status).toBe(201)
    expect(refused(await putCharge(valid(), txid), 'CobOperacaoInvalida')).toEqual(['txid'])
    expect(refused(await putCharge(valid(), 'short'), 'CobOperacaoInvalida')).toEqual(['txid'])
  })

  it('refuses a list whose end is before its start, or whose page is off the schema', async () => {
    const token = await newToken()
    const inicio = new Date().toISOString()
    const before = new Date(Date.now() - 1000).toISOString()
    const list = (path: string, query: string) =>
      call<Problema>(`${pix.url}/${path}?inicio=${inicio}&${query}`, { token })
    for (const [path, type] of [
      ['pix', 'PixConsultaInvalida'],
      ['cob', 'CobConsultaInvalida'],
    ] as const) {
      expect(refused(await list(path, `fim=${before}`), type)).toEqual(['fim'])
      const fim = `fim=${new Date(Date.now() + 1000).toISOString()}`
      for (const page of ['paginacao.paginaAtual=-1', 'paginacao.paginaAtual=x']) {
        expect(refused(await list(path, `${fim}&${page}`), type)).toEqual(['paginacao.paginaAtual'])
      }
      for (const size of ['0', '1001', '1.5']) {
        const reply = await list(path, `${fim}&paginacao.itensPorPagina=${size}`)
        expect(refused(reply, type)).toEqual(['paginacao.itensPorPagina'])
      }
      // An empty list still has one page (the spec's minimum).
      const empty = await list(path, fim)
      expect(empty.status).toBe(200)
      expect(empty.body).toMatchObject({ parametros: { paginacao: { quantidadeDePaginas: 1 } } })
    }
  })

  it('refuses malformed ids in paths, refund bodies and webhook bodies as the spec types them', async () => {
    const token = await newToken()
    const charge = await createCharge(token)
    const { endToEndId } = await pix.pay(charge.txid)
    const malformed = await call<Problema>(`${pix.url}/pix/not-an-e2eid`, { token })
    expect(refused(malformed, 'RequisicaoInvalida')).toEqual(['e2eid'])
    const refund = (id: string, json: unknown) =>
      call<Problema>(`${pix.url}/pix/${endToEndId}/devolucao/${id}`, { method: 'PUT', token, json })
    expect(refused(await refund('r-1', { valor: '1.00' }), 'PixDevolucaoInvalida')).toEqual(['id'])
    const body = { valor: '1', descricao: 'x'.repeat(141), natureza: 'MED_FRAUDE' }
    expect(refused(await refund('r1', body), 'PixDevolucaoInvalida')).toEqual([
      'devolucao.descricao',
      'devolucao.natureza',
      'devolucao.valor',
    ])
    const webhook = (chave: string, json: unknown) =>
      call<Problema>(`${pix.url}/webhook/${encodeURIComponent(chave)}`, {
        method: 'PUT',
        token,
        json,
      })
    const url = { webhookUrl: 'https://example.com/pix' }
    expect(refused(await webhook('k'.repeat(78), url), 'WebhookOperacaoInvalida')).toEqual([
      'chave',
    ])
    expect(refused(await webhook('other@key.com', url), 'WebhookOperacaoInvalida')).toEqual([
      'chave',
    ])
    expect(
      refused(await webhook(pix.key, { webhookUrl: 'ftp://x' }), 'WebhookOperacaoInvalida'),
    ).toEqual(['webhook.webhookUrl'])
    const registered = await webhook(pix.key, url)
    // The spec's 200 carries no body.
    expect(registered).toMatchObject({ status: 200, contentType: undefined })
  })

  it("answers in the spec's shapes", async () => {
    const token = await newToken()
    const charge = await createCharge(token)
    expect(cobGeradaSchema.safeParse(charge).error).toBeUndefined()
    const { endToEndId } = await pix.pay(charge.txid, { payerMessage: 'oi' })
    const read = await call(`${pix.url}/cob/${charge.txid}`, { token })
    expect(cobCompletaSchema.safeParse(read.body).error).toBeUndefined()
    const received = await call(`${pix.url}/pix/${endToEndId}`, { token })
    expect(pixSchema.safeParse(received.body).error).toBeUndefined()
    const made = await call(`${pix.url}/pix/${endToEndId}/devolucao/s1`, {
      method: 'PUT',
      token,
      json: { valor: '1.00' },
    })
    expect(devolucaoSchema.safeParse(made.body).error).toBeUndefined()
    const horario = Date.parse(String(received.body.horario))
    const window = `inicio=${new Date(horario - 1000).toISOString()}&fim=${new Date(horario + 1000).toISOString()}`
    const listed = await call(`${pix.url}/pix?${window}`, { token })
    expect(pixConsultadosSchema.safeParse(listed.body).error).toBeUndefined()
  })

  it("with optionalFields 'none', answers leave out every optional field and still fit the spec", async () => {
    const lean = await startPixServer({ optionalFields: 'none' })
    try {
      expect(lean.optionalFields).toBe('none')
      const { token, tls } = await clientOf(lean)
      const txid = newTxid()
      const created = await call<PixCharge>(`${lean.url}/cob/${txid}`, {
        method: 'PUT',
        token,
        tls,
        json: { ...valid(), chave: lean.key },
      })
      expect(created.status).toBe(201)
      expect(created.body).not.toHaveProperty('pixCopiaECola')
      expect(created.body).not.toHaveProperty('solicitacaoPagador')
      expect(created.body.location).toEqual(expect.any(String))
      expect(cobGeradaSchema.safeParse(created.body).error).toBeUndefined()
      const { endToEndId } = await lean.pay(txid, { payerMessage: 'oi' })
      const received = await call<ReceivedPix>(`${lean.url}/pix/${endToEndId}`, { token, tls })
      expect(received.body).not.toHaveProperty('infoPagador')
      expect(received.body).not.toHaveProperty('devolucoes')
      expect(pixSchema.safeParse(received.body).error).toBeUndefined()
      const read = await call(`${lean.url}/cob/${txid}`, { token, tls })
      expect(cobCompletaSchema.safeParse(read.body).error).toBeUndefined()
    } finally {
      await lean.close()
    }
  })

  it('by default leaves optional fields out at random, the same for a thing each time, by seed', async () => {
    const previous = process.env.PIX_SERVER_SEED
    process.env.PIX_SERVER_SEED = '20260531'
    const servers = [await startPixServer(), await startPixServer()]
    try {
      expect(servers.map((server) => [server.seed, server.optionalFields])).toEqual([
        [20260531, 'random'],
        [20260531, 'random'],
      ])
      const shapes = await Promise.all(
        servers.map(async (server) => {
          const { token, tls } = await clientOf(server)
          const shape: boolean[] = []
          // Other txids on each server, as a site makes them: the choices follow the order.
          for (const txid of Array.from({ length: 16 }, newTxid)) {
            const created = await call<PixCharge>(`${server.url}/cob/${txid}`, {
              method: 'PUT',
              token,
              tls,
              json: { ...valid(), chave: server.key },
            })
            const read = await call<PixCharge>(`${server.url}/cob/${txid}`, { token, tls })
            // The same charge reads the same way every time.
            expect(Object.keys(read.body).sort()).toEqual(Object.keys(created.body).sort())
            shape.push('pixCopiaECola' in created.body)
          }
          return shape
        }),
      )
      // Both present and absent among 16 charges (2^-15 odds of a false failure per seed; the
      // seed is fixed here), and the same seed makes the same choices.
      expect(new Set(shapes[0])).toEqual(new Set([true, false]))
      expect(shapes[1]).toEqual(shapes[0])
    } finally {
      if (previous === undefined) delete process.env.PIX_SERVER_SEED
      else process.env.PIX_SERVER_SEED = previous
      await Promise.all(servers.map((server) => server.close()))
    }
  })
})
