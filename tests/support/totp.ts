import { createHmac } from 'node:crypto'

// An authenticator app for tests (RFC 6238, the defaults every app uses: SHA-1, 6 digits, 30 s),
// written apart from better-auth's own so the tests check its codes against the standard.

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567'

function base32Decode(text: string): Buffer {
  const clean = text.replace(/[\s=]/g, '').toUpperCase()
  let bits = ''
  for (const char of clean) {
    const value = ALPHABET.indexOf(char)
    if (value < 0) throw new Error(`not base32: ${char}`)
    bits += value.toString(2).padStart(5, '0')
  }
  const bytes = []
  for (let i = 0; i + 8 <= bits.length; i += 8) bytes.push(Number.parseInt(bits.slice(i, i + 8), 2))
  return Buffer.from(bytes)
}

/** The code an app shows for the base32 `secret` (as in an otpauth:// address) at `time`. */
export function totpCode(secret: string, time = Date.now()): string {
  const counter = Buffer.alloc(8)
  counter.writeBigUInt64BE(BigInt(Math.floor(time / 1000 / 30)))
  const digest = createHmac('sha1', base32Decode(secret)).update(counter).digest()
  const offset = (digest[digest.length - 1] ?? 0) & 0x0f
  const binary = digest.readUInt32BE(offset) & 0x7fffffff
  return String(binary % 1_000_000).padStart(6, '0')
}

const PERIOD_MS = 30_000
/** The last step each key was given a code for here (a site accepts each step once: issue 30). */
const lastGiven = new Map<string, number>()

/**
 * The next code an app shows for `secret` that the site has not seen from these tests: the
 * current step's, or a later one's when that was given already. A site accepts a code once
 * (RFC 6238 §5.2) and takes the steps around now, so a second code at once is the next step's;
 * a third waits for the clock to reach the step before it, as a person waits for the app.
 */
export async function nextCode(secret: string): Promise<string> {
  const key = secret.replace(/\s+/g, '')
  const now = Math.floor(Date.now() / PERIOD_MS)
  const step = Math.max(now, (lastGiven.get(key) ?? Number.NEGATIVE_INFINITY) + 1)
  lastGiven.set(key, step)
  const acceptedFrom = (step - 1) * PERIOD_MS
  if (Date.now() < acceptedFrom)
    await new Promise((done) => setTimeout(done, acceptedFrom - Date.now()))
  return totpCode(key, step * PERIOD_MS)
}
