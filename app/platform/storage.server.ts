import { randomBytes } from 'node:crypto'
import { readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { AwsClient } from 'aws4fetch'
import { type S3Config, type ServerEnv, serverEnv } from '#app/platform/env.server.ts'
import { PRIVATE_FILE_MODE, privateDir } from '#app/platform/private-files.server.ts'

// Where the site's files live (issue 7): photos in the public area, served at /media/{key} (to
// everyone only while the photo shows on the site: ADR 0024); identity documents in the private
// area, never under a public address (read only through an admin route). Local disk under
// DATA_DIR by default; an S3-compatible store (AWS, R2, MinIO…) when S3_* is configured, so
// several instances share the files.

export type StorageArea = 'public' | 'private'

export interface MediaStorage {
  /** Writes `data` at `key` whole: readers see the old file or the new one, never half. */
  put(area: StorageArea, key: string, data: Buffer): Promise<void>
  /** The file at `key`, or undefined when there is none. */
  get(area: StorageArea, key: string): Promise<Buffer | undefined>
  /** Deletes the files at `keys`; a missing one is not an error. */
  delete(area: StorageArea, keys: string[]): Promise<void>
  /** Deletes half-written files older than `olderThanMs` a dead process left; how many. */
  sweepPartial(olderThanMs: number): Promise<number>
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

/**
 * Storage on local disk: DATA_DIR/media (served at /media) and DATA_DIR/private. Files are
 * written in DATA_DIR/uploading (same disk) and renamed into place, so a crash never leaves half
 * a file under a key, and what it leaves is in one directory the sweep empties.
 */
export function localStorage(dataDir: string): MediaStorage {
  const roots: Record<StorageArea, string> = {
    public: path.join(dataDir, 'media'),
    private: path.join(dataDir, 'private'),
  }
  const partial = path.join(dataDir, 'uploading')
  const file = (area: StorageArea, key: string) => path.join(roots[area], checkedKey(key))
  return {
    async put(area, key, data) {
      const target = file(area, key)
      // Private on disk, media too: the site serves them, no other local account needs them.
      await privateDir(path.dirname(target))
      await privateDir(partial)
      const temporary = path.join(partial, `${randomBytes(12).toString('hex')}.part`)
      try {
        await writeFile(temporary, data, { mode: PRIVATE_FILE_MODE })
        await rename(temporary, target)
      } catch (error) {
        await rm(temporary, { force: true })
        throw error
      }
    },
    async get(area, key) {
      try {
        return await readFile(file(area, key))
      } catch (error) {
        if (isMissing(error)) return undefined
        throw error
      }
    },
    async delete(area, keys) {
      await settleAll(
        keys.map((key) =>
          rm(file(area, key), { force: true }).catch((error: unknown) => {
            if (!isMissing(error)) throw error
          }),
        ),
      )
    },
    async sweepPartial(olderThanMs) {
      const names = await readdir(partial).catch(() => [] as string[])
      let swept = 0
      for (const name of names) {
        const temporary = path.join(partial, name)
        const info = await stat(temporary).catch(() => undefined)
        // In whole milliseconds, as Date.now() counts: a file written in this very millisecond
        // has a fractional mtime past it, and would otherwise be younger than 0.
        if (!info || Date.now() - Math.trunc(info.mtimeMs) < olderThanMs) continue
        await rm(temporary, { force: true })
        swept++
      }
      return swept
    },
  }
}

/**
 * No file at that path: none there (ENOENT), or a regular file where a directory of the path
 * should be (ENOTDIR), which holds no file either. A deletion that failed on the latter left
 * the row of a refused upload behind, and the same photo was then refused as a duplicate.
 */
function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | undefined)?.code
  return code === 'ENOENT' || code === 'ENOTDIR'
}

/**
 * Waits for every one of `work`, then throws the first failure: a failed deletion never leaves
 * others in flight, to land after the caller has moved on (and left the files to the sweep).
 */
async function settleAll(work: Promise<unknown>[]): Promise<void> {
  const results = await Promise.allSettled(work)
  const failure = results.find((result) => result.status === 'rejected')
  if (failure) throw failure.reason
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
      await settleAll(
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
    // An S3 PUT is all or nothing: no half-written object to sweep.
    async sweepPartial() {
      return 0
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
