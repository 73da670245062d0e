import net from 'node:net'
import pg from 'pg'
import { describe, expect, it } from 'vitest'
import { isDatabaseUnreachable } from '#db/client.server.ts'

/** The error the driver gives for a server that is not there (a port nobody listens on). */
async function refusedConnection(): Promise<unknown> {
  const server = net.createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as net.AddressInfo
  await new Promise((resolve) => server.close(resolve))
  const client = new pg.Client({ host: '127.0.0.1', port, user: 'x', database: 'x' })
  return client.connect().then(
    () => undefined,
    (error: unknown) => error,
  )
}

describe('isDatabaseUnreachable', () => {
  it('recognises a refused connection, also wrapped as Drizzle wraps query errors', async () => {
    const refused = await refusedConnection()
    expect(isDatabaseUnreachable(refused)).toBe(true)
    expect(isDatabaseUnreachable(new Error('Failed query: select 1', { cause: refused }))).toBe(
      true,
    )
  })

  it('recognises PostgreSQL shutting down or starting, and a dropped connection', () => {
    const coded = (code: string, message = 'x') => Object.assign(new Error(message), { code })
    expect(isDatabaseUnreachable(coded('57P01', 'terminating connection'))).toBe(true)
    expect(isDatabaseUnreachable(coded('57P03', 'the database system is starting up'))).toBe(true)
    expect(isDatabaseUnreachable(coded('08006'))).toBe(true)
    expect(isDatabaseUnreachable(new Error('Connection terminated unexpectedly'))).toBe(true)
  })

  it('leaves failed queries and other errors alone', () => {
    const coded = (code: string) => Object.assign(new Error('x'), { code })
    expect(isDatabaseUnreachable(coded('42601'))).toBe(false)
    expect(isDatabaseUnreachable(coded('23505'))).toBe(false)
    expect(isDatabaseUnreachable(new Error('boom'))).toBe(false)
    expect(isDatabaseUnreachable(undefined)).toBe(false)
    expect(isDatabaseUnreachable('ECONNREFUSED')).toBe(false)
  })
})
