import path from 'node:path'
import { z } from 'zod'
import { DEFAULT_BACKUP_KEEP_DAYS } from '#app/domain/backup.ts'
import { optional, type Parsed, wholeNumber } from './shared.ts'

// Running the site: the metrics endpoint's token and the daily backup.

export const OPERATIONS_FIELDS = {
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
  BACKUP_KEEP: optional(wholeNumber(1, 3650, 'days')).default(DEFAULT_BACKUP_KEEP_DAYS),
}

export const OPERATIONS_SECRETS = ['METRICS_TOKEN']

export interface OperationsEnv {
  /** The daily backup (BACKUP_DIR, BACKUP_KEEP days); undefined: none is taken on schedule. */
  backup: { dir: string; keepDays: number } | undefined
  /** The bearer token GET /metrics asks for; undefined: no /metrics (a 404). */
  metricsToken: string | undefined
}

export function operationsEnv(env: Parsed<typeof OPERATIONS_FIELDS>): OperationsEnv {
  return {
    backup: env.BACKUP_DIR ? { dir: env.BACKUP_DIR, keepDays: env.BACKUP_KEEP } : undefined,
    metricsToken: env.METRICS_TOKEN,
  }
}
