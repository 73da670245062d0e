import { spawn, spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import net from 'node:net'
import path from 'node:path'
import { expect, test } from '@playwright/test'
import { query } from '../support/browser/storage-query.ts'
import { startS3Server } from '../support/s3-server.ts'
import { createServerStorage, startServer } from './server-process.mjs'

// A server of its own: start, stop with SIGTERM, start again on the same storage.
test('SIGTERM stops the server within 5 s and a restart keeps the data', async ({ request }) => {
  test.setTimeout(180_000)
  const storage = await createServerStorage()
  try {
    const first = await startServer(storage)
    const html = await (await request.get(`${first.baseUrl}/pt/`)).text()
    const asset = /\/assets\/[^"]+\.js/.exec(html)?.[0] ?? ''
    expect((await request.get(`${first.baseUrl}${asset}`)).status()).toBe(200)
    const stopped = await first.stop()
    expect(stopped.code).toBe(0)
    expect(stopped.ms).toBeLessThan(5000)
    // Structured request logs with the full path, and the database closed before exit.
    const lines = first
      .output()
      .split('\n')
      .filter((line: string) => line.startsWith('{'))
      .map((line: string) => JSON.parse(line))
    expect(lines).toContainEqual(
      expect.objectContaining({ msg: 'request', method: 'GET', path: asset, status: 200 }),
    )
    expect(lines.map((line: { msg: string }) => line.msg).slice(-3)).toEqual([
      'shutting down',
      'database closed',
      'stopped',
    ])

    const ids = await query(storage, 'select id from profiles order by id')
    expect(ids).toHaveLength(12)
    await query(
      storage,
      "insert into reserved_usernames (username, reason) values ('kept', 'test')",
    )

    const second = await startServer(storage)
    expect((await request.get(`${second.baseUrl}/pt/`)).status()).toBe(200)
    const stoppedAgain = await second.stop()
    expect(stoppedAgain.code).toBe(0)
    expect(stoppedAgain.ms).toBeLessThan(5000)

    // The same profiles (not seeded again) and the row written between the two runs.
    expect(await query(storage, 'select id from profiles order by id')).toEqual(ids)
    expect(await query(storage, 'select username from reserved_usernames')).toEqual([
      { username: 'kept' },
    ])
  } finally {
    await storage.dispose()
  }
})

// The README's second command, as an operator types it (issue 32 point 6): `npm start` builds
// when needed (here the build is fresh), serves, and stops on SIGTERM.
test('npm start serves the site and stops on SIGTERM', async ({ request }) => {
  test.setTimeout(120_000)
  const storage = await createServerStorage()
  // Its own process group: npm, the launcher and the server are stopped together.
  const child = spawn('npm', ['start'], {
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: '0',
      DATA_DIR: storage.dataDir,
      DATABASE_URL: storage.databaseUrl ?? '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  })
  // Never 0: a kill of group 0 would be one of this runner's own group.
  const group = child.pid
  if (!group) throw new Error('npm start did not start')
  let output = ''
  child.stderr.on('data', (chunk) => {
    output += chunk
  })
  // npm itself exits at the signal, before the server has finished: the output pipes close only
  // once every process of the group that holds them has ended.
  const closed = new Promise((resolve) => child.once('close', resolve))
  try {
    const url = await new Promise<string>((resolve, reject) => {
      child.stdout.on('data', (chunk) => {
        output += chunk
        const serving = /Serving on (http:\/\/\S+)/.exec(output)
        if (serving?.[1]) resolve(serving[1])
      })
      child.once('exit', () => reject(new Error(`npm start exited:\n${output}`)))
    })
    expect((await request.get(`${url}/healthz`)).status()).toBe(200)
    expect((await request.get(`${url}/pt/`)).status()).toBe(200)
    process.kill(-group, 'SIGTERM')
    await closed
    expect(output).toContain('"msg":"stopped"')
  } finally {
    // Whatever of the group is left (npm may have gone before the server).
    try {
      process.kill(-group, 'SIGKILL')
    } catch {
      // the whole group has ended
    }
    await storage.dispose()
  }
})

test('a bad environment variable stops the start with a message naming it', () => {
  const result = spawnSync(process.execPath, ['server/start.js'], {
    env: { ...process.env, PORT: 'abc', SMTP_URL: 'http://mail', DATABASE_URL: '' },
    encoding: 'utf8',
    timeout: 30_000,
  })
  expect(result.status).toBe(1)
  expect(result.stderr).toContain("PORT must be a number (got 'abc')")
  expect(result.stderr).toContain('SMTP_URL must start with smtp:// or smtps://')
  expect(result.stderr).not.toMatch(/at .+\.js:\d+/)
})

test('SIGINT with a request half sent still stops within 5 s', async () => {
  test.setTimeout(120_000)
  const storage = await createServerStorage()
  try {
    const server = await startServer(storage)
    const { port } = new URL(server.baseUrl)
    const socket = net.connect(Number(port), '127.0.0.1')
    await new Promise((resolve) => socket.once('connect', resolve))
    socket.write('GET /pt/ HTTP/1.1\r\nHost: 127.0.0.1\r\n')
    const stopped = await server.stop('SIGINT')
    socket.destroy()
    expect(stopped.code).toBe(0)
    expect(stopped.ms).toBeLessThan(5000)
  } finally {
    await storage.dispose()
  }
})

test('with an https BASE_URL: HSTS, Secure cookies; a bad Host header is a 400', async () => {
  test.setTimeout(120_000)
  const storage = await createServerStorage()
  try {
    const server = await startServer({ ...storage, env: { BASE_URL: 'https://aprova.example' } })
    try {
      const response = await fetch(`${server.baseUrl}/en/`)
      expect(response.headers.get('strict-transport-security')).toBe(
        'max-age=63072000; includeSubDomains',
      )
      expect(response.headers.get('set-cookie')).toMatch(/aprova-lang=en;.*HttpOnly; Secure/)
      const { port } = new URL(server.baseUrl)
      const raw = await new Promise<string>((resolve) => {
        const socket = net.connect(Number(port), '127.0.0.1', () =>
          socket.write('GET /pt/ HTTP/1.1\r\nHost: a b\r\nConnection: close\r\n\r\n'),
        )
        let data = ''
        socket.on('data', (chunk) => {
          data += chunk
        })
        socket.on('end', () => resolve(data))
      })
      expect(raw).toMatch(/^HTTP\/1\.1 400/)
    } finally {
      await server.stop()
    }
  } finally {
    await storage.dispose()
  }
})

test('with an S3-compatible store, photos live in the bucket and the site serves them', async ({
  page,
}) => {
  test.setTimeout(120_000)
  const s3 = await startS3Server()
  const storage = await createServerStorage()
  try {
    const server = await startServer({
      ...storage,
      env: {
        S3_ENDPOINT: s3.config.endpoint,
        S3_BUCKET: s3.config.bucket,
        S3_REGION: s3.config.region,
        S3_ACCESS_KEY_ID: s3.config.accessKeyId,
        S3_SECRET_ACCESS_KEY: s3.config.secretAccessKey,
      },
    })
    try {
      // The demo pictures were written to the bucket, none to DATA_DIR.
      const keys = await s3.keys()
      expect(keys.filter((key) => key.startsWith('media/demo/')).length).toBeGreaterThan(12)
      expect(existsSync(path.join(storage.dataDir, 'media'))).toBe(false)

      const pictures: { url: string; status: number; type: string | null }[] = []
      page.on('response', (response) => {
        if (new URL(response.url()).pathname.startsWith('/media/')) {
          pictures.push({
            url: response.url(),
            status: response.status(),
            type: response.headers()['content-type'] ?? null,
          })
        }
      })
      await page.goto(`${server.baseUrl}/pt/`)
      const first = page.locator('main img[src^="/media/"]').first()
      await expect(first).toBeVisible()
      await expect
        .poll(() => first.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
        .toBeGreaterThan(0)
      expect(pictures.length).toBeGreaterThan(0)
      for (const picture of pictures) {
        expect(picture, picture.url).toMatchObject({ status: 200, type: 'image/webp' })
      }
    } finally {
      await server.stop()
    }
  } finally {
    await storage.dispose()
    await s3.stop()
  }
})
