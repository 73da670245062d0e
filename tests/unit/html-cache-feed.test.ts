import http from 'node:http'
import type { AddressInfo } from 'node:net'
import compression from 'compression'
import express from 'express'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { htmlMicroCache } from '#server/html-cache.server.ts'

// The HTML cache under the change feed and for signed-in visitors (issue 17 items 1 and 5):
// nothing kept is served while the feed is not heard, a render that saw a change is not kept,
// and a signed-in visitor shares the kept copies of their role, on public pages only.

let usable = true
let generation = 0
let renders = 0
/** The audience each session cookie stands for (what the session table would say). */
const sessions: Record<string, string> = { ana: 'client', bia: 'client', lia: 'provider' }
let changeDuringRender = false
let baseUrl = ''
let close: () => void = () => {}
let cache: ReturnType<typeof htmlMicroCache>

beforeAll(async () => {
  const app = express()
  app.use((_req, res, next) => {
    res.locals.cspNonce = 'n0nce'
    next()
  })
  cache = htmlMicroCache({
    usable: () => usable,
    generation: () => generation,
    audience: async (session) => sessions[session] ?? 'visitor',
  })
  app.use(cache.serve)
  app.use(compression())
  app.use(cache.keep)
  const page = (req: express.Request, res: express.Response) => {
    renders++
    // A write committed while this page was being rendered.
    if (changeDuringRender) generation++
    const who = sessions[/aprova\.session_token=(\w+)/.exec(req.headers.cookie ?? '')?.[1] ?? '']
    res.type('html').send(`<p>${req.path} for ${who ?? 'visitor'}, render ${renders}</p>`)
  }
  app.get('/pt/acompanhantes/recife', page)
  app.get('/pt/acompanhantes/recife.data', page)
  // A page of an area with no Cache-Control at all: still never shared between signed-in people.
  app.get('/client-dashboard', page)
  const server = http.createServer(app)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  close = () => server.close()
})

afterAll(() => close())

beforeEach(() => {
  usable = true
  changeDuringRender = false
  cache.clear()
})

async function get(path: string, session?: string) {
  const response = await fetch(`${baseUrl}${path}`, {
    headers: session ? { cookie: `aprova-lang=pt; aprova.session_token=${session}` } : {},
  })
  return { cache: response.headers.get('x-cache'), body: await response.text() }
}

describe('under the change feed', () => {
  it('serves and keeps nothing while the feed is not heard', async () => {
    usable = false
    expect((await get('/pt/acompanhantes/recife')).cache).toBe('BYPASS')
    expect((await get('/pt/acompanhantes/recife')).cache).toBe('BYPASS')
    usable = true
    expect((await get('/pt/acompanhantes/recife')).cache).toBe('MISS')
    expect((await get('/pt/acompanhantes/recife')).cache).toBe('HIT')
    // Lost again: the page kept a moment ago is not served.
    usable = false
    expect((await get('/pt/acompanhantes/recife')).cache).toBe('BYPASS')
  })

  it('does not keep a page rendered while something changed, nor one kept before clear()', async () => {
    changeDuringRender = true
    expect((await get('/pt/acompanhantes/recife')).cache).toBe('MISS')
    changeDuringRender = false
    expect((await get('/pt/acompanhantes/recife')).cache).toBe('MISS')
    expect((await get('/pt/acompanhantes/recife')).cache).toBe('HIT')
    cache.clear()
    expect((await get('/pt/acompanhantes/recife')).cache).toBe('MISS')
  })
})

describe('signed-in visitors', () => {
  it('share one kept copy per role, apart from signed-out visitors', async () => {
    const first = await get('/pt/acompanhantes/recife', 'ana')
    expect(first.cache).toBe('MISS')
    // Bia, another client, gets the copy made for Ana: nothing in it is Ana's.
    const second = await get('/pt/acompanhantes/recife', 'bia')
    expect(second).toEqual({ cache: 'HIT', body: first.body })
    // A provider and a signed-out visitor each get their own.
    expect((await get('/pt/acompanhantes/recife', 'lia')).body).toContain('for provider')
    expect((await get('/pt/acompanhantes/recife')).body).toContain('for visitor')
    expect((await get('/pt/acompanhantes/recife.data', 'ana')).cache).toBe('MISS')
    expect((await get('/pt/acompanhantes/recife.data', 'bia')).cache).toBe('HIT')
    // A session cookie that is no session (ended, forged) is a signed-out visitor.
    expect((await get('/pt/acompanhantes/recife', 'nobody')).body).toContain('for visitor')
  })

  it("never keeps a signed-in visitor's other pages, whatever their headers", async () => {
    expect((await get('/client-dashboard', 'ana')).cache).toBeNull()
    const bia = await get('/client-dashboard', 'bia')
    expect(bia.cache).toBeNull()
    expect(bia.body).toContain('for client, render')
    expect(renders).toBeGreaterThan(0)
  })
})
