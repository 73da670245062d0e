import zlib from 'node:zlib'
import type { Request, Response } from 'express'

// How a kept page (server/html-cache.server.ts decides which, and for how long) is sent again
// with each answer's own CSP nonce, compressed without compressing it again: each stretch between
// its nonces is deflated once, when kept, and every answer is assembled as one gzip stream of
// those stretches with its own fresh nonce in between (stored uncompressed), and a checksum
// combined from the stretches' own: a hit costs a few thousand operations, not a compression of
// the page.

/** A page's body cut at its CSP nonce, ready to be sent again with another one. */
export interface SplicedPage {
  /** The body split at its CSP nonce (one part without one). */
  parts: Buffer[]
  /** Each part as raw deflate ending on a byte boundary (sync flush), to join into one stream. */
  deflated: Buffer[]
  nonce: string | undefined
  /** Length of the nonce attribute the deflated parts were made for (see deflateParts). */
  attributeLength: number
  /** CRC-32 of each part, and the operator that appends its length (see crc32Append). */
  crcs: number[]
  shifts: number[]
  /** What it holds in memory: the body and its deflated parts. */
  bytes: number
}

/** `body`, rendered with `nonce` (none: no CSP), cut around it and deflated part by part. */
export function spliceAtNonce(body: Buffer, nonce: string): SplicedPage {
  const attribute = Buffer.from(`nonce="${nonce}"`)
  const parts = nonce ? split(body, attribute) : [body]
  const deflated = deflateParts(parts, attribute.length, !body.includes(0))
  return {
    parts,
    deflated,
    nonce: parts.length > 1 ? nonce : undefined,
    attributeLength: attribute.length,
    crcs: parts.map((part) => zlib.crc32(part)),
    shifts: parts.map((part) => x8nModP(part.length)),
    bytes: body.length + deflated.reduce((sum, part) => sum + part.length, 0),
  }
}

/**
 * Sends a kept page's body with this response's nonce, compressed when the client takes gzip
 * (status and headers are the caller's).
 */
export function sendSpliced(req: Request, res: Response, page: SplicedPage, nonce: string) {
  const attribute = Buffer.from(`nonce="${nonce || page.nonce}"`)
  res.vary('Accept-Encoding')
  // A nonce of another length would move what the parts refer back to: compressed on the way.
  if (acceptsGzip(req.headers['accept-encoding']) && attribute.length === page.attributeLength) {
    const gzipped = gzipWithNonce(page, attribute)
    res.setHeader('Content-Encoding', 'gzip')
    res.setHeader('Content-Length', gzipped.length)
    return res.end(gzipped)
  }
  const body: Buffer[] = []
  page.parts.forEach((part, i) => {
    if (i > 0) body.push(attribute)
    body.push(part)
  })
  const plain = Buffer.concat(body)
  res.setHeader('Content-Length', plain.length)
  res.end(plain)
}

/** `body` cut at every occurrence of `separator`, which is dropped. */
function split(body: Buffer, separator: Buffer): Buffer[] {
  const parts: Buffer[] = []
  let start = 0
  for (let at = body.indexOf(separator); at !== -1; at = body.indexOf(separator, start)) {
    parts.push(body.subarray(start, at))
    start = at + separator.length
  }
  parts.push(body.subarray(start))
  return parts
}

/**
 * The parts as raw deflate blocks that join into one stream with an attribute of
 * `attributeLength` bytes between them. Each part may refer back to the parts before it (a
 * preset dictionary, as good as compressing the page whole) but never to the attribute's bytes,
 * which differ in every answer: they stand as NUL bytes in the dictionary, and a page without
 * NUL bytes has nothing that could match them. A page with NUL bytes is deflated part by part.
 */
function deflateParts(parts: Buffer[], attributeLength: number, chain: boolean): Buffer[] {
  const placeholder = Buffer.alloc(attributeLength)
  let history = Buffer.alloc(0)
  return parts.map((part) => {
    const deflated = zlib.deflateRawSync(part, {
      level: 9,
      finishFlush: zlib.constants.Z_SYNC_FLUSH,
      ...(chain && history.length > 0 ? { dictionary: history } : {}),
    })
    history = Buffer.concat([history, part, placeholder]).subarray(-WINDOW_BYTES)
    // A copy of its own size: zlib's answer is a view into a 16 KB buffer, which a page of 40
    // parts would otherwise keep whole 40 times.
    return Buffer.from(deflated)
  })
}

/** Whether the request's Accept-Encoding allows gzip (explicitly or through `*`, with q > 0). */
export function acceptsGzip(header: string | string[] | undefined): boolean {
  let gzip: number | undefined
  let any: number | undefined
  for (const item of String(header ?? '').split(',')) {
    const [name = '', ...params] = item.trim().toLowerCase().split(';')
    const q = params.map((param) => /^\s*q=([\d.]+)\s*$/.exec(param)?.[1]).find(Boolean)
    const weight = q === undefined ? 1 : Number(q)
    if (name === 'gzip' || name === 'x-gzip') gzip = weight
    else if (name === '*') any = weight
  }
  return (gzip ?? any ?? 0) > 0
}

/** How far back deflate may refer (windowBits 15, what every browser inflates with). */
const WINDOW_BYTES = 32 * 1024
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff])
/** An empty stored block with BFINAL set: the end of the deflate stream. */
const DEFLATE_END = Buffer.from([1, 0, 0, 0xff, 0xff])

/**
 * One gzip member: the parts' deflate blocks with the nonce attribute between them as a stored
 * (uncompressed) block, then the checksum and length of the whole.
 */
function gzipWithNonce(page: SplicedPage, attribute: Buffer): Buffer {
  const stored = Buffer.alloc(5 + attribute.length)
  stored.writeUInt16LE(attribute.length, 1)
  stored.writeUInt16LE(~attribute.length & 0xffff, 3)
  attribute.copy(stored, 5)
  const chunks: Buffer[] = [GZIP_HEADER]
  const attributeCrc = zlib.crc32(attribute)
  const attributeShift = x8nModP(attribute.length)
  let crc = 0
  let size = 0
  page.parts.forEach((part, i) => {
    if (i > 0) {
      chunks.push(stored)
      crc = crc32Append(crc, attributeCrc, attributeShift)
      size += attribute.length
    }
    chunks.push(page.deflated[i] as Buffer)
    crc = crc32Append(crc, page.crcs[i] as number, page.shifts[i] as number)
    size += part.length
  })
  const trailer = Buffer.alloc(8)
  trailer.writeUInt32LE(crc >>> 0, 0)
  trailer.writeUInt32LE(size % 2 ** 32, 4)
  chunks.push(DEFLATE_END, trailer)
  return Buffer.concat(chunks)
}

// The CRC-32 of the whole answer from the CRCs of its parts, as zlib's crc32_combine does it
// (polynomial arithmetic modulo the CRC polynomial): a few thousand operations instead of a
// pass over the page's 100 KB.
const CRC_POLYNOMIAL = 0xedb88320

/** a·b modulo the CRC polynomial (bit-reflected, as CRC-32 values are). */
function multModP(a: number, b: number): number {
  let m = 0x80000000
  let product = 0
  let factor = b
  for (;;) {
    if (a & m) {
      product ^= factor
      if ((a & (m - 1)) === 0) break
    }
    m >>>= 1
    factor = factor & 1 ? (factor >>> 1) ^ CRC_POLYNOMIAL : factor >>> 1
  }
  return product >>> 0
}

/** x^(2^k) modulo the polynomial, for k = 0…31. */
const X2N = (() => {
  const table: number[] = []
  let power = 0x40000000 // x^1
  for (let k = 0; k < 32; k++) {
    table.push(power)
    power = multModP(power, power)
  }
  return table
})()

/** x^(8n) modulo the polynomial: appending n bytes shifts a CRC by this. */
function x8nModP(n: number): number {
  let power = 0x80000000 // x^0
  let k = 3
  for (let rest = n; rest > 0; rest = Math.floor(rest / 2), k++) {
    if (rest % 2 === 1) power = multModP(X2N[k % 32] as number, power)
  }
  return power
}

/** CRC-32 of A followed by B, from CRC(A), CRC(B) and x8nModP(length of B). */
function crc32Append(crcA: number, crcB: number, shiftB: number): number {
  return (multModP(shiftB, crcA) ^ crcB) >>> 0
}
