import { type ChildProcess, spawn } from 'node:child_process'
import { createHash } from 'node:crypto'
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { authenticatorKey, rememberKey, signInAdmin } from '../support/browser/admin-sign-in.ts'
import { runHelperOf } from '../support/browser/cli-helper.ts'
import { expect, test } from '../support/browser/fixtures.ts'
import { createAdmin, query } from '../support/browser/storage-query.ts'
import { createServerStorage, startServer } from './server-process.mjs'

// The restore drill (issue 32 point 1, docs/backup.md): accounts (an admin with two-step
// verification), profiles with photos and identity documents, a paid charge, a gift and its
// ledger rows, a review; `npm run backup` while sign-ups go on (with the embedded database, the
// running server writes it: the command asks over DATA_DIR/backup.sock); everything destroyed;
// `npm run restore`; every table's rows and every file equal to the manifest; the restored
// site serves the profile and its photo, and the admin signs in with her code.

type Server = Awaited<ReturnType<typeof startServer>>
type Storage = Awaited<ReturnType<typeof createServerStorage>>
interface Manifest {
  engine: string
  tables: Record<string, number>
  files: { path: string; sha256: string }[]
  authSecret?: { sha256: string }
}

const ADMIN = { email: 'equipe@example.com', password: 'senha-da-equipe-123' }
let storage: Storage
let server: Server | undefined
let backupDir = ''

test.use({ locale: 'pt-BR' })

test.beforeAll(async () => {
  test.setTimeout(180_000)
  storage = await createServerStorage()
  backupDir = path.join(await mkdtemp(path.join(os.tmpdir(), 'aprova-backup-')), 'taken')
})

test.afterAll(async () => {
  await server?.stop()
  await storage?.dispose()
  if (backupDir) await rm(path.dirname(backupDir), { recursive: true, force: true })
})

/** Runs a command of ours on the storage without blocking: the write loop goes on meanwhile. */
function runCommand(args: string[]): Promise<{ code: number | null; output: string }> {
  const child: ChildProcess = spawn(process.execPath, args, {
    env: { ...process.env, DATA_DIR: storage.dataDir, DATABASE_URL: storage.databaseUrl ?? '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout?.on('data', (chunk) => {
    output += chunk
  })
  child.stderr?.on('data', (chunk) => {
    output += chunk
  })
  return new Promise((resolve) => child.once('close', (code) => resolve({ code, output })))
}

/** Client sign-ups through the site's own form, one after another until `done` says stop. */
async function signUpsUntil(base: string, done: () => boolean): Promise<number> {
  let answered = 0
  for (let n = 0; !done(); n++) {
    const response = await fetch(`${base}/auth?mode=signup&type=client`, {
      method: 'POST',
      redirect: 'manual',
      headers: {
        origin: base,
        cookie: 'aprova-age=1',
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({
        intent: 'client-sign-up',
        displayName: 'Visitante',
        email: `visitante-${n}-${Date.now()}@example.com`,
        password: 'senha-forte-123',
        confirmPassword: 'senha-forte-123',
        about: 'Gosto de boas conversas.',
        dateOfBirth: '20/05/1990',
        acceptTerms: 'on',
        acceptPolicies: 'on',
      }).toString(),
    })
    await response.arrayBuffer()
    expect(response.status, 'a sign-up during the backup').toBeLessThan(500)
    answered += 1
  }
  return answered
}

/** sha256 of every file under DATA_DIR/media and DATA_DIR/private, as the manifest names them. */
async function filesOnDisk(dataDir: string): Promise<Record<string, string>> {
  const found: Record<string, string> = {}
  for (const area of ['media', 'private']) {
    const root = path.join(dataDir, area)
    const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => [])
    for (const entry of entries) {
      if (!entry.isFile()) continue
      const full = path.join(entry.parentPath, entry.name)
      const relative = path.relative(root, full).split(path.sep).join('/')
      found[`files/${area}/${relative}`] = createHash('sha256')
        .update(await readFile(full))
        .digest('hex')
    }
  }
  return found
}

async function tableCounts(): Promise<Record<string, number>> {
  const tables = await query(
    storage,
    `select table_schema || '.' || table_name as name from information_schema.tables
      where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')`,
  )
  const counts: Record<string, number> = {}
  for (const { name } of tables) {
    const [schema, table] = String(name).split('.')
    const [row] = await query(storage, `select count(*)::int as n from "${schema}"."${table}"`)
    counts[String(name)] = Number(row?.n)
  }
  return counts
}

/** Deletes DATA_DIR's contents and, with PostgreSQL, replaces the database by an empty one. */
async function destroyEverything() {
  for (const name of await readdir(storage.dataDir)) {
    await rm(path.join(storage.dataDir, name), { recursive: true, force: true })
  }
  if (!storage.databaseUrl) return
  const url = new URL(storage.databaseUrl)
  const name = url.pathname.slice(1)
  url.pathname = '/postgres'
  const admin = new pg.Client({ connectionString: url.toString() })
  await admin.connect()
  await admin.query(`drop database "${name}" with (force)`)
  await admin.query(`create database "${name}"`)
  await admin.end()
}

test('restore drill: a backup taken while the site serves comes back whole', async ({
  browser,
}) => {
  test.setTimeout(300_000)
  createAdmin(storage, ADMIN)
  const { username } = runHelperOf(
    './tests/support/cli/backup-drill.server.ts',
    storage,
    'createDrillData',
  ) as { username: string }
  server = await startServer({ ...storage, env: { DEMO_DATA: '0' } })
  const base = server.baseUrl

  // The admin sets up her authenticator app at her first sign-in.
  const first = await browser.newContext({ locale: 'pt-BR' })
  await signInAdmin(await first.newPage(), base, ADMIN)
  await first.close()
  const key = authenticatorKey(base, ADMIN.email)
  expect(key).toBeTruthy()

  // The backup, while sign-ups go on.
  let backupDone = false
  const writes = signUpsUntil(base, () => backupDone)
  const taken = await runCommand(['scripts/backup.mjs', '--to', backupDir])
  backupDone = true
  expect(await writes).toBeGreaterThan(0)
  expect(taken.code, taken.output).toBe(0)
  expect(taken.output).toContain(`Backup written to ${backupDir}`)
  if (!storage.databaseUrl) expect(taken.output).toContain('The running server wrote the backup.')
  const manifest = JSON.parse(
    await readFile(path.join(backupDir, 'manifest.json'), 'utf8'),
  ) as Manifest
  expect(manifest.engine).toBe(storage.databaseUrl ? 'postgres' : 'pglite')
  expect(manifest.authSecret).toBeDefined()
  const tables = manifest.tables
  expect(tables['public.user']).toBeGreaterThanOrEqual(5)
  expect(tables['public.two_factor']).toBe(1)
  expect(tables['public.images']).toBeGreaterThanOrEqual(2)
  expect(tables['public.verification_submissions']).toBeGreaterThanOrEqual(2)
  expect(tables['public.pix_charges']).toBe(2)
  expect(tables['public.gifts']).toBe(1)
  expect(tables['public.ledger_transfers']).toBeGreaterThanOrEqual(1)
  expect(tables['public.reviews']).toBe(1)
  expect(manifest.files.some((file) => file.path.startsWith('files/media/'))).toBe(true)
  expect(manifest.files.some((file) => file.path.startsWith('files/private/'))).toBe(true)

  // Everything destroyed.
  await server.stop()
  server = undefined
  await destroyEverything()

  const restored = await runCommand(['scripts/restore.mjs', '--from', backupDir])
  expect(restored.code, restored.output).toBe(0)
  expect(restored.output).toContain('Every table and file matches the manifest.')
  // Checked here again, apart from the command's own check.
  expect(await tableCounts()).toEqual(tables)
  expect(await filesOnDisk(storage.dataDir)).toEqual(
    Object.fromEntries(manifest.files.map((file) => [file.path, file.sha256])),
  )

  // A second restore over it is refused: never over live data.
  const again = await runCommand(['scripts/restore.mjs', '--from', backupDir])
  expect(again.code).toBe(1)
  expect(again.output).toMatch(/not empty|holds \d+ tables/)

  server = await startServer({ ...storage, env: { DEMO_DATA: '0' } })
  const page = server.baseUrl
  rememberKey(page, ADMIN.email, key ?? '')
  const profile = await fetch(`${page}/acompanhante/${username}`, {
    headers: { cookie: 'aprova-age=1' },
  })
  expect(profile.status).toBe(200)
  const html = await profile.text()
  const photo = /\/media\/[^"'\s)]+\.webp/.exec(html)?.[0]
  expect(photo, 'the profile shows its photo').toBeTruthy()
  const image = await fetch(`${page}${photo}`)
  expect(image.status).toBe(200)
  expect(image.headers.get('content-type')).toContain('image/webp')

  // Same address, same authenticator: the restored site asks for her code, and takes it.
  const later = await browser.newContext({ locale: 'pt-BR' })
  const adminPage = await later.newPage()
  await signInAdmin(adminPage, page, ADMIN)
  await expect(adminPage.getByTestId('backup-status')).toBeVisible()
  await later.close()
})
