import type { AddressInfo } from 'node:net'
import express from 'express'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { htmlMicroCache } from '#server/html-cache.server.ts'

let clock = Date.UTC(2026, 10, 23, 12, 0, 10)
let renders = 0
let baseUrl = ''
let close: () => void = () => {}

beforeAll(async () => {
  const app = express()
  let nonces = 0
  app.use((_req, res, next) => {
    res.locals.cspNonce = `nonce${++nonces}`
    next()
  })
  app.use(htmlMicroCache({ now: () => clock }))
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
})
