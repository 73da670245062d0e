import { mkdtempSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import express from 'express'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { verifiedCookie } from '#app/modules/age-gate/assurance-cookie.server.ts'
import { parseEnv, setServerEnv } from '#app/platform/env.server.ts'
import { htmlMicroCache } from '#server/html-cache.server.ts'

// The HTML cache with AGE_ASSURANCE=oidc (issue 23): pages are kept under the gate's answer as
// the gate reads it, not under the cookie's text, so a page without the gate goes only to
// someone holding a valid verification, and every verified visitor shares the same pages.

let baseUrl = ''
let close = () => {}

beforeAll(async () => {
  setServerEnv(
    parseEnv(
      {
        DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'aprova-cache-age-')),
        AUTH_SECRET: 'cache-test-secret-0123456789-abcdefghij',
        AGE_ASSURANCE: 'oidc',
        AGE_OIDC_DISCOVERY_URL: 'http://127.0.0.1:9/.well-known/openid-configuration',
        AGE_OIDC_CLIENT_ID: 'aprova',
        AGE_OIDC_CLIENT_SECRET: 'secret',
      },
      'production',
    ),
  )
  const app = express()
  const cache = htmlMicroCache()
  app.use(cache.serve)
  app.use(cache.keep)
  let renders = 0
  app.get('/page', (_req, res) => {
    renders++
    res.type('html').send(`render ${renders}`)
  })
  const server = app.listen(0, '127.0.0.1')
  await new Promise((resolve) => server.once('listening', resolve))
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  close = () => server.close()
})

afterAll(() => close())

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/131.0.0.0 Safari/537.36'
const cacheOf = async (query: string, cookie?: string) =>
  (
    await fetch(`${baseUrl}/page?${query}`, {
      headers: { 'user-agent': BROWSER, ...(cookie ? { cookie } : {}) },
    })
  ).headers.get('x-cache')
const pair = (setCookie: string) => setCookie.split(';')[0] ?? ''

describe('htmlMicroCache with the oidc gate', () => {
  it("keys on a valid verification, whoever holds it; the click's '1' or a forged one is the gate's key", async () => {
    const now = Date.now()
    const hour = 3_600_000
    // Two verifications an hour apart: different texts, the same answer.
    const one = pair(verifiedCookie(new Date(now)))
    const other = pair(verifiedCookie(new Date(now - hour)))
    expect(one).not.toBe(other)
    expect(await cacheOf('v=1', one)).toBe('MISS')
    expect(await cacheOf('v=1', other)).toBe('HIT')
    // Not answered: a page of its own, shared with the click's '1' and a forged value.
    expect(await cacheOf('v=1')).toBe('MISS')
    expect(await cacheOf('v=1', 'aprova-age=1')).toBe('HIT')
    const forged = one.replace(/\.[\w-]+$/, '.AAAA')
    expect(await cacheOf('v=1', forged)).toBe('HIT')
    // An outcome to show is personal to one answer: not served from, nor kept in, the cache.
    expect(await cacheOf('v=1', 'aprova-age-outcome=minor')).toBeNull()
  })
})
