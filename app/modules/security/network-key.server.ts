import { createHmac } from 'node:crypto'
import { serverEnv } from '#app/platform/env.server.ts'
import { visitorKey } from './rate-limit.server.ts'

/**
 * A visitor's network as an HMAC for `purpose` (reports, reviews): an IPv4 address, or the /56 of
 * an IPv6 one (a home line often holds a /56, so counting /64s would give one person 256
 * budgets). Not reversible without the site's secret; rows keep it only as long as their rule
 * needs it.
 */
export function networkKey(purpose: string, clientIp: string | undefined): string {
  const network = networkOf(clientIp)
  return createHmac('sha256', serverEnv().authSecret)
    .update(`${purpose}:${network}`)
    .digest('base64url')
}

/** A visitor's network in clear: an IPv4 address, or the /56 of an IPv6 one (see networkKey). */
export function networkOf(clientIp: string | undefined): string {
  return visitorKey({ clientIp }).replace(
    /^([\da-f]+):([\da-f]+):([\da-f]+):([\da-f]+)::\/64$/,
    (_, a, b, c, d: string) => `${a}:${b}:${c}:${d.padStart(4, '0').slice(0, 2)}::/56`,
  )
}

/** Any other identifier (a device cookie) as an HMAC for `purpose`. */
export function hashedKey(purpose: string, value: string): string {
  return createHmac('sha256', serverEnv().authSecret)
    .update(`${purpose}:${value}`)
    .digest('base64url')
}
