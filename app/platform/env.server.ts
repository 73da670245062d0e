import { z } from 'zod'
import { CORE_FIELDS, CORE_SECRETS, type CoreEnv, coreEnv, coreIssues } from './env/core.ts'
import { GIFT_FIELDS, type GiftEnv, giftEnv, giftIssues } from './env/gifts.ts'
import { MAIL_FIELDS, type MailEnv, mailEnv } from './env/mail.ts'
import {
  type AgeOidcConfig,
  OIDC_FIELDS,
  OIDC_SECRETS,
  type OidcEnv,
  oidcEnv,
  oidcIssues,
} from './env/oidc.ts'
import {
  OPERATIONS_FIELDS,
  OPERATIONS_SECRETS,
  type OperationsEnv,
  operationsEnv,
} from './env/operations.ts'
import {
  PAYMENT_FIELDS,
  PAYMENT_SECRETS,
  type PaymentEnv,
  paymentEnv,
  paymentIssues,
} from './env/payments.ts'
import { EnvError } from './env/shared.ts'
import {
  STORAGE_FIELDS,
  STORAGE_SECRETS,
  type StorageEnv,
  storageEnv,
  storageIssues,
} from './env/storage.ts'

// The environment of DESIGN.md's runtime contract, read once at start-up. Each area's variables,
// their rules across variables and the settings built from them live in env/*.ts; they are parsed
// here as one schema, so every bad variable is reported at once.

export type { AgeOidcConfig } from './env/oidc.ts'
export { PAYOUT_INSTITUTIONS, type PayoutConfig, type PixConfig } from './env/payments.ts'
export { EnvError } from './env/shared.ts'
export type { S3Config } from './env/storage.ts'

const schema = z
  .object({
    ...CORE_FIELDS,
    ...MAIL_FIELDS,
    ...OIDC_FIELDS,
    ...GIFT_FIELDS,
    ...STORAGE_FIELDS,
    ...OPERATIONS_FIELDS,
    ...PAYMENT_FIELDS,
  })
  .superRefine((env, ctx) => {
    const issues = [
      ...oidcIssues(env),
      ...storageIssues(env),
      ...giftIssues(env),
      ...paymentIssues(env),
      ...coreIssues(env),
    ]
    for (const issue of issues) ctx.addIssue({ code: 'custom', ...issue })
  })

export interface ServerEnv
  extends CoreEnv,
    MailEnv,
    OidcEnv,
    GiftEnv,
    StorageEnv,
    OperationsEnv,
    PaymentEnv {}

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
  const core = coreEnv(env, mode)
  return {
    ...core,
    ...mailEnv(env),
    ...oidcEnv(env),
    ...giftEnv(env),
    ...storageEnv(env),
    ...operationsEnv(env),
    ...paymentEnv(env, core.baseUrl),
  }
}

const SECRET_VARIABLES = new Set([
  ...CORE_SECRETS,
  ...OIDC_SECRETS,
  ...STORAGE_SECRETS,
  ...PAYMENT_SECRETS,
  ...OPERATIONS_SECRETS,
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
