import zlib from 'node:zlib'
import type { Request, Response } from 'express'

// How a kept page (server/html-cache.server.ts decides which, and for how long) is sent again
// with each answer's own per-response values, compressed without compressing it again: its CSP
// nonce, and the web-vitals token its document carries (issue 30 point 8: a page view's token is
// never the same in two answers). Each stretch between those values is deflated once, when
// kept, and every answer is assembled as one gzip stream of those stretches with its own fresh
// values in between (stored uncompressed), and a checksum combined from the stretches' own: a
// hit costs a few thousand operations, not a compression of the page.

/** What is new in every answer, in the order SplicedPage.gaps names them. */
const NONCE = 0
const TOKEN = 1

/** A page's body cut at its per-response values, ready to be sent again with others. */
export interface SplicedPage {
  /** The body split at its CSP nonce attributes and its token (one part without either). */
  parts: Buffer[]
  /** Between parts i and i + 1: which value stood there (NONCE or TOKEN). */
  gaps: number[]
  /** Each part as raw deflate ending on a byte boundary (sync flush), to join into one stream. */
  deflated: Buffer[]
  nonce: string | undefined
  /** Length of each value the deflated parts were made for (see deflateParts), by kind. */
  lengths: [nonceAttribute: number, token: number]
  /** CRC-32 of each part, and the operator that appends its length (see crc32Append). */
  crcs: number[]
  shifts: number[]
  /** What it holds in memory: the body and its deflated parts. */
  bytes: number
}

/**
 * `body`, rendered with `nonce` (none: no CSP) and the web-vitals `token` (none: a page without
 * one), cut around them and deflated part by part.
 */
export function spliceAtNonce(body: Buffer, nonce: string, token = ''): SplicedPage {
  const attribute = Buffer.from(`nonce="${nonce}"`)
  const separators = [nonce ? attribute : Buffer.alloc(0), Buffer.from(token)]
  const { parts, gaps } = split(body, separators)
  const lengths: SplicedPage['lengths'] = [attribute.length, token.length]
  const deflated = deflateParts(
    parts,
    gaps.map((kind) => lengths[kind] as number),
    !body.includes(0),
  )
  return {
    parts,
    gaps,
    deflated,
    nonce: gaps.includes(NONCE) ? nonce : undefined,
    lengths,
    crcs: parts.map((part) => zlib.crc32(part)),
    shifts: parts.map((part) => x8nModP(part.length)),
    bytes: body.length + deflated.reduce((sum, part) => sum + part.length, 0),
  }
}

/** Whether a kept page carries a web-vitals token (each answer then gets its own). */
export function carriesToken(page: SplicedPage): boolean {
  return page.gaps.includes(TOKEN)
}

/**
 * Sends a kept page's body with this response's nonce and token, compressed when the client
 * takes gzip (status and headers are the caller's).
 */
export function sendSpliced(
  req: Request,
  res: Response,
  page: SplicedPage,
  nonce: string,
  token = '',
) {
  const values = [Buffer.from(`nonce="${nonce || page.nonce}"`), Buffer.from(token)]
  // A kept token is never sent again: a page that had one and gets none here has it blanked.
  if (page.gaps.includes(TOKEN) && values[TOKEN]?.length !== page.lengths[TOKEN]) {
    values[TOKEN] = Buffer.alloc(page.lengths[TOKEN], '-')
  }
  res.vary('Accept-Encoding')
  // A value of another length would move what the parts refer back to: compressed on the way.
  const sameLengths = values.every(
    (value, kind) => !page.gaps.includes(kind) || value.length === page.lengths[kind],
  )
  if (acceptsGzip(req.headers['accept-encoding']) && sameLengths) {
    const gzipped = gzipWithValues(page, values)
    res.setHeader('Content-Encoding', 'gzip')
    res.setHeader('Content-Length', gzipped.length)
    return res.end(gzipped)
  }
  const body: Buffer[] = []
  page.parts.forEach((part, i) => {
    if (i > 0) body.push(values[page.gaps[i - 1] as number] as Buffer)
    body.push(part)
  })
  const plain = Buffer.concat(body)
  res.setHeader('Content-Length', plain.length)
  res.end(plain)
}

/** `body` cut at every occurrence of any of `separators` (empty ones never match), dropped. */
function split(body: Buffer, separators: Buffer[]): { parts: Buffer[]; gaps: number[] } {
  const parts: Buffer[] = []
  const gaps: number[] = []
  let start = 0
  for (;;) {
    let at = -1
    let kind = -1
    separators.forEach((separator, index) => {
      if (separator.length === 0) return
      const found = body.indexOf(separator, start)
      if (found !== -1 && (at === -1 || found < at)) {
        at = found
        kind = index
      }
    })
    if (at === -1) break
    parts.push(body.subarray(start, at))
    gaps.push(kind)
    start = at + (separators[kind] as Buffer).length
  }
  parts.push(body.subarray(start))
  return { parts, gaps }
}

/**
 * The parts as raw deflate blocks that join into one stream with a value of `gapLengths[i]`
 * bytes after part i. Each part may refer back to the parts before it (a preset dictionary, as
 * good as compressing the page whole) but never to the values' bytes, which differ in every
 * answer: they stand as NUL bytes in the dictionary, and a page without NUL bytes has nothing
 * that could match them. A page with NUL bytes is deflated part by part.
 */
function deflateParts(parts: Buffer[], gapLengths: number[], chain: boolean): Buffer[] {
  let history = Buffer.alloc(0)
  return parts.map((part, i) => {
    const deflated = zlib.deflateRawSync(part, {
      level: 9,
      finishFlush: zlib.constants.Z_SYNC_FLUSH,
      ...(chain && history.length > 0 ? { dictionary: history } : {}),
    })
    const placeholder = Buffer.alloc(gapLengths[i] ?? 0)
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
 * One gzip member: the parts' deflate blocks with this answer's values between them as stored
 * (uncompressed) blocks, then the checksum and length of the whole.
 */
function gzipWithValues(page: SplicedPage, values: Buffer[]): Buffer {
  const stored = values.map((value) => {
    const block = Buffer.alloc(5 + value.length)
    block.writeUInt16LE(value.length, 1)
    block.writeUInt16LE(~value.length & 0xffff, 3)
    value.copy(block, 5)
    return { block, crc: zlib.crc32(value), shift: x8nModP(value.length), length: value.length }
  })
  const chunks: Buffer[] = [GZIP_HEADER]
  let crc = 0
  let size = 0
  page.parts.forEach((part, i) => {
    if (i > 0) {
      const value = stored[page.gaps[i - 1] as number]
      if (!value) throw new Error('a kept page names a value it was not given')
      chunks.push(value.block)
      crc = crc32Append(crc, value.crc, value.shift)
      size += value.length
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
