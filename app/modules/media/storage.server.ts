import { randomBytes } from 'node:crypto'
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { AwsClient } from 'aws4fetch'
import { type S3Config, type ServerEnv, serverEnv } from '#server/env.server.ts'

// Where the site's files live (issue 7): photos in the public area, served at /media/{key};
// identity documents in the private area, never under a public address (read only through an
// admin route). Local disk under DATA_DIR by default; an S3-compatible store (AWS, R2, MinIO…)
// when S3_* is configured, so several instances share the files.

export type StorageArea = 'public' | 'private'

export interface MediaStorage {
  /** Writes `data` at `key` whole: readers see the old file or the new one, never half. */
  put(area: StorageArea, key: string, data: Buffer): Promise<void>
  /** The file at `key`, or undefined when there is none. */
  get(area: StorageArea, key: string): Promise<Buffer | undefined>
  /** Deletes the files at `keys`; a missing one is not an error. */
  delete(area: StorageArea, keys: string[]): Promise<void>
}

/** Keys are paths of lower-case words, digits and hyphens: nothing can climb out of the area. */
const KEY_PATTERN = /^[a-z0-9][a-z0-9-]*(?:\/[a-z0-9][a-z0-9-]*)*(?:\.(?:webp|jpg|png))?$/

/** Whether `key` could name a stored file (a request for anything else is simply not found). */
export function isStorageKey(key: string): boolean {
  return KEY_PATTERN.test(key)
}

function checkedKey(key: string): string {
  if (!isStorageKey(key)) throw new Error(`invalid storage key: ${key}`)
  return key
}

const CONTENT_TYPES: Record<string, string> = {
  webp: 'image/webp',
  jpg: 'image/jpeg',
  png: 'image/png',
}

/** The media type of a stored file, from its key's extension. */
export function contentTypeOf(key: string): string {
  return CONTENT_TYPES[key.slice(key.lastIndexOf('.') + 1)] ?? 'application/octet-stream'
}

/** Storage on local disk: DATA_DIR/media (served at /media) and DATA_DIR/private. */
export function localStorage(dataDir: string): MediaStorage {
  const roots: Record<StorageArea, string> = {
    public: path.join(dataDir, 'media'),
    private: path.join(dataDir, 'private'),
  }
  const file = (area: StorageArea, key: string) => path.join(roots[area], checkedKey(key))
  return {
    async put(area, key, data) {
      const target = file(area, key)
      await mkdir(path.dirname(target), { recursive: true })
      // Written beside and renamed: a crash never leaves half a file under the key.
      const temporary = `${target}.${randomBytes(6).toString('hex')}.part`
      await writeFile(temporary, data, { mode: area === 'private' ? 0o600 : 0o644 })
      await rename(temporary, target)
    },
    async get(area, key) {
      try {
        return await readFile(file(area, key))
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined
        throw error
      }
    },
    async delete(area, keys) {
      await Promise.all(keys.map((key) => rm(file(area, key), { force: true })))
    },
  }
}

/** Prefixes of the two areas in the bucket; the bucket itself stays private (no public ACL). */
const S3_PREFIXES: Record<StorageArea, string> = { public: 'media', private: 'private' }
/** One request to the store may not take longer than this. */
const S3_TIMEOUT_MS = 30_000

export class StorageError extends Error {
  override name = 'StorageError'
}

/**
 * Storage in an S3-compatible bucket, path-style (`{endpoint}/{bucket}/{key}`), signed with
 * AWS Signature V4 over the exact bytes. A PUT is atomic in S3: readers see the old object or
 * the new one. Public photos are still served at /media by the site (or a CDN in front of it),
 * so the bucket never needs to be public.
 */
export function s3Storage(config: S3Config): MediaStorage {
  const client = new AwsClient({
    accessKeyId: config.accessKeyId,
    secretAccessKey: config.secretAccessKey,
    region: config.region,
    service: 's3',
    // Two more tries on a network error or a 5xx, then the caller's clean-up takes over.
    retries: 2,
    initRetryMs: 100,
  })
  const base = `${config.endpoint}/${encodeURIComponent(config.bucket)}`
  const url = (area: StorageArea, key: string) => `${base}/${S3_PREFIXES[area]}/${checkedKey(key)}`
  const call = async (method: string, target: string, init: RequestInit = {}) => {
    try {
      return await client.fetch(target, {
        ...init,
        method,
        signal: AbortSignal.timeout(S3_TIMEOUT_MS),
      })
    } catch (error) {
      throw new StorageError(`${method} ${target} failed: ${error}`)
    }
  }
  const failed = async (method: string, target: string, response: Response) =>
    new StorageError(
      `${method} ${target} answered ${response.status}: ${(await response.text()).slice(0, 300)}`,
    )
  return {
    async put(area, key, data) {
      const target = url(area, key)
      const response = await call('PUT', target, {
        body: new Uint8Array(data),
        headers: { 'Content-Type': contentTypeOf(key) },
      })
      if (!response.ok) throw await failed('PUT', target, response)
      await response.body?.cancel()
    },
    async get(area, key) {
      const target = url(area, key)
      const response = await call('GET', target)
      if (response.status === 404) {
        await response.body?.cancel()
        return undefined
      }
      if (!response.ok) throw await failed('GET', target, response)
      return Buffer.from(await response.arrayBuffer())
    },
    async delete(area, keys) {
      await Promise.all(
        keys.map(async (key) => {
          const target = url(area, key)
          const response = await call('DELETE', target)
          // S3 answers 204 whether or not the object existed; some stores answer 404.
          if (!response.ok && response.status !== 404) {
            throw await failed('DELETE', target, response)
          }
          await response.body?.cancel()
        }),
      )
    },
  }
}

/** The storage an environment configures: its bucket, or local disk under DATA_DIR. */
export function storageFor(env: Pick<ServerEnv, 'dataDir' | 's3'>): MediaStorage {
  return env.s3 ? s3Storage(env.s3) : localStorage(env.dataDir)
}

let shared: { env: ServerEnv; storage: MediaStorage } | undefined

/** The site's storage, as the environment parsed at start-up configures it. */
export function mediaStorage(): MediaStorage {
  const env = serverEnv()
  if (shared?.env !== env) shared = { env, storage: storageFor(env) }
  return shared.storage
}
