import { randomBytes } from 'node:crypto'
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { createSecureContext } from 'node:tls'
import { z } from 'zod'
import { DEFAULT_BACKUP_KEEP_DAYS } from '#app/domain/backup.ts'
import { normalCnpj } from '#app/domain/cnpj.ts'
import {
  PIX_WEBHOOK_FIELDS,
  PIX_WEBHOOK_VARIABLES,
  type PixWebhookConfig,
  pixWebhookConfig,
  pixWebhookIssues,
} from './pix-webhook-env.server.ts'
import { PRIVATE_FILE_MODE, privateDirSync } from './private-files.server.ts'
import { TRUST_PROXY_FIELD, type TrustProxy, trustProxySetting } from './trust-proxy.server.ts'

const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional())

const urlWithProtocols = (protocols: string[], example: string) =>
  z
    .string()
    .refine((value) => URL.canParse(value), { message: `must be a URL such as ${example}` })
    .refine((value) => !URL.canParse(value) || protocols.includes(new URL(value).protocol), {
      message: `must start with ${protocols.map((p) => `${p}//`).join(' or ')}`,
    })

/** Google's OpenID Connect discovery document; a local OpenID Connect server stands in for tests. */
const GOOGLE_DISCOVERY_URL = 'https://accounts.google.com/.well-known/openid-configuration'

/**
 * Age assurance (issue 23, ADR 0021): AGE_ASSURANCE=oidc sends the age gate to an OpenID Connect
 * provider; these must then be set, and are refused without it (a forgotten AGE_ASSURANCE would
 * otherwise leave the click gate on unnoticed).
 */
const AGE_OIDC_REQUIRED = [
  'AGE_OIDC_DISCOVERY_URL',
  'AGE_OIDC_CLIENT_ID',
  'AGE_OIDC_CLIENT_SECRET',
] as const
const AGE_OIDC_VARIABLES = [...AGE_OIDC_REQUIRED, 'AGE_OIDC_SCOPE', 'AGE_OIDC_CLAIM'] as const
/** The standard claim of a birthdate, and the scope that carries it (OpenID Connect Core 5.4). */
const AGE_OIDC_DEFAULT_CLAIM = 'birthdate'

/** An S3-compatible store takes the place of local disk only when all of these are set. */
const S3_VARIABLES = [
  'S3_ENDPOINT',
  'S3_BUCKET',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
] as const

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

/**
 * WEB_CONCURRENCY: worker processes, or 'auto' for one per core. The bound only catches typos
 * (each worker holds up to 10 PostgreSQL connections and its own memory).
 */
const MAX_WORKERS = 256

function isConcurrency(value: string): boolean {
  return value === 'auto' || (/^[1-9][0-9]{0,2}$/.test(value) && Number(value) <= MAX_WORKERS)
}

/** The worker processes a valid WEB_CONCURRENCY value asks for. */
function workersFor(value: string): number {
  return value === 'auto' ? os.availableParallelism() : Number(value)
}

const schema = z
  .object({
    NODE_ENV: optional(z.enum(['production', 'development', 'test'])),
    HOST: optional(z.string().min(1)).default('127.0.0.1'),
    PORT: optional(
      z.coerce
        .number({ message: 'must be a number' })
        .int('must be a whole number')
        .min(0, 'must be between 0 and 65535')
        .max(65535, 'must be between 0 and 65535'),
    ).default(3000),
    DATABASE_URL: optional(urlWithProtocols(['postgres:', 'postgresql:'], 'postgres://u@h/db')),
    DATA_DIR: optional(z.string().min(1)).default('./data'),
    BASE_URL: optional(urlWithProtocols(['http:', 'https:'], 'https://example.com')),
    AUTH_SECRET: optional(z.string().min(32, 'must be at least 32 characters long')),
    SMTP_URL: optional(urlWithProtocols(['smtp:', 'smtps:'], 'smtp://user:pass@host:587')),
    GOOGLE_CLIENT_ID: optional(z.string().min(1)),
    GOOGLE_CLIENT_SECRET: optional(z.string().min(1)),
    GOOGLE_DISCOVERY_URL: optional(
      urlWithProtocols(['https:', 'http:'], GOOGLE_DISCOVERY_URL),
    ).default(GOOGLE_DISCOVERY_URL),
    AGE_ASSURANCE: optional(
      z.enum(['click', 'oidc'], { message: "must be 'click' or 'oidc'" }),
    ).default('click'),
    AGE_OIDC_DISCOVERY_URL: optional(
      urlWithProtocols(
        ['https:', 'http:'],
        'https://id.example.com/.well-known/openid-configuration',
      ),
    ),
    AGE_OIDC_CLIENT_ID: optional(z.string().min(1)),
    AGE_OIDC_CLIENT_SECRET: optional(z.string().min(1)),
    AGE_OIDC_SCOPE: optional(
      z
        .string()
        .regex(/^[!#-[\]-~]+( [!#-[\]-~]+)*$/, 'must be scopes separated by single spaces')
        .refine((scope) => scope.split(' ').includes('openid'), {
          message: "must include 'openid'",
        }),
    ),
    AGE_OIDC_CLAIM: optional(
      z.string().regex(/^[!-~]{1,200}$/, 'must be a claim name (no spaces), such as birthdate'),
    ),
    DEMO_DATA: optional(z.enum(['0', '1'], { message: "must be '0' or '1'" })),
    GIFTS: optional(z.enum(['0', '1'], { message: "must be '0' or '1'" })),
    S3_ENDPOINT: optional(
      urlWithProtocols(['https:', 'http:'], 'https://s3.sa-east-1.amazonaws.com'),
    ),
    S3_BUCKET: optional(
      z
        .string()
        .regex(
          /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
          'must be a bucket name (3-63 of a-z, 0-9, . and -)',
        ),
    ),
    S3_REGION: optional(
      z.string().regex(/^[a-z0-9-]+$/, 'must be a region such as sa-east-1'),
    ).default('us-east-1'),
    S3_ACCESS_KEY_ID: optional(z.string().min(1)),
    S3_SECRET_ACCESS_KEY: optional(z.string().min(1)),
    REDIS_URL: optional(urlWithProtocols(['redis:', 'rediss:'], 'redis://user:pass@host:6379/0')),
    // Who may say who the client is (issue 32 point 3): trust-proxy.server.ts.
    TRUST_PROXY: TRUST_PROXY_FIELD,
    // A bearer token (RFC 6750's characters), long enough not to be guessed (issue 32 point 5).
    METRICS_TOKEN: optional(
      z
        .string()
        .regex(
          /^[A-Za-z0-9._~+/-]{32,256}$/,
          'must be 32 to 256 of A-Z, a-z, 0-9 and . _ ~ + / - (e.g. from openssl rand -hex 32)',
        ),
    ),
    // The daily backup (issue 32 point 1): an absolute folder, ideally another disk's mount.
    BACKUP_DIR: optional(
      z.string().refine((value) => path.isAbsolute(value), {
        message: 'must be an absolute path, such as /var/backups/aprova',
      }),
    ),
    BACKUP_KEEP: optional(
      z.coerce
        .number({ message: 'must be a number of days' })
        .int('must be a whole number of days')
        .min(1, 'must be between 1 and 3650 days')
        .max(3650, 'must be between 1 and 3650 days'),
    ).default(DEFAULT_BACKUP_KEEP_DAYS),
    WEB_CONCURRENCY: optional(
      z.string().refine(isConcurrency, {
        message: `must be a whole number from 1 to ${MAX_WORKERS}, or 'auto'`,
      }),
    ).default('1'),
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
    PIX_SANDBOX: optional(z.enum(['0', '1'], { message: "must be '0' or '1'" })),
    PIX_KEY: optional(
      z
        .string()
        .max(77, 'must be a Pix key (CPF, CNPJ, e-mail, +55 phone or random key)')
        .regex(/^\S+$/, 'must be a Pix key (CPF, CNPJ, e-mail, +55 phone or random key)'),
    ),
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
  })
  .superRefine((env, ctx) => {
    if (Boolean(env.GOOGLE_CLIENT_ID) !== Boolean(env.GOOGLE_CLIENT_SECRET)) {
      ctx.addIssue({
        code: 'custom',
        path: [env.GOOGLE_CLIENT_ID ? 'GOOGLE_CLIENT_SECRET' : 'GOOGLE_CLIENT_ID'],
        message: 'must be set together with the other GOOGLE_CLIENT_* variable',
      })
    }
    if (env.AGE_ASSURANCE === 'oidc') {
      for (const name of AGE_OIDC_REQUIRED.filter((name) => !env[name])) {
        ctx.addIssue({
          code: 'custom',
          path: [name],
          message: 'must be set with AGE_ASSURANCE=oidc',
        })
      }
    } else {
      for (const name of AGE_OIDC_VARIABLES.filter((name) => env[name])) {
        ctx.addIssue({
          code: 'custom',
          path: [name],
          message: "is set but AGE_ASSURANCE is not 'oidc' (set AGE_ASSURANCE=oidc, or remove it)",
        })
      }
    }
    const s3 = S3_VARIABLES.filter((name) => env[name])
    if (s3.length > 0 && s3.length < S3_VARIABLES.length) {
      for (const name of S3_VARIABLES.filter((name) => !env[name])) {
        ctx.addIssue({
          code: 'custom',
          path: [name],
          message: `must be set together with ${s3.join(', ')} (or none of them: local storage)`,
        })
      }
    }
    const pix = [...PIX_VARIABLES, ...PIX_CERTIFICATE_VARIABLES, ...PIX_WEBHOOK_VARIABLES].filter(
      (name) => env[name],
    )
    if (env.GIFTS === '1' && pix.length === 0) {
      ctx.addIssue({
        code: 'custom',
        path: ['GIFTS'],
        message: "'1' needs Pix: set the PIX_* variables too (gifts are paid and withdrawn by Pix)",
      })
    }
    if (env.GIFTS === '1' && pix.length > 0 && !env.PIX_PAYOUTS) {
      ctx.addIssue({
        code: 'custom',
        path: ['PIX_PAYOUTS'],
        message: `must be set with GIFTS=1: withdrawals are sent through the institution's payout API (${PAYOUT_INSTITUTIONS.join(', ')})`,
      })
    }
    if (env.PIX_PAYOUT_URL && !env.PIX_PAYOUTS) {
      ctx.addIssue({
        code: 'custom',
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
          ctx.addIssue({
            code: 'custom',
            path: ['PIX_SANDBOX'],
            message: `'1' is for the local sandbox institution only (npm run sandbox): ${name} must be on 127.0.0.1`,
          })
        }
      }
    }
    if (pix.length > 0) {
      for (const name of PIX_VARIABLES.filter((name) => !env[name])) {
        ctx.addIssue({
          code: 'custom',
          path: [name],
          message: `must be set together with ${pix.join(', ')} (or no PIX_* variable: no payments)`,
        })
      }
      if (env.PIX_PFX && (env.PIX_CERT || env.PIX_CERT_KEY)) {
        ctx.addIssue({
          code: 'custom',
          path: ['PIX_PFX'],
          message: 'must not be set together with PIX_CERT / PIX_CERT_KEY (one client certificate)',
        })
      } else if (!env.PIX_PFX && !(env.PIX_CERT && env.PIX_CERT_KEY)) {
        ctx.addIssue({
          code: 'custom',
          path: [env.PIX_CERT ? 'PIX_CERT_KEY' : 'PIX_CERT'],
          message:
            'must be set: the Pix client certificate is PIX_CERT with PIX_CERT_KEY (PEM), or PIX_PFX (PKCS#12)',
        })
      }
      for (const issue of pixWebhookIssues(env)) ctx.addIssue({ code: 'custom', ...issue })
      for (const name of ['COMPANY_NAME', 'COMPANY_TAX_ID'] as const) {
        if (!env[name]) {
          ctx.addIssue({
            code: 'custom',
            path: [name],
            message: 'must be set with Pix: every receipt names the seller (its name and CNPJ)',
          })
        }
      }
    }
    // PGlite runs inside the process that opened it: a second process cannot share it.
    if (
      !env.DATABASE_URL &&
      isConcurrency(env.WEB_CONCURRENCY) &&
      workersFor(env.WEB_CONCURRENCY) > 1
    ) {
      ctx.addIssue({
        code: 'custom',
        path: ['WEB_CONCURRENCY'],
        message:
          'must be 1 with the embedded database (DATABASE_URL unset: PGlite belongs to one process); set DATABASE_URL to a PostgreSQL server to run several processes',
      })
    }
  })

export interface ServerEnv {
  mode: 'production' | 'development'
  host: string
  port: number
  databaseUrl: string | undefined
  dataDir: string
  baseUrl: string
  authSecret: string
  smtpUrl: string | undefined
  /** Google sign-in; undefined hides the button. */
  google: { clientId: string; clientSecret: string; discoveryUrl: string } | undefined
  /** Age assurance by OpenID Connect (AGE_ASSURANCE=oidc); undefined: the click gate. */
  ageOidc: AgeOidcConfig | undefined
  demoData: boolean
  /** Gifts and withdrawals (issue 22): GIFTS=1, only with Pix configured. */
  gifts: boolean
  /** An S3-compatible store for photos and documents; undefined keeps them under DATA_DIR. */
  s3: S3Config | undefined
  /** Redis for the shared rate-limit counters; undefined counts them in the database. */
  redisUrl: string | undefined
  /** The proxies trusted for the client's address and protocol (TRUST_PROXY); undefined: none. */
  trustProxy: TrustProxy
  /** The daily backup (BACKUP_DIR, BACKUP_KEEP days); undefined: none is taken on schedule. */
  backup: { dir: string; keepDays: number } | undefined
  /** Worker processes `npm start` and `npm run serve` run (WEB_CONCURRENCY; 1: no cluster). */
  webConcurrency: number
  /** The bearer token GET /metrics asks for; undefined: no /metrics (a 404). */
  metricsToken: string | undefined
  /** The institution's API Pix; undefined: nothing about money is shown (issue 21). */
  pix: PixConfig | undefined
}

/** The OpenID Connect provider the age gate sends visitors to (issue 23, ADR 0021). */
export interface AgeOidcConfig {
  discoveryUrl: string
  clientId: string
  clientSecret: string
  /** Space-separated scopes, 'openid' among them. */
  scope: string
  /** The one claim read: a birthdate, an over-18 flag or an age. */
  claim: string
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

export interface S3Config {
  endpoint: string
  bucket: string
  region: string
  accessKeyId: string
  secretAccessKey: string
}

export class EnvError extends Error {
  override name = 'EnvError'
}

/**
 * Reads and validates the environment of DESIGN.md's runtime contract. Throws EnvError with one
 * line per bad variable, naming it; creates DATA_DIR and, when AUTH_SECRET is unset, a secret
 * kept in DATA_DIR so sessions survive restarts.
 */
export function parseEnv(
  source: Record<string, string | undefined>,
  mode: ServerEnv['mode'],
): ServerEnv {
  const result = schema.safeParse(source)
  if (!result.success) {
    const lines = result.error.issues.map((issue) => {
      const name = String(issue.path[0] ?? 'environment')
      return `  ${name} ${issue.message}${shownValue(name, source[name])}`
    })
    throw new EnvError(`Invalid environment:\n${lines.join('\n')}`)
  }
  const env = result.data
  const dataDir = path.resolve(env.DATA_DIR)
  try {
    // The service's alone (issue 32 point 4): 0700, corrected when looser.
    privateDirSync(dataDir)
  } catch (error) {
    throw new EnvError(`Invalid environment:\n  DATA_DIR cannot be created at ${dataDir}: ${error}`)
  }
  const baseUrl = (env.BASE_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, '')
  return {
    mode,
    host: env.HOST,
    port: env.PORT,
    databaseUrl: env.DATABASE_URL,
    dataDir,
    baseUrl,
    authSecret: env.AUTH_SECRET ?? storedSecret(dataDir),
    smtpUrl: env.SMTP_URL,
    google:
      env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET
        ? {
            clientId: env.GOOGLE_CLIENT_ID,
            clientSecret: env.GOOGLE_CLIENT_SECRET,
            discoveryUrl: env.GOOGLE_DISCOVERY_URL,
          }
        : undefined,
    ageOidc: ageOidcConfig(env),
    demoData: env.DEMO_DATA ? env.DEMO_DATA === '1' : !env.DATABASE_URL,
    gifts: env.GIFTS === '1',
    s3:
      env.S3_ENDPOINT && env.S3_BUCKET && env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY
        ? {
            endpoint: env.S3_ENDPOINT.replace(/\/+$/, ''),
            bucket: env.S3_BUCKET,
            region: env.S3_REGION,
            accessKeyId: env.S3_ACCESS_KEY_ID,
            secretAccessKey: env.S3_SECRET_ACCESS_KEY,
          }
        : undefined,
    redisUrl: env.REDIS_URL,
    trustProxy: trustProxySetting(env.TRUST_PROXY),
    backup: env.BACKUP_DIR ? { dir: env.BACKUP_DIR, keepDays: env.BACKUP_KEEP } : undefined,
    webConcurrency: workersFor(env.WEB_CONCURRENCY),
    metricsToken: env.METRICS_TOKEN,
    pix: pixConfig(env, baseUrl),
  }
}

function ageOidcConfig(env: z.infer<typeof schema>): AgeOidcConfig | undefined {
  if (
    env.AGE_ASSURANCE !== 'oidc' ||
    !env.AGE_OIDC_DISCOVERY_URL ||
    !env.AGE_OIDC_CLIENT_ID ||
    !env.AGE_OIDC_CLIENT_SECRET
  ) {
    return undefined
  }
  const claim = env.AGE_OIDC_CLAIM ?? AGE_OIDC_DEFAULT_CLAIM
  return {
    discoveryUrl: env.AGE_OIDC_DISCOVERY_URL,
    clientId: env.AGE_OIDC_CLIENT_ID,
    clientSecret: env.AGE_OIDC_CLIENT_SECRET,
    // A birthdate comes with the profile scope; another claim's scope is the provider's own.
    scope: env.AGE_OIDC_SCOPE ?? (claim === AGE_OIDC_DEFAULT_CLAIM ? 'openid profile' : 'openid'),
    claim,
  }
}

/** A certificate variable's bytes: PEM text itself, or the path of a file holding it. */
function pemOrFile(name: string, value: string, binary = false): Buffer {
  if (!binary && value.includes('-----BEGIN ')) return Buffer.from(value)
  try {
    return readFileSync(path.resolve(value))
  } catch (error) {
    throw new EnvError(
      `Invalid environment:\n  ${name} cannot be read: ${(error as Error).message}`,
    )
  }
}

function pixConfig(env: z.infer<typeof schema>, baseUrl: string): PixConfig | undefined {
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
    throw new EnvError(
      `Invalid environment:\n  ${name} is not a usable client certificate: ${(error as Error).message}`,
    )
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
    webhook: pixWebhookConfig(env, baseUrl, pemOrFile, (line) => {
      throw new EnvError(`Invalid environment:\n  ${line}`)
    }),
    sandbox: env.PIX_SANDBOX === '1',
  }
}

const SECRET_VARIABLES = new Set([
  'AUTH_SECRET',
  'GOOGLE_CLIENT_SECRET',
  'AGE_OIDC_CLIENT_SECRET',
  'S3_SECRET_ACCESS_KEY',
  'PIX_CLIENT_SECRET',
  'PIX_CERT_KEY',
  'PIX_PFX',
  'PIX_PFX_PASSPHRASE',
  'PIX_WEBHOOK_SECRET',
  'PIX_WEBHOOK_TLS_KEY',
  'METRICS_TOKEN',
])

/** The offending value for the error message, without secrets or URL passwords. */
function shownValue(name: string, value: string | undefined): string {
  if (value === undefined || SECRET_VARIABLES.has(name)) return ''
  let shown = value
  if (URL.canParse(value)) {
    const url = new URL(value)
    if (url.password) url.password = '***'
    shown = url.toString()
  }
  return ` (got '${shown}')`
}

function storedSecret(dataDir: string): string {
  const file = path.join(dataDir, 'auth-secret')
  if (existsSync(file)) return readFileSync(file, 'utf8').trim()
  const secret = randomBytes(32).toString('base64url')
  writeFileSync(file, `${secret}\n`, { mode: PRIVATE_FILE_MODE })
  return secret
}

let current: ServerEnv | undefined

/** Makes the parsed environment available to server modules. */
export function setServerEnv(env: ServerEnv): void {
  current = env
}

/** The environment parsed at start-up. */
export function serverEnv(): ServerEnv {
  if (!current) throw new Error('serverEnv() called before start-up parsed the environment')
  return current
}

/** Whether the public address is https (secure cookies, HSTS); false before start-up (tests). */
export function isHttpsSite(): boolean {
  return current?.baseUrl.startsWith('https:') ?? false
}

/** The age gate's OpenID Connect provider; undefined (the click gate) before start-up (tests). */
export function ageOidcSettings(): AgeOidcConfig | undefined {
  return current?.ageOidc
}

/** The public address for absolute links: BASE_URL, or the request's own origin before start-up (tests). */
export function publicBaseUrl(request: Request): string {
  return current?.baseUrl ?? new URL(request.url).origin
}
