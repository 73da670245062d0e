import { randomBytes } from 'node:crypto'
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { serverEnv } from '#server/env.server.ts'

// Where the site's files live (issue 7): photos in the public area, served at /media/{key};
// identity documents in the private area, never under a public address (read only through an
// admin route). Local disk under DATA_DIR by default; the interface is what an S3-compatible
// store implements for several instances.

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

function checkedKey(key: string): string {
  if (!KEY_PATTERN.test(key)) throw new Error(`invalid storage key: ${key}`)
  return key
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

let shared: MediaStorage | undefined

/** The site's storage (DATA_DIR). */
export function mediaStorage(): MediaStorage {
  shared ??= localStorage(serverEnv().dataDir)
  return shared
}
