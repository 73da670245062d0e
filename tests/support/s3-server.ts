import { createHash } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { Hash } from '@smithy/hash-node'
import { SignatureV4 } from '@smithy/signature-v4'
import S3rver from 's3rver'
import type { S3Config } from '#app/platform/env.server.ts'

// A real S3-compatible server on a free local port for the storage tests (DESIGN.md: services
// that live elsewhere in production run locally in tests). s3rver keeps objects like S3 but does
// not check Signature V4, so a small gate in front of it does, with AWS's own signer
// (@smithy/signature-v4): a wrong secret, a changed body or an unsigned request is refused the
// way S3 refuses it, as a private bucket would.

const ACCESS_KEY_ID = 'APROVATESTKEY'
const SECRET_ACCESS_KEY = 'aprova-test-secret-access-key'
const REGION = 'sa-east-1'
const BUCKET = 'aprova-test'

export interface S3TestServer {
  /** What S3_* would configure: the gate's address, bucket, region and keys. */
  config: S3Config
  /** While true the gate answers 503 to everything, as a store in an outage would. */
  setUnavailable(value: boolean): void
  /**
   * Holds the next PUT until `meanwhile` has run, then lets it through: whatever the site does in
   * `meanwhile` happens while that upload is in flight (a real interleaving, no timing).
   */
  duringNextPut(meanwhile: () => Promise<unknown>): Promise<void>
  /** The object keys the bucket holds (e.g. 'media/profiles/…-320.webp'), sorted. */
  keys(): Promise<string[]>
  stop(): Promise<void>
}

const s3Error = (code: string, message: string) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${message}</Message></Error>`

export async function startS3Server(): Promise<S3TestServer> {
  const directory = await mkdtemp(path.join(tmpdir(), 'aprova-s3-'))
  const store = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: BUCKET, configs: [] }],
  })
  const { port: storePort } = await store.run()
  const signer = new SignatureV4({
    credentials: { accessKeyId: ACCESS_KEY_ID, secretAccessKey: SECRET_ACCESS_KEY },
    region: REGION,
    service: 's3',
    sha256: Hash.bind(null, 'sha256'),
    uriEscapePath: false,
  })
  let unavailable = false
  let nextPut:
    | { meanwhile: () => Promise<unknown>; done: () => void; failed: (e: unknown) => void }
    | undefined

  const refuse = (res: http.ServerResponse, status: number, code: string, message: string) => {
    res.writeHead(status, { 'Content-Type': 'application/xml' }).end(s3Error(code, message))
  }

  const gate = http.createServer(async (req, res) => {
    const chunks: Buffer[] = []
    for await (const chunk of req) chunks.push(chunk as Buffer)
    const body = Buffer.concat(chunks)
    if (unavailable)
      return refuse(res, 503, 'ServiceUnavailable', 'Please reduce your request rate.')

    const authorization = req.headers.authorization ?? ''
    const match =
      /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, ?SignedHeaders=([^,]+), ?Signature=([0-9a-f]{64})$/.exec(
        authorization,
      )
    if (!match) return refuse(res, 403, 'AccessDenied', 'Access Denied')
    const [, keyId, , region, signedHeaderList = '', signature] = match
    if (keyId !== ACCESS_KEY_ID) {
      return refuse(res, 403, 'InvalidAccessKeyId', 'The AWS Access Key Id does not exist.')
    }
    const payloadHash = String(req.headers['x-amz-content-sha256'] ?? '')
    if (
      payloadHash !== 'UNSIGNED-PAYLOAD' &&
      payloadHash !== createHash('sha256').update(body).digest('hex')
    ) {
      return refuse(res, 400, 'XAmzContentSHA256Mismatch', 'The content hash does not match.')
    }
    const signed = new Set(signedHeaderList.split(';'))
    const headers: Record<string, string> = {}
    for (const [name, value] of Object.entries(req.headers)) {
      if (signed.has(name) && value !== undefined) headers[name] = String(value)
    }
    const url = new URL(req.url ?? '/', `http://${req.headers.host}`)
    const amzDate = String(req.headers['x-amz-date'] ?? '')
    const signingDate = new Date(
      amzDate.replace(/^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/, '$1-$2-$3T$4:$5:$6Z'),
    )
    const expected = await signer.sign(
      {
        method: req.method ?? 'GET',
        protocol: 'http:',
        hostname: url.hostname,
        port: Number(url.port),
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        headers,
        body,
      },
      { signingDate, signingRegion: region, signableHeaders: signed },
    )
    const expectedSignature = /Signature=([0-9a-f]{64})/.exec(
      String(expected.headers.authorization ?? ''),
    )?.[1]
    if (
      region !== REGION ||
      Number.isNaN(signingDate.getTime()) ||
      expectedSignature !== signature
    ) {
      return refuse(res, 403, 'SignatureDoesNotMatch', 'The request signature does not match.')
    }

    if (req.method === 'PUT' && nextPut) {
      const held = nextPut
      nextPut = undefined
      try {
        await held.meanwhile()
        held.done()
      } catch (error) {
        held.failed(error)
      }
    }

    // Signed by someone holding the key: pass it on to the store (which then need not check).
    const { authorization: _checked, ...headersOn } = req.headers
    const forwarded = http.request(
      {
        host: '127.0.0.1',
        port: storePort,
        method: req.method,
        path: req.url,
        headers: { ...headersOn, 'content-length': String(body.length) },
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers)
        answer.pipe(res)
      },
    )
    forwarded.on('error', () => refuse(res, 502, 'InternalError', 'The store did not answer.'))
    forwarded.end(body)
  })
  await new Promise<void>((resolve) => gate.listen(0, '127.0.0.1', resolve))
  const { port } = gate.address() as AddressInfo
  const config: S3Config = {
    endpoint: `http://127.0.0.1:${port}`,
    bucket: BUCKET,
    region: REGION,
    accessKeyId: ACCESS_KEY_ID,
    secretAccessKey: SECRET_ACCESS_KEY,
  }

  return {
    config,
    setUnavailable(value) {
      unavailable = value
    },
    duringNextPut(meanwhile) {
      return new Promise((done, failed) => {
        nextPut = { meanwhile, done, failed }
      })
    },
    async keys() {
      const response = await fetch(`http://127.0.0.1:${storePort}/${BUCKET}?list-type=2`)
      const xml = await response.text()
      return [...xml.matchAll(/<Key>([^<]+)<\/Key>/g)].map((m) => m[1] ?? '').sort()
    },
    async stop() {
      gate.closeAllConnections()
      await new Promise((resolve) => gate.close(resolve))
      await store.close()
      await rm(directory, { recursive: true, force: true })
    },
  }
}
