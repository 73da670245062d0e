import { randomBytes } from 'node:crypto'
import pg from 'pg'

/**
 * Creates a throwaway database on the server of `baseUrl` (PostgreSQL tests and CI), so that
 * test files and runs never share state. Returns its URL and a function that drops it.
 */
export async function createThrowawayDatabase(baseUrl: string) {
  const name = `aprova_test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`
  const admin = new pg.Client({ connectionString: baseUrl })
  await admin.connect()
  await admin.query(`create database "${name}"`)
  await admin.end()
  const url = new URL(baseUrl)
  url.pathname = `/${name}`
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: baseUrl })
      await client.connect()
      await client.query(`drop database if exists "${name}" with (force)`)
      await client.end()
    },
  }
}
