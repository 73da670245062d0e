import { X509Certificate } from 'node:crypto'
import { createSecureContext } from 'node:tls'
import { z } from 'zod'
import { type Issue, optional, wholeNumber } from './env/shared.ts'
import { isAddressOrBlock } from './trust-proxy.server.ts'

// The Pix webhook's mutual TLS (issue 31 point 2, ADR 0028): the institution calls the site with
// a client certificate its own authority signed (PIX_WEBHOOK_CA), and the site takes the call
// only once that certificate is verified, by the app's own HTTPS listener
// (PIX_WEBHOOK_TLS_PORT, _CERT, _KEY) or by the proxy in front (PIX_WEBHOOK_PROXY, the hops
// trusted to say so). Kept apart from env/payments.ts, which reads these through the functions
// below; this module imports nothing of it (it imports this one).

/** PIX_WEBHOOK_PROXY's entries: separated by commas and/or spaces. */
export function proxyEntries(value: string): string[] {
  return value.split(/[\s,]+/).filter((entry) => entry !== '')
}

const PROXY_MESSAGE = 'must be addresses or CIDR blocks of the proxy, such as 10.0.0.5,10.1.0.0/16'

/** The schema's fields for these variables (spread into env.server.ts's object). */
export const PIX_WEBHOOK_FIELDS = {
  PIX_WEBHOOK_CA: optional(z.string().min(1)),
  PIX_WEBHOOK_TLS_PORT: optional(wholeNumber(1, 65535)),
  PIX_WEBHOOK_TLS_CERT: optional(z.string().min(1)),
  PIX_WEBHOOK_TLS_KEY: optional(z.string().min(1)),
  PIX_WEBHOOK_PROXY: optional(
    z
      .string()
      .refine((value) => proxyEntries(value).length > 0, PROXY_MESSAGE)
      .refine((value) => proxyEntries(value).every(isAddressOrBlock), PROXY_MESSAGE),
  ),
  PIX_WEBHOOK_URL: optional(
    z.string().refine((value) => URL.canParse(value) && new URL(value).protocol === 'https:', {
      message: 'must be an https:// address such as https://pix-webhook.example.com',
    }),
  ),
}

/** Every variable of this module: any of them set means Pix is being configured. */
export const PIX_WEBHOOK_VARIABLES = Object.keys(
  PIX_WEBHOOK_FIELDS,
) as (keyof typeof PIX_WEBHOOK_FIELDS)[]

type WebhookEnv = {
  [name in keyof typeof PIX_WEBHOOK_FIELDS]?: z.infer<(typeof PIX_WEBHOOK_FIELDS)[name]>
} & { PORT: number }

/**
 * What is missing or contradictory, once the other PIX_* variables are set: the authority, and
 * at least one place where the client certificate is verified.
 */
export function pixWebhookIssues(env: WebhookEnv): Issue[] {
  const issues: Issue[] = []
  if (!env.PIX_WEBHOOK_CA) {
    issues.push({
      path: ['PIX_WEBHOOK_CA'],
      message:
        "must be set with Pix: the authority that signs the institution's webhook client certificate (PEM, a file path or the text)",
    })
  }
  const tls = [env.PIX_WEBHOOK_TLS_PORT, env.PIX_WEBHOOK_TLS_CERT, env.PIX_WEBHOOK_TLS_KEY]
  if (tls.some(Boolean) && !tls.every(Boolean)) {
    for (const name of ['PIX_WEBHOOK_TLS_PORT', 'PIX_WEBHOOK_TLS_CERT', 'PIX_WEBHOOK_TLS_KEY']) {
      if (env[name as keyof WebhookEnv]) continue
      issues.push({
        path: [name],
        message:
          'must be set together with the other PIX_WEBHOOK_TLS_* variables (the webhook listener: port, certificate, key)',
      })
    }
  }
  if (!tls.some(Boolean) && !env.PIX_WEBHOOK_PROXY) {
    issues.push({
      path: ['PIX_WEBHOOK_TLS_PORT'],
      message:
        "or PIX_WEBHOOK_PROXY must be set with Pix: the institution's webhook certificate is verified by the site's own listener (PIX_WEBHOOK_TLS_PORT, _CERT, _KEY) or by the proxy in front (PIX_WEBHOOK_PROXY)",
    })
  }
  if (env.PIX_WEBHOOK_TLS_PORT !== undefined && env.PIX_WEBHOOK_TLS_PORT === env.PORT) {
    issues.push({ path: ['PIX_WEBHOOK_TLS_PORT'], message: 'must differ from PORT' })
  }
  return issues
}

/** Where and how the institution's webhook calls are authenticated. */
export interface PixWebhookConfig {
  /** The public base the institution is told to call (PIX_WEBHOOK_URL, default BASE_URL). */
  baseUrl: string
  /** The authorities of the institution's webhook client certificate (PEM, one or more). */
  ca: Buffer
  /** The site's own HTTPS listener for the webhook, with mutual TLS; undefined: none. */
  tls: { port: number; cert: Buffer; key: Buffer } | undefined
  /** Addresses and CIDR blocks of the proxy trusted to have verified the caller; [] for none. */
  proxies: string[]
}

/** Reads a PEM variable (text or file path), throwing the environment error on failure. */
type ReadPem = (name: string, value: string) => Buffer
type Fail = (line: string) => never

/** The certificates of a PEM bundle, in order. */
export function pemCertificates(pem: Buffer | string): X509Certificate[] {
  const blocks = String(pem).match(/-----BEGIN CERTIFICATE-----[^-]+-----END CERTIFICATE-----/g)
  return (blocks ?? []).map((block) => new X509Certificate(block))
}

/** The parsed configuration, its files read and checked now rather than at the first call. */
export function pixWebhookConfig(
  env: WebhookEnv,
  siteBaseUrl: string,
  read: ReadPem,
  fail: Fail,
): PixWebhookConfig {
  const ca = read('PIX_WEBHOOK_CA', env.PIX_WEBHOOK_CA ?? '')
  let authorities: X509Certificate[] = []
  try {
    authorities = pemCertificates(ca).filter((certificate) => certificate.ca)
  } catch (error) {
    fail(`PIX_WEBHOOK_CA is not PEM certificates: ${(error as Error).message}`)
  }
  if (authorities.length === 0) fail('PIX_WEBHOOK_CA holds no certificate authority (PEM)')
  let tls: PixWebhookConfig['tls']
  if (env.PIX_WEBHOOK_TLS_PORT && env.PIX_WEBHOOK_TLS_CERT && env.PIX_WEBHOOK_TLS_KEY) {
    tls = {
      port: env.PIX_WEBHOOK_TLS_PORT,
      cert: read('PIX_WEBHOOK_TLS_CERT', env.PIX_WEBHOOK_TLS_CERT),
      key: read('PIX_WEBHOOK_TLS_KEY', env.PIX_WEBHOOK_TLS_KEY),
    }
    try {
      createSecureContext({ cert: tls.cert, key: tls.key, ca })
    } catch (error) {
      fail(`PIX_WEBHOOK_TLS_CERT is not a usable server certificate: ${(error as Error).message}`)
    }
  }
  return {
    baseUrl: (env.PIX_WEBHOOK_URL ?? siteBaseUrl).replace(/\/+$/, ''),
    ca,
    tls,
    proxies: env.PIX_WEBHOOK_PROXY ? proxyEntries(env.PIX_WEBHOOK_PROXY) : [],
  }
}
