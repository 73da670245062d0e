import { isIP } from 'node:net'
import { z } from 'zod'

// TRUST_PROXY (issue 32 point 3, ADR 0031): which peers of the app may say who the client is,
// in X-Forwarded-For and X-Forwarded-Proto. Off by default: the client is the socket's peer and
// any forwarded header is the client's own words. The value goes to Express's own 'trust proxy'
// setting (server/client-address.server.ts), so one rule derives the client's address for the
// rate limits, the geolocation and the session records. Kept apart from env.server.ts, which
// reads this module; it imports nothing of env.server.ts.

/** Express's names for address ranges (proxy-addr): 127/8 and ::1, 169.254/16 and fe80::/10, private. */
const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal'])

/** The largest hop count taken: more proxies in a row than this is a typo. */
const MAX_HOPS = 10

/** One address, or an address block in CIDR notation (`10.0.0.0/8`, `fd00::/8`). */
export function isAddressOrBlock(entry: string): boolean {
  const [address = '', prefix, ...rest] = entry.split('/')
  const family = isIP(address)
  if (family === 0 || rest.length > 0) return false
  if (prefix === undefined) return true
  return /^[0-9]{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128)
}

/**
 * What Express is told: undefined (trust nobody), a hop count (the client is that many hops in
 * front of the app: only when nothing else can reach the app), or the proxies' addresses.
 */
export type TrustProxy = number | string[] | undefined

const entriesOf = (value: string) => value.split(/[\s,]+/).filter((entry) => entry !== '')

const MESSAGE = `must be a hop count (1 to ${MAX_HOPS}) or the proxy's addresses or CIDR blocks separated by commas (such as 127.0.0.1 or 10.0.0.0/8,::1; also loopback, linklocal, uniquelocal)`

/** The schema field (spread into env.server.ts's object). */
export const TRUST_PROXY_FIELD = z.preprocess(
  (value) => (value === '' ? undefined : value),
  z
    .string()
    // 'true' in Express trusts every hop: the left-most address, which the client writes itself.
    .refine((value) => value.trim() !== 'true', {
      message:
        "must not be 'true' (it would take the address a client writes in X-Forwarded-For): give the hop count or the proxy's addresses",
    })
    .refine(
      (value) =>
        value.trim() === 'true' ||
        /^(?:0|[1-9][0-9]?)$/.test(value.trim()) ||
        (entriesOf(value).length > 0 &&
          entriesOf(value).every((entry) => NAMED_RANGES.has(entry) || isAddressOrBlock(entry))),
      { message: MESSAGE },
    )
    .refine((value) => !/^[0-9]+$/.test(value.trim()) || Number(value) <= MAX_HOPS, {
      message: MESSAGE,
    })
    .optional(),
)

/** The setting of a valid TRUST_PROXY value; '0' and unset both trust nobody. */
export function trustProxySetting(value: string | undefined): TrustProxy {
  const trimmed = value?.trim()
  if (!trimmed || trimmed === '0') return undefined
  if (/^[0-9]+$/.test(trimmed)) return Number(trimmed)
  return entriesOf(trimmed)
}
