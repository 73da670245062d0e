import { readFile } from 'node:fs/promises'
import http from 'node:http'
import https from 'node:https'
import path from 'node:path'
import { connect as tlsConnect } from 'node:tls'
import { makePixCertificates, type PixCertificates } from '#sandbox/pix/certs.ts'
import {
  DEPLOY_NGINX,
  NGINX,
  nginxAvailable,
  type RunningNginx,
  startNginx,
  substituted,
} from '#tests/support/nginx.ts'
import { expect, test } from '../support/browser/fixtures.ts'
import { query, runOnStorage } from '../support/browser/storage-query.ts'
import { createServerStorage, freePort, startServer } from './server-process.mjs'

// The built site behind Debian's nginx with the very site file it ships (deploy/nginx/aprova.conf,
// issue 32 point 3, ADR 0031), TLS with a certificate made now, TRUST_PROXY=127.0.0.1 (the
// address nginx connects from) and an https BASE_URL. Linux routes all of 127/8 to the loopback
// interface, so two clients on this machine come from two addresses (127.0.0.2 and 127.0.0.3)
// and nginx sees them as two visitors. Each client is counted apart; what a client writes in
// X-Forwarded-For changes nothing; cookies are Secure, HSTS is sent; http goes to https.

type Server = Awaited<ReturnType<typeof startServer>>
let storage: Awaited<ReturnType<typeof createServerStorage>>
let server: Server | undefined
let nginx: RunningNginx | undefined
let certificates: PixCertificates | undefined
let ca: Buffer
let base = ''
let httpPort = 0

const CLIENT = { email: 'rafa.proxy@example.com', password: 'senha-do-cliente-123' }
/** The per-visitor limit of a password reset request (app/modules/auth/limits.server.ts). */
const RESETS_PER_VISITOR = 30

test.describe.configure({ mode: 'serial' })
test.skip(!nginxAvailable, `no nginx at ${NGINX}: apt-get install nginx, or set NGINX_PATH`)

/**
 * deploy/nginx/aprova.conf as the test runs it. Only what must differ on a test machine: the
 * listening ports (any free ones, on 127.0.0.1 only), the app's port, the certificate and the
 * cache folder (in nginx's temporary prefix). Everything else is the operator's file.
 */
const siteFile = (dir: string, ports: { http: number; https: number; app: number }) =>
  substituted(path.join(DEPLOY_NGINX, 'aprova.conf'), [
    ['    listen 80;\n    listen [::]:80;\n', `    listen 127.0.0.1:${ports.http};\n`],
    [
      '    listen 443 ssl http2;\n    listen [::]:443 ssl http2;\n',
      `    listen 127.0.0.1:${ports.https} ssl http2;\n`,
    ],
    ['server 127.0.0.1:3000;', `server 127.0.0.1:${ports.app};`],
    ['/etc/ssl/aprova/fullchain.pem', certificates?.serverCertFile ?? ''],
    ['/etc/ssl/aprova/privkey.pem', certificates?.serverKeyFile ?? ''],
    ['/var/cache/nginx/aprova', `${dir}/cache`],
  ])

test.beforeAll(async () => {
  test.setTimeout(240_000)
  certificates = await makePixCertificates()
  ca = await readFile(certificates.caFile)
  storage = await createServerStorage()
  const ports = { app: await freePort(), http: await freePort(), https: await freePort() }
  httpPort = ports.http
  base = `https://127.0.0.1:${ports.https}`
  const env = { BASE_URL: base, TRUST_PROXY: '127.0.0.1', DEMO_DATA: '0' }
  // A first start makes the database; a client account is opened while it is stopped (PGlite
  // belongs to one process).
  server = await startServer({ ...storage, port: ports.app, env })
  await server.stop()
  runOnStorage(storage, [
    'tests/support/cli/run.mjs',
    './tests/support/cli/helpers.server.ts',
    'createClient',
    CLIENT.email,
    CLIENT.password,
  ])
  server = await startServer({ ...storage, port: ports.app, env })
  nginx = await startNginx(async (dir) => siteFile(dir, ports), ports.https)
})

test.afterAll(async () => {
  await nginx?.stop()
  await server?.stop()
  await storage?.dispose()
  await certificates?.remove()
})

interface Answer {
  status: number
  headers: Record<string, string | string[] | undefined>
  body: string
}

/** One request through nginx from the local address `from`, redirects not followed. */
function call(
  from: string,
  target: string,
  options: {
    method?: string
    headers?: Record<string, string>
    form?: Record<string, string>
  } = {},
): Promise<Answer> {
  const body = options.form ? new URLSearchParams(options.form).toString() : undefined
  const url = new URL(target, base)
  return new Promise((resolve, reject) => {
    const request = https.request(
      url,
      {
        method: options.method ?? (body ? 'POST' : 'GET'),
        localAddress: from,
        ca,
        agent: false,
        headers: {
          accept: 'text/html',
          cookie: 'aprova-age=1',
          ...(body
            ? {
                origin: base,
                'content-type': 'application/x-www-form-urlencoded',
                'content-length': String(Buffer.byteLength(body)),
              }
            : {}),
          ...options.headers,
        },
      },
      (response) => {
        let text = ''
        response.setEncoding('utf8')
        response.on('data', (chunk: string) => {
          text += chunk
        })
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body: text }),
        )
      },
    )
    request.on('error', reject)
    request.end(body)
  })
}

/** A password reset request for an address with no account (counted all the same). */
const askReset = (from: string, n: number, headers?: Record<string, string>) =>
  call(from, '/auth?mode=forgot', {
    form: { intent: 'forgot', email: `ninguem.${n}.${Date.now()}@example.com` },
    headers,
  })

test('each client address is counted apart, whatever X-Forwarded-For it sends', async () => {
  test.setTimeout(120_000)
  // 127.0.0.2 names a new address in each request: were it believed, no limit would ever trip.
  for (let n = 1; n <= RESETS_PER_VISITOR; n++) {
    const answer = await askReset('127.0.0.2', n, { 'X-Forwarded-For': `203.0.113.${n}` })
    expect(answer.status, `reset request ${n}: ${answer.body.slice(0, 300)}`).toBe(200)
  }
  const over = await askReset('127.0.0.2', 0, { 'X-Forwarded-For': '198.51.100.77' })
  expect(over.status).toBe(429)
  expect(Number(over.headers['retry-after'])).toBeGreaterThan(0)
  // Another client is not held back by the first one's limit, even when it claims to be her.
  expect((await askReset('127.0.0.3', 1)).status).toBe(200)
  expect((await askReset('127.0.0.3', 2, { 'X-Forwarded-For': '127.0.0.2' })).status).toBe(200)
})

test('a sign-in over https: Secure cookies, HSTS, and the session records the client', async () => {
  const signedIn = await call('127.0.0.4', '/auth?mode=login', {
    form: { intent: 'login', email: CLIENT.email, password: CLIENT.password, rememberMe: 'on' },
    // Made up by the client: a Brasília address the session must not record.
    headers: { 'X-Forwarded-For': '177.88.200.1' },
  })
  expect(signedIn.status).toBe(302)
  expect(signedIn.headers['strict-transport-security']).toMatch(/max-age=\d+/)
  const cookies = (signedIn.headers['set-cookie'] ?? []) as string[]
  expect(cookies.some((cookie) => /session_token=/.test(cookie))).toBe(true)
  for (const cookie of cookies) expect(cookie, cookie.split('=')[0]).toMatch(/;\s*Secure/i)
  // The session works on the https site (its list of sessions is where the address shows).
  const session = cookies.map((cookie) => cookie.split(';')[0]).join('; ')
  const security = await call('127.0.0.4', '/account/security', {
    headers: { cookie: `aprova-age=1; ${session}` },
  })
  expect(security.status).toBe(200)
})

test('plain http is sent to https; the TLS listener offers HTTP/2', async () => {
  const answer = await new Promise<{ status: number; location: string | undefined }>(
    (resolve, reject) => {
      http
        .get(
          { host: '127.0.0.1', port: httpPort, path: '/pt/?x=1', localAddress: '127.0.0.2' },
          (response) => {
            response.resume()
            resolve({ status: response.statusCode ?? 0, location: response.headers.location })
          },
        )
        .on('error', reject)
    },
  )
  expect(answer).toEqual({ status: 301, location: 'https://127.0.0.1/pt/?x=1' })
  const protocol = await new Promise<string | false | null>((resolve, reject) => {
    const socket = tlsConnect(
      {
        host: '127.0.0.1',
        port: Number(new URL(base).port),
        ca,
        ALPNProtocols: ['h2', 'http/1.1'],
      },
      () => {
        resolve(socket.alpnProtocol)
        socket.end()
      },
    )
    socket.on('error', reject)
  })
  expect(protocol).toBe('h2')
})

test('assets: compressed and kept a year', async () => {
  const page = await call('127.0.0.2', '/pt/')
  const asset = /\/assets\/[\w.-]+\.js/.exec(page.body)?.[0]
  expect(asset, 'a script of the home page').toBeTruthy()
  const answer = await call('127.0.0.2', asset ?? '', { headers: { 'accept-encoding': 'gzip' } })
  expect(answer.status).toBe(200)
  expect(answer.headers['content-encoding']).toBe('gzip')
  expect(answer.headers['cache-control']).toMatch(
    /max-age=31536000.*immutable|immutable.*max-age=31536000/,
  )
})

test('the session rows hold each client’s own address', async () => {
  // PGlite is read once the server has stopped (it belongs to one process).
  await server?.stop()
  server = undefined
  const rows = await query(
    storage,
    `select s.ip_address from session s join "user" u on u.id = s.user_id
      where u.email = '${CLIENT.email}'`,
  )
  expect(rows.map((row) => row.ip_address)).toEqual(['127.0.0.4'])
  expect(await nginx?.errors()).not.toMatch(/\[(?:emerg|alert|crit)\]/)
})
