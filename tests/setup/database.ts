import { afterAll, beforeAll } from 'vitest'
import { type DatabaseHandle, openDatabase, setDatabase } from '#db/client.server.ts'
import { loadReferenceData } from '#db/seed/reference.server.ts'
import { createThrowawayDatabase } from './test-database.ts'

// Every integration test file gets a database of its own: a fresh in-memory PGlite, or a
// throwaway database on the PostgreSQL of DATABASE_URL. Migrations and reference data are
// applied exactly as at start-up.
let handle: DatabaseHandle | undefined
let drop: (() => Promise<void>) | undefined

beforeAll(async () => {
  if (process.env.TEST_DB_KIND === 'postgres') {
    const baseUrl = process.env.DATABASE_URL
    if (!baseUrl) throw new Error('TEST_DB_KIND=postgres needs DATABASE_URL')
    const throwaway = await createThrowawayDatabase(baseUrl)
    drop = throwaway.drop
    handle = await openDatabase({ url: throwaway.url })
  } else {
    handle = await openDatabase({ memory: true })
  }
  await handle.migrate()
  await loadReferenceData(handle.db)
  setDatabase(handle)
})

afterAll(async () => {
  setDatabase(undefined)
  await handle?.close()
  await drop?.()
})
