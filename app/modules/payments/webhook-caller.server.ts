import type { X509Certificate } from 'node:crypto'
import type { IncomingMessage } from 'node:http'
import { BlockList, isIPv4 } from 'node:net'
import type { TLSSocket } from 'node:tls'
import { type PixWebhookConfig, pemCertificates } from '#app/platform/pix-webhook-env.server.ts'

// Who is calling the Pix webhook (issue 31 point 2, ADR 0028). The API Pix protects the
// institution's callback with mutual TLS: the caller shows a client certificate signed by the
// institution's authority (PIX_WEBHOOK_CA). Either the site's own HTTPS listener verified it in
// the handshake, or the proxy in front did (nginx: `ssl_verify_client`) and says so in two
// headers, which count only from the proxy's own addresses (PIX_WEBHOOK_PROXY) and whose
// certificate is verified here again, so a proxy that forgot `ssl_client_certificate` or passes
// the headers on from the client cannot let a stranger in. The secret in the address stays a
// second factor (webhook.server.ts webhookSecretMatches).

/** nginx `$ssl_client_verify`: SUCCESS, FAILED:reason or NONE. */
export const CLIENT_VERIFY_HEADER = 'x-ssl-client-verify'
/** nginx `$ssl_client_escaped_cert`: the client's certificate, PEM, URL-escaped. */
export const CLIENT_CERT_HEADER = 'x-ssl-client-cert'

const CLIENT_AUTH_USAGE = '1.3.6.1.5.5.7.3.2'
const ANY_EXTENDED_USAGE = '2.5.29.37.0'

interface Trust {
  authorities: X509Certificate[]
  proxies: BlockList
}

/** Parsed once per configuration: the authorities and the proxy's addresses. */
const trusts = new WeakMap<PixWebhookConfig, Trust>()

function trustOf(config: PixWebhookConfig): Trust {
  let trust = trusts.get(config)
  if (!trust) {
    const proxies = new BlockList()
    for (const entry of config.proxies) {
      const [address = '', prefix] = entry.split('/')
      const family = isIPv4(address) ? 'ipv4' : 'ipv6'
      if (prefix === undefined) proxies.addAddress(address, family)
      else proxies.addSubnet(address, Number(prefix), family)
    }
    const authorities = pemCertificates(config.ca).filter((certificate) => certificate.ca)
    trust = { authorities, proxies }
    trusts.set(config, trust)
  }
  return trust
}

function withinDates(certificate: X509Certificate, nowMs: number): boolean {
  return Date.parse(certificate.validFrom) <= nowMs && nowMs <= Date.parse(certificate.validTo)
}

/**
 * Whether `certificate` is a client certificate one of `authorities` signed, valid now: the
 * issuer's name and signature, both validity periods, and the client-authentication usage when
 * the certificate limits its usages. The certificate must be issued by a certificate of the
 * bundle itself (put an intermediate authority in PIX_WEBHOOK_CA, not only its root).
 */
export function clientCertificateTrusted(
  certificate: X509Certificate,
  authorities: X509Certificate[],
  nowMs = Date.now(),
): boolean {
  if (certificate.ca || !withinDates(certificate, nowMs)) return false
  const usages = certificate.keyUsage
  if (usages && !usages.includes(CLIENT_AUTH_USAGE) && !usages.includes(ANY_EXTENDED_USAGE)) {
    return false
  }
  return authorities.some(
    (authority) =>
      withinDates(authority, nowMs) &&
      certificate.checkIssued(authority) &&
      certificate.verify(authority.publicKey),
  )
}

/** The peer's address as the proxy list is written: an IPv4 peer of a dual-stack socket unmapped. */
function peer(address: string): { address: string; family: 'ipv4' | 'ipv6' } {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1]
  if (mapped) return { address: mapped, family: 'ipv4' }
  return { address, family: isIPv4(address) ? 'ipv4' : 'ipv6' }
}

/** The certificate the proxy forwarded, or undefined when there is none or it does not parse. */
function forwardedCertificate(value: string | string[] | undefined): X509Certificate | undefined {
  if (typeof value !== 'string' || value === '') return undefined
  try {
    return pemCertificates(decodeURIComponent(value))[0]
  } catch {
    return undefined
  }
}

/**
 * Whether this request comes from the institution, its client certificate verified: on the
 * site's own mutual-TLS listener, by the handshake (an unverified client never gets a request
 * through); on the main listener, only through a trusted proxy that verified it and forwarded
 * it, verified again here. Anyone else's headers count for nothing. `config` is the site's
 * (ServerEnv's pix.webhook); none, no Pix: nobody is.
 */
export function webhookCallerVerified(
  req: IncomingMessage,
  config: PixWebhookConfig | undefined,
  nowMs = Date.now(),
): boolean {
  if (!config) return false
  const socket = req.socket as Partial<TLSSocket>
  // The only TLS listener of the app is the webhook's, whose `ca` is PIX_WEBHOOK_CA.
  if (socket.encrypted) return config.tls !== undefined && socket.authorized === true
  if (config.proxies.length === 0 || !req.socket.remoteAddress) return false
  const trust = trustOf(config)
  const from = peer(req.socket.remoteAddress)
  if (!trust.proxies.check(from.address, from.family)) return false
  if (req.headers[CLIENT_VERIFY_HEADER] !== 'SUCCESS') return false
  const certificate = forwardedCertificate(req.headers[CLIENT_CERT_HEADER])
  return (
    certificate !== undefined && clientCertificateTrusted(certificate, trust.authorities, nowMs)
  )
}
