import http from 'node:http'
import type { AddressInfo } from 'node:net'
import zlib from 'node:zlib'
import compression from 'compression'
import express from 'express'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { geolocateCity } from '#app/modules/location/geolocation.server.ts'
import { htmlMicroCache } from '#server/html-cache.server.ts'
import { acceptsGzip } from '#server/html-splice.server.ts'

let clock = Date.UTC(2026, 10, 23, 12, 0, 10)
let renders = 0
let baseUrl = ''
let slowArrivals = 0
let releaseSlow: () => void = () => {}
const slowRelease = new Promise<void>((resolve) => {
  releaseSlow = resolve
})
let close: () => void = () => {}

beforeAll(async () => {
  const app = express()
  let nonces = 0
  let tokens = 0
  app.use((_req, res, next) => {
    res.locals.cspNonce = `nonce${++nonces}`
    // As server/vitals-token.server.ts: a token of 44 characters for the page's type, new in
    // every answer (issue 30 point 8), the last one made and its type in res.locals.
    res.locals.issueVitalsToken = (page: string) => {
      res.locals.vitalsToken = `${page}${String(++tokens).padStart(44 - page.length, '0')}`
      res.locals.vitalsPage = page
      return res.locals.vitalsToken
    }
    next()
  })
  app.use('/slow', (_req, _res, next) => {
    slowArrivals++
    next()
  })
  // As in server/app.ts: kept pages answered before compression, new ones kept after it.
  const cache = htmlMicroCache({ now: () => clock })
  app.use(cache.serve)
  app.use(compression())
  app.use(cache.keep)
  app.get('/slow', async (_req, res) => {
    renders++
    await slowRelease
    res.type('html').send(`slow ${renders}`)
  })
  app.get('/page', (_req, res) => {
    renders++
    res.type('html')
    res.write(`<html><script nonce="${res.locals.cspNonce}">1</script>`)
    res.end(`<p>render ${renders}</p></html>`)
  })
  app.get('/with-cookie', (_req, res) => {
    renders++
    res.cookie('x', '1').type('html').send(`render ${renders}`)
  })
  app.get('/language-cookie', (_req, res) => {
    renders++
    res.cookie('aprova-lang', 'en', { httpOnly: true }).type('html').send(`render ${renders}`)
  })
  // A long page with the nonce several times, as React Router renders its inline scripts.
  app.get('/long', (_req, res) => {
    renders++
    const nonce = res.locals.cspNonce
    res.type('html')
    for (let i = 0; i < 4; i++) {
      res.write(`<script nonce="${nonce}">${i}</script>${'<p>Olá, São Paulo ✓</p>'.repeat(900)}`)
    }
    res.end(`<p>render ${renders}</p><link nonce="${nonce}"/>`)
  })
  // A document with its web-vitals token at the end of its head, as entry.server.tsx writes it.
  app.get('/with-token', (_req, res) => {
    renders++
    const nonce = res.locals.cspNonce
    const token = res.locals.issueVitalsToken('profile')
    res.type('html')
    res.write(`<html><head><script nonce="${nonce}">1</script>`)
    res.write(`<meta name="vitals-token" content="${token}"></head>`)
    res.end(`<body>${'<p>Olá, São Paulo ✓</p>'.repeat(400)}<script nonce="${nonce}">2</script>`)
  })
  // The home page: the visitor's city, and the cookie to keep it, when there is none.
  app.get('/feed', (req, res) => {
    renders++
    const located = geolocateCity(
      new Request('http://localhost/feed', { headers: req.headers as Record<string, string> }),
      { secure: false, clientIp: req.socket.remoteAddress },
    )
    if (located.setCookie) res.setHeader('Set-Cookie', located.setCookie)
    res.type('html').send(`feed of ${located.citySlug}, render ${renders}`)
  })
  // A geolocation cookie for another city than the visitor's: never replayed.
  app.get('/odd-geo', (_req, res) => {
    renders++
    res.setHeader('Set-Cookie', 'aprova-geo=curitiba; Path=/')
    res.type('html').send(`odd ${renders}`)
  })
  app.get('/missing', (_req, res) => {
    renders++
    res.status(404).type('html').send(`missing ${renders}`)
  })
  app.get('/broken', (_req, res) => {
    renders++
    res.status(500).type('html').send(`broken ${renders}`)
  })
  const server = app.listen(0, '127.0.0.1')
  await new Promise((resolve) => server.once('listening', resolve))
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  close = () => server.close()
})

afterAll(() => close())

const get = (path: string, headers: Record<string, string> = {}) =>
  fetch(`${baseUrl}${path}`, { headers })

describe('htmlMicroCache', () => {
  it('keeps a page until the next minute and gives each answer its own nonce', async () => {
    const first = await get('/page')
    const firstBody = await first.text()
    expect(first.headers.get('x-cache')).toBe('MISS')
    const second = await get('/page')
    const secondBody = await second.text()
    expect(second.headers.get('x-cache')).toBe('HIT')
    expect(secondBody.replace(/nonce\d+/, 'N')).toBe(firstBody.replace(/nonce\d+/, 'N'))
    expect(secondBody).not.toBe(firstBody)
    expect(second.headers.get('content-type')).toMatch(/text\/html/)

    clock += 50_000 // 12:01:00, a new minute
    const third = await get('/page')
    expect(third.headers.get('x-cache')).toBe('MISS')
    expect(await third.text()).not.toContain(firstBody.match(/render \d+/)?.[0])
  })

  it('keys on the language and geolocation cookies and the browser language', async () => {
    await get('/page?k=1', { cookie: 'aprova-lang=en' })
    expect((await get('/page?k=1', { cookie: 'aprova-lang=en' })).headers.get('x-cache')).toBe(
      'HIT',
    )
    expect((await get('/page?k=1', { cookie: 'aprova-lang=pt' })).headers.get('x-cache')).toBe(
      'MISS',
    )
    expect(
      (await get('/page?k=1', { cookie: 'aprova-lang=en; aprova-geo=recife' })).headers.get(
        'x-cache',
      ),
    ).toBe('MISS')
    expect(
      (
        await get('/page?k=1', { cookie: 'aprova-lang=en', 'accept-language': 'en-US' })
      ).headers.get('x-cache'),
    ).toBe('MISS')
  })

  it('keys on the age-gate cookie and on crawler or not: a gate-free page is never shown to others', async () => {
    const browser = { 'user-agent': 'Mozilla/5.0 Chrome/131.0' }
    const crawler = { 'user-agent': 'Googlebot/2.1' }
    await get('/page?a=1', browser)
    expect((await get('/page?a=1', browser)).headers.get('x-cache')).toBe('HIT')
    expect((await get('/page?a=1', crawler)).headers.get('x-cache')).toBe('MISS')
    expect(
      (await get('/page?a=1', { ...browser, cookie: 'aprova-age=1' })).headers.get('x-cache'),
    ).toBe('MISS')
    expect(
      (await get('/page?a=1', { ...browser, cookie: 'aprova-age=1' })).headers.get('x-cache'),
    ).toBe('HIT')
  })

  it('never serves or keeps pages for requests with other cookies (sessions)', async () => {
    await get('/page?s=1', { cookie: 'session=abc' })
    const again = await get('/page?s=1', { cookie: 'session=abc' })
    expect(again.headers.get('x-cache')).toBeNull()
  })

  it('shares pages with visitors who went through /auth (its back-button cookie)', async () => {
    await get('/page?r=1')
    const visited = await get('/page?r=1', { cookie: 'aprova-auth-from=%2Fpt%2F' })
    expect(visited.headers.get('x-cache')).toBe('HIT')
  })

  it("shares pages with someone who wrote a review (the review form's device cookie)", async () => {
    await get('/page?dev=1')
    const reviewer = await get('/page?dev=1', { cookie: 'aprova-device=abcdefghijklmnop1234' })
    expect(reviewer.headers.get('x-cache')).toBe('HIT')
  })

  it('bypasses requests that carry a key cookie twice', async () => {
    const twice = { cookie: 'aprova-geo=rio-de-janeiro; aprova-geo=sao-paulo' }
    await get('/page?d=1', twice)
    expect((await get('/page?d=1', twice)).headers.get('x-cache')).toBeNull()
    expect(
      (await get('/page?d=1', { cookie: 'aprova-geo=sao-paulo' })).headers.get('x-cache'),
    ).toBe('MISS')
  })

  it('keeps answers whose only cookie is the language one, and sends it again', async () => {
    await get('/language-cookie')
    const again = await get('/language-cookie')
    expect(again.headers.get('x-cache')).toBe('HIT')
    expect(again.headers.get('set-cookie')).toMatch(/^aprova-lang=en; Path=\/; HttpOnly/)
  })

  it('does not keep answers that set other cookies or failed, but keeps 404 pages', async () => {
    const before = renders
    await get('/with-cookie')
    await get('/with-cookie')
    await get('/broken')
    await get('/broken')
    await get('/missing')
    const missing = await get('/missing')
    expect(missing.status).toBe(404)
    expect(missing.headers.get('x-cache')).toBe('HIT')
    expect(renders - before).toBe(5)
  })

  it('sends a kept page gzipped as one valid stream with its own nonces, or plain on request', async () => {
    const raw = (path: string, encoding: string) =>
      new Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
        http
          .get(`${baseUrl}${path}`, { headers: { 'accept-encoding': encoding } }, (res) => {
            const chunks: Buffer[] = []
            res.on('data', (chunk: Buffer) => chunks.push(chunk))
            res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }))
          })
          .on('error', reject)
      })
    const first = await raw('/long', 'gzip')
    const firstBody = zlib.gunzipSync(first.body).toString()
    const hit = await raw('/long', 'gzip, deflate, br')
    expect(hit.headers['x-cache']).toBe('HIT')
    expect(hit.headers['content-encoding']).toBe('gzip')
    expect(hit.headers.vary).toMatch(/Accept-Encoding/i)
    // gunzip checks the CRC and the length of the whole.
    const hitBody = zlib.gunzipSync(hit.body).toString()
    const nonces = [...hitBody.matchAll(/nonce="([^"]+)"/g)].map((match) => match[1])
    expect(nonces).toHaveLength(5)
    expect(new Set(nonces).size).toBe(1)
    expect(firstBody).not.toContain(`nonce="${nonces[0]}"`)
    expect(hitBody.replaceAll(/nonce\d+/g, 'N')).toBe(firstBody.replaceAll(/nonce\d+/g, 'N'))
    // Each stretch refers back to the ones before it: as small as the page gzipped whole but
    // for each nonce's stored block and flush marker (about 40 bytes).
    const whole = zlib.gzipSync(hitBody, { level: 9 }).length
    expect(hit.body.length - whole).toBeLessThan(40 * nonces.length)
    expect(Number(hit.headers['content-length'])).toBe(hit.body.length)

    const plain = await raw('/long', 'identity')
    expect(plain.headers['x-cache']).toBe('HIT')
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.body.toString().replaceAll(/nonce\d+/g, 'N')).toBe(
      firstBody.replaceAll(/nonce\d+/g, 'N'),
    )
    expect(plain.body.toString()).not.toContain(`nonce="${nonces[0]}"`)
  })

  it('gives each answer of a kept page its own web-vitals token, gzipped or plain', async () => {
    const raw = (encoding: string) =>
      new Promise<{ headers: http.IncomingHttpHeaders; body: string }>((resolve, reject) => {
        http
          .get(`${baseUrl}/with-token`, { headers: { 'accept-encoding': encoding } }, (res) => {
            const chunks: Buffer[] = []
            res.on('data', (chunk: Buffer) => chunks.push(chunk))
            res.on('end', () => {
              const body = Buffer.concat(chunks)
              const gzipped = res.headers['content-encoding'] === 'gzip'
              resolve({
                headers: res.headers,
                body: (gzipped ? zlib.gunzipSync(body) : body).toString(),
              })
            })
          })
          .on('error', reject)
      })
    const tokenOf = (body: string) => /name="vitals-token" content="([^"]+)"/.exec(body)?.[1]
    const first = await raw('gzip')
    const answers = [first, await raw('gzip'), await raw('identity'), await raw('gzip')]
    expect(answers.slice(1).map((answer) => answer.headers['x-cache'])).toEqual([
      'HIT',
      'HIT',
      'HIT',
    ])
    const tokens = answers.map((answer) => tokenOf(answer.body))
    // Each for the page type the kept one was made for.
    for (const token of tokens) expect(token).toMatch(/^profile\d{37}$/)
    // Never the same token twice: not the one kept, not another answer's.
    expect(new Set(tokens).size).toBe(answers.length)
    const same = (body: string) =>
      body.replaceAll(/nonce\d+/g, 'N').replaceAll(/profile\d{37}/g, 'T')
    for (const answer of answers) expect(same(answer.body)).toBe(same(first.body))
  })

  it('keeps a geolocating page per visitor city, with its cookie, only for that city', async () => {
    const recife = { 'cf-ipcity': 'Recife', 'cf-ipcountry': 'BR' }
    const salvador = { 'cf-ipcity': 'Salvador', 'cf-ipcountry': 'BR' }
    const first = await get('/feed', recife)
    expect(first.headers.get('x-cache')).toBe('MISS')
    const again = await get('/feed', recife)
    expect(again.headers.get('x-cache')).toBe('HIT')
    expect(again.headers.get('set-cookie')).toMatch(/^aprova-geo=recife;/)
    expect(await again.text()).toContain('feed of recife')
    const elsewhere = await get('/feed', salvador)
    expect(elsewhere.headers.get('x-cache')).toBe('MISS')
    expect(await elsewhere.text()).toContain('feed of salvador')
    expect((await get('/feed', salvador)).headers.get('set-cookie')).toMatch(
      /^aprova-geo=salvador;/,
    )
    // With the cookie, the page is another one, without Set-Cookie.
    const kept = { ...recife, cookie: 'aprova-geo=recife' }
    await get('/feed', kept)
    const withCookie = await get('/feed', kept)
    expect(withCookie.headers.get('x-cache')).toBe('HIT')
    expect(withCookie.headers.get('set-cookie')).toBeNull()

    const before = renders
    await get('/odd-geo', recife)
    await get('/odd-geo', recife)
    expect(renders - before).toBe(2)
  })

  it('reads Accept-Encoding as HTTP means it', () => {
    expect(acceptsGzip('gzip, deflate, br')).toBe(true)
    expect(acceptsGzip('br;q=1.0, gzip;q=0.5')).toBe(true)
    expect(acceptsGzip('*')).toBe(true)
    expect(acceptsGzip('gzip;q=0, *')).toBe(false)
    expect(acceptsGzip('br')).toBe(false)
    expect(acceptsGzip(undefined)).toBe(false)
    expect(acceptsGzip('identity')).toBe(false)
  })

  it('renders a page once for requests that come while it is being rendered', async () => {
    const before = renders
    const answers = Array.from({ length: 5 }, () => get('/slow'))
    while (slowArrivals < 5) await new Promise((resolve) => setImmediate(resolve))
    releaseSlow()
    const pages = await Promise.all(answers)
    expect(renders - before).toBe(1)
    expect(pages.map((page) => page.headers.get('x-cache')).sort()).toEqual([
      'HIT',
      'HIT',
      'HIT',
      'HIT',
      'MISS',
    ])
    expect(new Set(await Promise.all(pages.map((page) => page.text()))).size).toBe(1)
  })
})
