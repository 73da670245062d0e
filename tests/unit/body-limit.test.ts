import type { AddressInfo } from 'node:net'
import express from 'express'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { bodyLimit } from '#server/body-limit.server.ts'
import { sameOriginWrites } from '#server/same-origin-writes.server.ts'

// The host's guards in front of every action, on a real HTTP server.
let origin = ''
let close: () => void = () => {}

beforeAll(async () => {
  const app = express()
  app.use(sameOriginWrites({ baseUrl: 'https://aprova.example' }))
  app.use(bodyLimit(1024))
  app.post('/form', (_req, res) => {
    res.send('ran')
  })
  const server = app.listen(0, '127.0.0.1')
  await new Promise((resolve) => server.once('listening', resolve))
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  close = () => server.close()
})
afterAll(() => close())

const post = (body: BodyInit, headers: Record<string, string> = {}) =>
  fetch(`${origin}/form`, { method: 'POST', body, headers, duplex: 'half' } as RequestInit)

it('lets a small form through and refuses a large or unmeasured body', async () => {
  expect(await (await post('a=1')).text()).toBe('ran')
  expect((await post('a'.repeat(2048))).status).toBe(413)
  const chunked = new ReadableStream({
    start(controller) {
      controller.enqueue(new TextEncoder().encode('a=1'))
      controller.close()
    },
  })
  expect((await post(chunked)).status).toBe(411)
})

it('refuses writes from another site, and takes them from this one or from programs', async () => {
  expect((await post('a=1', { origin: 'https://evil.example' })).status).toBe(403)
  expect((await post('a=1', { origin: 'null' })).status).toBe(403)
  expect((await post('a=1', { 'sec-fetch-site': 'cross-site' })).status).toBe(403)
  expect((await post('a=1', { 'sec-fetch-site': 'same-site' })).status).toBe(403)
  expect((await post('a=1', { origin: 'https://aprova.example' })).status).toBe(200)
  expect((await post('a=1', { origin, 'sec-fetch-site': 'same-origin' })).status).toBe(200)
  expect((await post('a=1')).status).toBe(200)
})
