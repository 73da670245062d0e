import { createSecureContext } from 'node:tls'
import { z } from 'zod'
import { normalCnpj } from '#app/domain/cnpj.ts'
import {
  PIX_WEBHOOK_FIELDS,
  PIX_WEBHOOK_VARIABLES,
  type PixWebhookConfig,
  pixWebhookConfig,
  pixWebhookIssues,
} from '#app/platform/pix-webhook-env.server.ts'
import {
  flag,
  type Issue,
  invalid,
  optional,
  type Parsed,
  pemOrFile,
  urlWithProtocols,
} from './shared.ts'

// Payments by Pix (issue 21): the institution's API Pix and its client certificate, the webhook,
// the payout API, and the seller every receipt names (company name and CNPJ).

/**
 * Pix (issue 21): all of these, and a client certificate (PIX_CERT with PIX_CERT_KEY, or PIX_PFX),
 * or none of them (nothing about money is shown). PIX_TOKEN_URL, PIX_CA, PIX_CLIENT_AUTH,
 * PIX_MERCHANT_NAME, PIX_MERCHANT_CITY, PIX_PFX_PASSPHRASE, PIX_PAYOUTS and PIX_PAYOUT_URL
 * are optional (PIX_PAYOUTS is needed by GIFTS=1: withdrawals are sent through it).
 */
const PIX_VARIABLES = [
  'PIX_API_URL',
  'PIX_CLIENT_ID',
  'PIX_CLIENT_SECRET',
  'PIX_KEY',
  'PIX_WEBHOOK_SECRET',
] as const
const PIX_CERTIFICATE_VARIABLES = [
  'PIX_CERT',
  'PIX_CERT_KEY',
  'PIX_PFX',
  'PIX_PFX_PASSPHRASE',
  'PIX_CA',
  'PIX_TOKEN_URL',
  'PIX_CLIENT_AUTH',
  'PIX_MERCHANT_NAME',
  'PIX_MERCHANT_CITY',
  'PIX_PAYOUTS',
  'PIX_PAYOUT_URL',
  'PIX_SANDBOX',
] as const

/** Hosts of this machine: PIX_SANDBOX=1 takes an institution only there (issue 32 point 2). */
const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]'])

/**
 * The institutions whose payout API the site speaks (issue 31 point 8, ADR 0029): sending a Pix
 * is no part of the standard API Pix, each institution documents its own.
 */
export const PAYOUT_INSTITUTIONS = ['efi'] as const

const PIX_KEY_MESSAGE = 'must be a Pix key (CPF, CNPJ, e-mail, +55 phone or random key)'

export const PAYMENT_FIELDS = {
  PIX_API_URL: optional(urlWithProtocols(['https:'], 'https://pix.example.com/api/v2')),
  PIX_TOKEN_URL: optional(urlWithProtocols(['https:'], 'https://pix.example.com/oauth/token')),
  PIX_CLIENT_ID: optional(z.string().min(1)),
  PIX_CLIENT_SECRET: optional(z.string().min(1)),
  PIX_CERT: optional(z.string().min(1)),
  PIX_CERT_KEY: optional(z.string().min(1)),
  PIX_PFX: optional(z.string().min(1)),
  PIX_PFX_PASSPHRASE: optional(z.string()),
  PIX_CA: optional(z.string().min(1)),
  PIX_CLIENT_AUTH: optional(z.enum(['basic', 'body'])),
  PIX_MERCHANT_NAME: optional(z.string().trim().min(1).max(25)),
  PIX_MERCHANT_CITY: optional(z.string().trim().min(1).max(15)),
  PIX_PAYOUTS: optional(
    z.enum(PAYOUT_INSTITUTIONS, {
      message: `must name the institution's payout API: ${PAYOUT_INSTITUTIONS.join(', ')}`,
    }),
  ),
  PIX_PAYOUT_URL: optional(urlWithProtocols(['https:'], 'https://pix.example.com')),
  // Set by `npm run sandbox` (sandbox/main.ts) for its local institution: no real money.
  PIX_SANDBOX: optional(flag()),
  PIX_KEY: optional(z.string().max(77, PIX_KEY_MESSAGE).regex(/^\S+$/, PIX_KEY_MESSAGE)),
  PIX_WEBHOOK_SECRET: optional(
    z.string().regex(/^[A-Za-z0-9_-]{24,128}$/, 'must be 24 to 128 of A-Z, a-z, 0-9, _ and -'),
  ),
  // The webhook's mutual TLS (issue 31 point 2): pix-webhook-env.server.ts.
  ...PIX_WEBHOOK_FIELDS,
  // The seller every receipt names (issue 33 point 10); required with Pix.
  COMPANY_NAME: optional(z.string().trim().min(2).max(120)),
  COMPANY_TAX_ID: optional(
    z.string().refine((value) => normalCnpj(value) !== null, {
      message:
        'must be a CNPJ with its two check digits, such as 12.345.678/0001-95 (or 12.ABC.345/01DE-35)',
    }),
  ),
}

export const PAYMENT_SECRETS = [
  'PIX_CLIENT_SECRET',
  'PIX_CERT_KEY',
  'PIX_PFX',
  'PIX_PFX_PASSPHRASE',
  'PIX_WEBHOOK_SECRET',
  'PIX_WEBHOOK_TLS_KEY',
]

type PaymentVariables = Parsed<typeof PAYMENT_FIELDS>

/** The PIX_* variables set: any of them means Pix is being configured. */
export function pixVariablesSet(env: PaymentVariables): string[] {
  return [...PIX_VARIABLES, ...PIX_CERTIFICATE_VARIABLES, ...PIX_WEBHOOK_VARIABLES].filter(
    (name) => env[name],
  )
}

export function paymentIssues(env: PaymentVariables & { PORT: number }): Issue[] {
  const issues: Issue[] = []
  if (env.PIX_PAYOUT_URL && !env.PIX_PAYOUTS) {
    issues.push({
      path: ['PIX_PAYOUT_URL'],
      message: 'is set but PIX_PAYOUTS is not (set PIX_PAYOUTS, or remove it)',
    })
  }
  if (env.PIX_SANDBOX === '1') {
    // Every address of the institution, not only the API's: a token or payout endpoint left
    // pointing at a real bank would move real money on the sandbox's rules.
    for (const name of ['PIX_API_URL', 'PIX_TOKEN_URL', 'PIX_PAYOUT_URL'] as const) {
      const value = env[name]
      if (value && URL.canParse(value) && !LOOPBACK_HOSTS.has(new URL(value).hostname)) {
        issues.push({
          path: ['PIX_SANDBOX'],
          message: `'1' is for the local sandbox institution only (npm run sandbox): ${name} must be on 127.0.0.1`,
        })
      }
    }
  }
  const pix = pixVariablesSet(env)
  if (pix.length === 0) return issues
  for (const name of PIX_VARIABLES.filter((name) => !env[name])) {
    issues.push({
      path: [name],
      message: `must be set together with ${pix.join(', ')} (or no PIX_* variable: no payments)`,
    })
  }
  if (env.PIX_PFX && (env.PIX_CERT || env.PIX_CERT_KEY)) {
    issues.push({
      path: ['PIX_PFX'],
      message: 'must not be set together with PIX_CERT / PIX_CERT_KEY (one client certificate)',
    })
  } else if (!env.PIX_PFX && !(env.PIX_CERT && env.PIX_CERT_KEY)) {
    issues.push({
      path: [env.PIX_CERT ? 'PIX_CERT_KEY' : 'PIX_CERT'],
      message:
        'must be set: the Pix client certificate is PIX_CERT with PIX_CERT_KEY (PEM), or PIX_PFX (PKCS#12)',
    })
  }
  issues.push(...pixWebhookIssues(env))
  for (const name of ['COMPANY_NAME', 'COMPANY_TAX_ID'] as const) {
    if (!env[name]) {
      issues.push({
        path: [name],
        message: 'must be set with Pix: every receipt names the seller (its name and CNPJ)',
      })
    }
  }
  return issues
}

export interface PixConfig {
  /** The API's base, e.g. https://pix.example.com/api/v2 (paths /cob, /pix… below it). */
  apiUrl: string
  /** OAuth2 token endpoint (client credentials); default `/oauth/token` on the API's host. */
  tokenUrl: string
  clientId: string
  clientSecret: string
  /** Where the token request carries the credentials: HTTP Basic, or the form's body. */
  clientAuthentication: 'basic' | 'body'
  /** The mutual-TLS client certificate, as read from PIX_CERT / PIX_CERT_KEY or PIX_PFX. */
  certificate:
    | { kind: 'pem'; cert: Buffer; key: Buffer }
    | { kind: 'pfx'; pfx: Buffer; passphrase: string | undefined }
  /** Extra certificate authorities to trust for the API (a sandbox's own CA); none in production. */
  ca: Buffer | undefined
  /** The receiving Pix key of the charges. */
  key: string
  /** The receiver's name and city in a BR Code the site builds itself (issue 31 point 4). */
  merchantName: string
  merchantCity: string
  /** The secret in the webhook address the institution calls (/webhooks/pix/SECRET). */
  webhookSecret: string
  /** The seller every receipt names (COMPANY_NAME, COMPANY_TAX_ID: a CNPJ, 14 characters). */
  seller: { name: string; taxId: string }
  /** The institution's own payout API (PIX_PAYOUTS); undefined: no withdrawals. */
  payouts: PayoutConfig | undefined
  /** How the institution's webhook calls are authenticated by its certificate (issue 31). */
  webhook: PixWebhookConfig
  /**
   * PIX_SANDBOX=1: the institution is the local sandbox's (`npm run sandbox`), its money not
   * real, so a gift is available as soon as it is paid rather than a business day later.
   */
  sandbox: boolean
}

/** Where payouts go (ADR 0029): the adapter of `institution`, on the host `url`. */
export interface PayoutConfig {
  institution: (typeof PAYOUT_INSTITUTIONS)[number]
  /** PIX_PAYOUT_URL, or the API's origin (Efí's versioned paths start there: /v3/gn/pix…). */
  url: string
}

export interface PaymentEnv {
  /** The institution's API Pix; undefined: nothing about money is shown (issue 21). */
  pix: PixConfig | undefined
}

/** The Pix settings, their certificates read and checked now rather than at the first payment. */
export function paymentEnv(env: PaymentVariables & { PORT: number }, baseUrl: string): PaymentEnv {
  return { pix: pixConfig(env, baseUrl) }
}

function pixConfig(
  env: PaymentVariables & { PORT: number },
  baseUrl: string,
): PixConfig | undefined {
  if (
    !env.PIX_API_URL ||
    !env.PIX_CLIENT_ID ||
    !env.PIX_CLIENT_SECRET ||
    !env.PIX_KEY ||
    !env.PIX_WEBHOOK_SECRET ||
    !env.COMPANY_NAME ||
    !env.COMPANY_TAX_ID
  ) {
    return undefined
  }
  const certificate: PixConfig['certificate'] = env.PIX_PFX
    ? {
        kind: 'pfx',
        pfx: pemOrFile('PIX_PFX', env.PIX_PFX, true),
        passphrase: env.PIX_PFX_PASSPHRASE,
      }
    : {
        kind: 'pem',
        cert: pemOrFile('PIX_CERT', env.PIX_CERT ?? ''),
        key: pemOrFile('PIX_CERT_KEY', env.PIX_CERT_KEY ?? ''),
      }
  const ca = env.PIX_CA ? pemOrFile('PIX_CA', env.PIX_CA) : undefined
  // A certificate that does not load (wrong passphrase, key not matching) is found now, not at
  // the first payment.
  try {
    createSecureContext(
      certificate.kind === 'pfx'
        ? { pfx: certificate.pfx, passphrase: certificate.passphrase, ca }
        : { cert: certificate.cert, key: certificate.key, ca },
    )
  } catch (error) {
    const name = certificate.kind === 'pfx' ? 'PIX_PFX' : 'PIX_CERT'
    invalid(`${name} is not a usable client certificate: ${(error as Error).message}`)
  }
  const apiUrl = env.PIX_API_URL.replace(/\/+$/, '')
  return {
    apiUrl,
    tokenUrl: env.PIX_TOKEN_URL ?? new URL('/oauth/token', apiUrl).toString(),
    clientId: env.PIX_CLIENT_ID,
    clientSecret: env.PIX_CLIENT_SECRET,
    clientAuthentication: env.PIX_CLIENT_AUTH ?? 'basic',
    certificate,
    ca,
    key: env.PIX_KEY,
    merchantName: env.PIX_MERCHANT_NAME ?? 'Aprova',
    merchantCity: env.PIX_MERCHANT_CITY ?? 'Sao Paulo',
    webhookSecret: env.PIX_WEBHOOK_SECRET,
    seller: { name: env.COMPANY_NAME, taxId: normalCnpj(env.COMPANY_TAX_ID) ?? env.COMPANY_TAX_ID },
    payouts: env.PIX_PAYOUTS
      ? {
          institution: env.PIX_PAYOUTS,
          url: (env.PIX_PAYOUT_URL ?? new URL(apiUrl).origin).replace(/\/+$/, ''),
        }
      : undefined,
    webhook: pixWebhookConfig(env, baseUrl, pemOrFile, invalid),
    sandbox: env.PIX_SANDBOX === '1',
  }
}
