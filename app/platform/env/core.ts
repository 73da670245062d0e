import { randomBytes } from 'node:crypto'
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { z } from 'zod'
import { PRIVATE_FILE_MODE, privateDirSync } from '#app/platform/private-files.server.ts'
import {
  TRUST_PROXY_FIELD,
  type TrustProxy,
  trustProxySetting,
} from '#app/platform/trust-proxy.server.ts'
import {
  flag,
  type Issue,
  invalid,
  optional,
  type Parsed,
  urlWithProtocols,
  wholeNumber,
} from './shared.ts'

// The site itself: where it listens and answers, its database and data folder, its secret, its
// worker processes, the proxies it trusts, the shared counters' Redis.

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

export const CORE_FIELDS = {
  NODE_ENV: optional(z.enum(['production', 'development', 'test'])),
  HOST: optional(z.string().min(1)).default('127.0.0.1'),
  PORT: optional(wholeNumber(0, 65535)).default(3000),
  DATABASE_URL: optional(urlWithProtocols(['postgres:', 'postgresql:'], 'postgres://u@h/db')),
  DATA_DIR: optional(z.string().min(1)).default('./data'),
  BASE_URL: optional(urlWithProtocols(['http:', 'https:'], 'https://example.com')),
  AUTH_SECRET: optional(z.string().min(32, 'must be at least 32 characters long')),
  DEMO_DATA: optional(flag()),
  REDIS_URL: optional(urlWithProtocols(['redis:', 'rediss:'], 'redis://user:pass@host:6379/0')),
  // Who may say who the client is (issue 32 point 3): trust-proxy.server.ts.
  TRUST_PROXY: TRUST_PROXY_FIELD,
  WEB_CONCURRENCY: optional(
    z.string().refine(isConcurrency, {
      message: `must be a whole number from 1 to ${MAX_WORKERS}, or 'auto'`,
    }),
  ).default('1'),
}

export const CORE_SECRETS = ['AUTH_SECRET']

export function coreIssues(env: Parsed<typeof CORE_FIELDS>): Issue[] {
  // PGlite runs inside the process that opened it: a second process cannot share it.
  if (
    !env.DATABASE_URL &&
    isConcurrency(env.WEB_CONCURRENCY) &&
    workersFor(env.WEB_CONCURRENCY) > 1
  ) {
    return [
      {
        path: ['WEB_CONCURRENCY'],
        message:
          'must be 1 with the embedded database (DATABASE_URL unset: PGlite belongs to one process); set DATABASE_URL to a PostgreSQL server to run several processes',
      },
    ]
  }
  return []
}

export interface CoreEnv {
  mode: 'production' | 'development'
  host: string
  port: number
  databaseUrl: string | undefined
  dataDir: string
  baseUrl: string
  authSecret: string
  demoData: boolean
  /** Redis for the shared rate-limit counters; undefined counts them in the database. */
  redisUrl: string | undefined
  /** The proxies trusted for the client's address and protocol (TRUST_PROXY); undefined: none. */
  trustProxy: TrustProxy
  /** Worker processes `npm start` and `npm run serve` run (WEB_CONCURRENCY; 1: no cluster). */
  webConcurrency: number
}

/**
 * The site's settings. Creates DATA_DIR and, when AUTH_SECRET is unset, a secret kept in DATA_DIR
 * so sessions survive restarts.
 */
export function coreEnv(env: Parsed<typeof CORE_FIELDS>, mode: CoreEnv['mode']): CoreEnv {
  const dataDir = path.resolve(env.DATA_DIR)
  try {
    // The service's alone (issue 32 point 4): 0700, corrected when looser.
    privateDirSync(dataDir)
  } catch (error) {
    invalid(`DATA_DIR cannot be created at ${dataDir}: ${error}`)
  }
  return {
    mode,
    host: env.HOST,
    port: env.PORT,
    databaseUrl: env.DATABASE_URL,
    dataDir,
    baseUrl: (env.BASE_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ''),
    authSecret: env.AUTH_SECRET ?? storedSecret(dataDir),
    demoData: env.DEMO_DATA ? env.DEMO_DATA === '1' : !env.DATABASE_URL,
    redisUrl: env.REDIS_URL,
    trustProxy: trustProxySetting(env.TRUST_PROXY),
    webConcurrency: workersFor(env.WEB_CONCURRENCY),
  }
}

function storedSecret(dataDir: string): string {
  const file = path.join(dataDir, 'auth-secret')
  if (existsSync(file)) return readFileSync(file, 'utf8').trim()
  const secret = randomBytes(32).toString('base64url')
  writeFileSync(file, `${secret}\n`, { mode: PRIVATE_FILE_MODE })
  return secret
}
