import { chmodSync, mkdirSync, statSync } from 'node:fs'
import { chmod, lstat, mkdir, readdir, stat } from 'node:fs/promises'
import path from 'node:path'

// DATA_DIR is the service's alone (issue 32 point 4, ADR 0031): the embedded database (session
// tokens in its WAL, its configuration), the outbox (reset and confirmation links), identity
// documents, the generated auth secret and backups. Folders are 0700 and files 0600: no other
// local account reads or writes them. Media are public through the site, not on the disk.
// New files are born private by the process's umask (privateByDefault); what is already there
// (an older install, a copy made by hand, PGlite's own files, which it makes 0644/0755 whatever
// it is asked) is corrected by makePrivate at start-up and again once PGlite has opened.

export const PRIVATE_DIR_MODE = 0o700
export const PRIVATE_FILE_MODE = 0o600

/** Group and others: any of these bits makes a file or folder of DATA_DIR too open. */
const OPEN_BITS = 0o077

/** Files and folders this process creates from now on get no group or other permission. */
export function privateByDefault(): void {
  process.umask(OPEN_BITS)
}

/**
 * Creates `dir` (and its parents) private, and makes it 0700 when it exists looser. Sync: run
 * once at start-up, from the environment's parsing.
 */
export function privateDirSync(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE })
  if ((statSync(dir).mode & OPEN_BITS) !== 0) chmodSync(dir, PRIVATE_DIR_MODE)
}

/** Creates `dir` (and its parents) private; an existing folder's mode is left to makePrivate. */
export async function privateDir(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true, mode: PRIVATE_DIR_MODE })
}

const gone = (error: unknown) => (error as NodeJS.ErrnoException)?.code === 'ENOENT'

/**
 * Makes `root` and everything below it private: folders 0700, files 0600, when looser. Symbolic
 * links are not followed (what they point to is the operator's). Files that vanish meanwhile
 * (PGlite's temporary ones) are skipped. The paths it changed, for the log.
 */
export async function makePrivate(root: string): Promise<string[]> {
  const changed: string[] = []
  const visit = async (entry: string, top: boolean): Promise<void> => {
    let info: Awaited<ReturnType<typeof lstat>>
    try {
      info = top ? await stat(entry) : await lstat(entry)
    } catch (error) {
      if (gone(error)) return
      throw error
    }
    if (info.isSymbolicLink() || !(info.isDirectory() || info.isFile())) return
    const wanted = info.isDirectory() ? PRIVATE_DIR_MODE : PRIVATE_FILE_MODE
    if ((info.mode & OPEN_BITS) !== 0) {
      try {
        await chmod(entry, wanted)
        changed.push(entry)
      } catch (error) {
        if (!gone(error)) throw error
      }
    }
    if (!info.isDirectory()) return
    let names: string[]
    try {
      names = await readdir(entry)
    } catch (error) {
      if (gone(error)) return
      throw error
    }
    for (const name of names) await visit(path.join(entry, name), false)
  }
  await visit(root, true)
  return changed
}

/**
 * makePrivate at start-up: what it corrected is logged (an operator sees the install was open);
 * a file it cannot correct (another owner's) is logged too, and does not keep the site down.
 */
export async function keepPrivate(
  root: string,
  log: { warn(msg: string, fields?: Record<string, unknown>): void },
  what: string,
): Promise<void> {
  try {
    const changed = await makePrivate(root)
    if (changed.length > 0)
      log.warn(`${what}: made private (0700 folders, 0600 files)`, {
        count: changed.length,
        first: changed.slice(0, 5),
      })
  } catch (error) {
    log.warn(`${what}: could not be made private`, { error: String(error) })
  }
}
