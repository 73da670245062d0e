import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { and, gt, inArray, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auth } from '#app/modules/auth/auth.server.ts'
import type { CounterStore } from '#app/modules/security/counter-store.server.ts'
import { databaseCounterStore } from '#app/modules/security/database-counters.server.ts'
import {
  dailyOnce,
  fixedWindowLimiter,
  visitorKey,
} from '#app/modules/security/rate-limit.server.ts'
import { sweepSharedCounters } from '#app/modules/security/shared-counters.server.ts'
import { CONTACT_LIMIT, loader as contactLoader } from '#app/routes/public/contact.tsx'
import { type DatabaseHandle, db, openDatabase } from '#db/client.server.ts'
import { sharedCounters } from '#db/schema/counters.ts'
import { createProfile } from '#tests/factories/profile.ts'
import { createThrowawayDatabase } from '#tests/setup/test-database.ts'
import { counterStoreContract, limiterOn } from '#tests/support/counter-store-contract.ts'
import { TEST_BASE_URL, useTestServerEnv } from '#tests/support/test-server.ts'
import { waitUntil } from '#tests/support/wait.ts'

// Shared counters in the database (issue 17): the store itself, limits that hold across
// instances (each its own connection pool to the same PostgreSQL) and across restarts (a new
// connection, or PGlite closed and opened again on its data directory), and what is stored.

const kind = process.env.TEST_DB_KIND === 'postgres' ? 'postgres' : 'pglite'
const SECRET = 'integration-secret-0123456789-abcdefgh'

beforeAll(async () => {
  await useTestServerEnv()
})

describe(`database counter store (${kind})`, () => {
  counterStoreContract(() => databaseCounterStore(db(), kind))

  it('is an UNLOGGED table: no write-ahead log for a write on every limited request', async () => {
    const result = await db().execute(
      "select relpersistence from pg_class where relname = 'shared_counters'" as never,
    )
    expect((result as unknown as { rows: unknown[] }).rows).toEqual([{ relpersistence: 'u' }])
  })
})

/** Opens the same database again, the way another instance or a restarted one does. */
let reopen: () => Promise<DatabaseHandle>
let cleanUp: () => Promise<void>
const open: DatabaseHandle[] = []

async function instance(): Promise<{ handle: DatabaseHandle; store: CounterStore }> {
  const handle = await reopen()
  open.push(handle)
  return { handle, store: databaseCounterStore(handle.db, kind) }
}

async function close(handle: DatabaseHandle) {
  open.splice(open.indexOf(handle), 1)
  await handle.close()
}

describe(`limits across instances and restarts (${kind})`, () => {
  beforeAll(async () => {
    if (kind === 'postgres') {
      const throwaway = await createThrowawayDatabase(process.env.DATABASE_URL ?? '')
      reopen = () => openDatabase({ url: throwaway.url })
      cleanUp = throwaway.drop
    } else {
      const dataDir = await mkdtemp(path.join(tmpdir(), 'aprova-counters-'))
      reopen = () => openDatabase({ dataDir })
      cleanUp = () => rm(dataDir, { recursive: true, force: true })
    }
    const first = await instance()
    await first.handle.migrate()
    await close(first.handle)
  })

  afterAll(async () => {
    for (const handle of [...open]) await close(handle)
    await cleanUp?.()
  })

  it('a limit reached through one instance refuses on another', async () => {
    const a = await instance()
    // PGlite belongs to one process: the second "instance" is a second store on its handle.
    const b =
      kind === 'postgres' ? await instance() : { store: databaseCounterStore(a.handle.db, kind) }
    const [onA, onB] = [limiterOn(a.store, SECRET), limiterOn(b.store, SECRET)]
    expect((await onA.hit('198.51.100.1')).allowed).toBe(true)
    expect((await onB.hit('198.51.100.1')).allowed).toBe(true)
    expect((await onA.hit('198.51.100.1')).allowed).toBe(true)
    const refused = await onB.hit('198.51.100.1')
    expect(refused.allowed).toBe(false)
    expect(refused.retryAfterS).toBeGreaterThan(55)
    expect((await onA.peek('198.51.100.1')).allowed).toBe(false)
    // Someone else is not affected.
    expect((await onB.hit('198.51.100.2')).allowed).toBe(true)
    await close(a.handle)
    if ('handle' in b) await close(b.handle)
  })

  it('concurrent hits from two instances are each counted once', async () => {
    const a = await instance()
    const b =
      kind === 'postgres' ? await instance() : { store: databaseCounterStore(a.handle.db, kind) }
    const [onA, onB] = [limiterOn(a.store, SECRET, 40), limiterOn(b.store, SECRET, 40)]
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, i) => (i % 2 ? onA : onB).hit('198.51.100.3')),
    )
    expect(answers.filter((answer) => answer.allowed)).toHaveLength(40)
    await close(a.handle)
    if ('handle' in b) await close(b.handle)
  })

  it('a limit and the day’s de-duplication survive a restart', async () => {
    const before = await instance()
    const limiter = limiterOn(before.store, SECRET)
    for (let i = 0; i < 3; i++) await limiter.hit('198.51.100.4')
    const once = dailyOnce({ name: 'views', store: () => before.store, secret: () => SECRET })
    expect(await once.first('198.51.100.4 profile')).toBe(true)
    await close(before.handle)

    const after = await instance()
    expect((await limiterOn(after.store, SECRET).hit('198.51.100.4')).allowed).toBe(false)
    const onceAfter = dailyOnce({ name: 'views', store: () => after.store, secret: () => SECRET })
    expect(await onceAfter.first('198.51.100.4 profile')).toBe(false)
    expect(await onceAfter.first('198.51.100.5 profile')).toBe(true)
    await close(after.handle)
  })

  it('instances agree on the day’s salt: a visitor counts once across them', async () => {
    const a = await instance()
    const b =
      kind === 'postgres' ? await instance() : { store: databaseCounterStore(a.handle.db, kind) }
    const onA = dailyOnce({ name: 'contact', store: () => a.store, secret: () => SECRET })
    const onB = dailyOnce({ name: 'contact', store: () => b.store, secret: () => SECRET })
    const [first, second] = await Promise.all([onA.first('x p1'), onB.first('x p1')])
    expect([first, second].sort()).toEqual([false, true])
    expect(await onB.first('x p2')).toBe(true)
    expect(await onA.first('x p2')).toBe(false)
    await close(a.handle)
    if ('handle' in b) await close(b.handle)
  })
})

describe('the site’s limits count in the database', () => {
  const rows = async () => db().select().from(sharedCounters)

  it('keeps keyed hashes only: no address, e-mail or profile in clear', async () => {
    const profile = await createProfile({ whatsapp: '+5511900000091' })
    const ip = '203.0.113.91'
    const answer = await contactLoader({
      request: new Request(`http://localhost/contato/${profile.id}/whatsapp`, {
        headers: { 'user-agent': 'Mozilla/5.0 Chrome/131.0' },
      }),
      params: { profileId: profile.id, channel: 'whatsapp' },
      context: { clientIp: ip, cspNonce: '' },
    } as never)
    expect((answer as Response).status).toBe(302)
    const stored = await rows()
    expect(stored.map((row) => row.key.split(':')[0]).sort()).toEqual(
      expect.arrayContaining(['contact', 'contact-once', 'daily-salt']),
    )
    const everything = JSON.stringify(stored)
    expect(everything).not.toContain('203.0.113')
    expect(everything).not.toContain(profile.id)
    expect(everything).not.toContain('whatsapp')
  })

  it('a limit the route reached holds for a new limiter (another process, or after a restart)', async () => {
    const profile = await createProfile({ whatsapp: '+5511900000092' })
    const ip = '203.0.113.92'
    const contact = () =>
      contactLoader({
        request: new Request(`http://localhost/contato/${profile.id}/whatsapp`),
        params: { profileId: profile.id, channel: 'whatsapp' },
        context: { clientIp: ip, cspNonce: '' },
      } as never).then(
        (response) => (response as Response).status,
        (thrown: { init?: ResponseInit }) => thrown.init?.status,
      )
    for (let i = 0; i < CONTACT_LIMIT.limit; i++) expect(await contact()).toBe(302)
    expect(await contact()).toBe(429)
    // The same limit, as another instance's module would build it, on its own store object.
    const elsewhere = fixedWindowLimiter({
      name: 'contact',
      ...CONTACT_LIMIT,
      store: () => databaseCounterStore(db(), kind),
    })
    expect((await elsewhere.peek(visitorKey({ clientIp: ip }))).allowed).toBe(false)
  })

  it('better-auth’s own limit counts there too', async () => {
    const signIn = () =>
      auth().handler(
        new Request(`${TEST_BASE_URL}/api/auth/sign-in/email`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.93' },
          body: JSON.stringify({ email: 'nobody@example.com', password: 'wrong-password-1' }),
        }),
      )
    // Its rule for sign-in paths: 3 in 10 seconds per address.
    for (let i = 0; i < 3; i++) expect((await signIn()).status).not.toBe(429)
    expect((await signIn()).status).toBe(429)
    const stored = await rows()
    expect(stored.some((row) => row.key.startsWith('auth-http-10-3:'))).toBe(true)
    expect(JSON.stringify(stored)).not.toContain('203.0.113.93')
  })

  it('the sweep deletes finished windows and past days’ salts', async () => {
    const store = databaseCounterStore(db(), kind)
    await store.increment('sweep:short', 200)
    await store.setIfAbsent('daily-salt:2000-01-01', 'old salt', 200)
    await store.increment('sweep:long', 60_000)
    // The sweep is for finished windows: wait until both 200 ms ones have ended (the database's clock).
    await waitUntil(
      async () =>
        (
          await db()
            .select({ key: sharedCounters.key })
            .from(sharedCounters)
            .where(
              and(
                inArray(sharedCounters.key, ['sweep:short', 'daily-salt:2000-01-01']),
                gt(sharedCounters.expiresAt, sql`now()`),
              ),
            )
        ).length === 0,
    )
    expect(await sweepSharedCounters()).toBeGreaterThanOrEqual(2)
    const keys = (await rows()).map((row) => row.key)
    expect(keys).not.toContain('sweep:short')
    expect(keys).not.toContain('daily-salt:2000-01-01')
    expect(keys).toContain('sweep:long')
  })
})
