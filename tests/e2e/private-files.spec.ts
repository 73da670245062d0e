import { spawnSync } from 'node:child_process'
import { chmod, lstat, mkdir, readdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { expect, test } from '../support/browser/fixtures.ts'
import { specServer } from '../support/browser/spec-server.ts'

// DATA_DIR is the service's alone (issue 32 point 4, ADR 0031): started on a folder an older
// install left open (every folder 0755, every file 0644: database, outbox, documents, secret),
// the server makes every folder 0700 and every file 0600, and what it writes while serving is
// born so. Another local account is refused: the test runs as root in
// CI, and reads as `nobody` (uid 65534) the way any other user of the host would.

const NOBODY = 65534
const isRoot = process.getuid?.() === 0

test.describe.configure({ mode: 'serial' })

const CLIENT = { email: 'rafa.arquivos@example.com', password: 'senha-do-cliente-123' }

// A first start makes the database and the demo media; a client is opened while it is stopped.
const spec = specServer({
  env: () => ({ DEMO_DATA: '1' }),
  prepare: async ({ helper, storage: { dataDir } }) => {
    helper('createClient', CLIENT.email, CLIENT.password)
    // As an older install (or a copy by hand) leaves it: open to every local account.
    await mkdir(path.join(dataDir, 'private', 'documents'), { recursive: true })
    await mkdir(path.join(dataDir, 'outbox'), { recursive: true })
    await writeFile(path.join(dataDir, 'outbox', 'old.eml'), 'Subject: reset link\n')
    await writeFile(path.join(dataDir, 'private', 'documents', 'id.jpg'), 'document')
    for (const entry of await modes(dataDir)) await chmod(entry.entry, entry.folder ? 0o755 : 0o644)
  },
})

/** Every folder and file under `root` (itself included) with its permission bits. */
async function modes(root: string): Promise<{ entry: string; mode: number; folder: boolean }[]> {
  const found: { entry: string; mode: number; folder: boolean }[] = []
  const visit = async (entry: string) => {
    const info = await lstat(entry).catch(() => undefined)
    if (!info || info.isSymbolicLink()) return
    found.push({ entry, mode: info.mode & 0o777, folder: info.isDirectory() })
    if (info.isDirectory())
      for (const name of await readdir(entry)) await visit(path.join(entry, name))
  }
  await visit(root)
  return found
}

test('every folder of DATA_DIR is 0700 and every file 0600, the database’s too', async () => {
  const all = await modes(spec.storage.dataDir)
  const shown = (entry: { entry: string; mode: number }) =>
    `${path.relative(spec.storage.dataDir, entry.entry) || '.'} ${entry.mode.toString(8)}`
  expect(all.filter((e) => e.folder && e.mode !== 0o700).map(shown)).toEqual([])
  expect(all.filter((e) => !e.folder && e.mode !== 0o600).map(shown)).toEqual([])
  const names = all.map((entry) => path.relative(spec.storage.dataDir, entry.entry))
  expect(names).toEqual(expect.arrayContaining(['auth-secret', 'outbox/old.eml', 'media']))
  if (!spec.storage.databaseUrl) expect(names).toEqual(expect.arrayContaining(['db/PG_VERSION']))
})

test('what the server writes while serving is born private (a reset link in the outbox)', async () => {
  const outbox = path.join(spec.storage.dataDir, 'outbox')
  const before = (await readdir(outbox)).length
  const answer = await fetch(`${spec.base()}/auth?mode=forgot`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: spec.base() },
    body: new URLSearchParams({ intent: 'forgot', email: CLIENT.email }),
    redirect: 'manual',
  })
  expect(answer.status).toBe(200)
  await expect
    .poll(async () => (await readdir(outbox)).length, { timeout: 10_000 })
    .toBeGreaterThan(before)
  for (const entry of await modes(outbox))
    expect(entry.mode, entry.entry).toBe(entry.folder ? 0o700 : 0o600)
})

test('another local account can read nothing of it', async () => {
  test.skip(!isRoot, 'reading as another user needs root to switch to it (CI runs as root)')
  const asNobody = (command: string, args: string[]) =>
    spawnSync(command, args, { uid: NOBODY, gid: NOBODY, encoding: 'utf8' })
  const targets = [
    spec.storage.dataDir,
    path.join(spec.storage.dataDir, 'auth-secret'),
    path.join(spec.storage.dataDir, 'outbox', 'old.eml'),
    ...(spec.storage.databaseUrl ? [] : [path.join(spec.storage.dataDir, 'db', 'postgresql.conf')]),
  ]
  for (const target of targets) {
    const read = asNobody(target === spec.storage.dataDir ? 'ls' : 'cat', [target])
    expect(read.status, `nobody read ${target}`).not.toBe(0)
    expect(read.stderr).toMatch(/Permission denied/)
  }
})
