import { z } from 'zod'
import { type Issue, optional, type Parsed, urlWithProtocols } from './shared.ts'

// Where photos and documents are kept: an S3-compatible store, or local disk under DATA_DIR.

/** An S3-compatible store takes the place of local disk only when all of these are set. */
const S3_VARIABLES = [
  'S3_ENDPOINT',
  'S3_BUCKET',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
] as const

export const STORAGE_FIELDS = {
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
}

export const STORAGE_SECRETS = ['S3_SECRET_ACCESS_KEY']

type StorageVariables = Parsed<typeof STORAGE_FIELDS>

export function storageIssues(env: StorageVariables): Issue[] {
  const set = S3_VARIABLES.filter((name) => env[name])
  if (set.length === 0 || set.length === S3_VARIABLES.length) return []
  return S3_VARIABLES.filter((name) => !env[name]).map((name) => ({
    path: [name],
    message: `must be set together with ${set.join(', ')} (or none of them: local storage)`,
  }))
}

export interface S3Config {
  endpoint: string
  bucket: string
  region: string
  accessKeyId: string
  secretAccessKey: string
}

export interface StorageEnv {
  /** An S3-compatible store for photos and documents; undefined keeps them under DATA_DIR. */
  s3: S3Config | undefined
}

export function storageEnv(env: StorageVariables): StorageEnv {
  return {
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
  }
}
