import { mkdtempSync } from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import express from 'express'
import { describe, expect, it } from 'vitest'
import { parseEnv } from '#app/platform/env.server.ts'
import { clientAddress, trustProxies } from '#server/client-address.server.ts'

// TRUST_PROXY (issue 32 point 3, ADR 0031): parsed at start-up, then Express's own trust-proxy
// rule on real connections. Linux routes all of 127/8 to the loopback interface, so a client
// picks its source address (127.0.0.2 is "another machine", 127.0.0.1 the proxy).

const env = (value?: string) =>
  parseEnv(
    {
      DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'aprova-trust-')),
      ...(value === undefined ? {} : { TRUST_PROXY: value }),
    },
    'production',
  )

/** The address and protocol the app derives for a request from `from` with `headers`. */
async function seenBy(
  trustProxy: string | undefined,
  from: string,
  headers: Record<string, string>,
): Promise<{ ip: string; protocol: string }> {
  const app = express()
  trustProxies(app, env(trustProxy).trustProxy)
  app.get('/', (req, res) => {
    res.json({ ip: clientAddress(req), protocol: req.protocol })
  })
  const server = app.listen(0, '127.0.0.1')
  await new Promise((resolve) => server.once('listening', resolve))
  try {
    const { port } = server.address() as AddressInfo
    return await new Promise((resolve, reject) => {
      const request = http.get(
        { host: '127.0.0.1', port, path: '/', localAddress: from, headers, agent: false },
        (response) => {
          let body = ''
          response.on('data', (chunk: Buffer) => {
            body += chunk.toString()
          })
          response.on('end', () => resolve(JSON.parse(body)))
        },
      )
      request.on('error', reject)
    })
  } finally {
    await new Promise((resolve) => server.close(resolve))
  }
}

const forwarded = { 'x-forwarded-for': '203.0.113.7', 'x-forwarded-proto': 'https' }

describe('TRUST_PROXY', () => {
  it('is off unless set: hop counts and address lists are taken as Express reads them', () => {
    expect(env().trustProxy).toBeUndefined()
    expect(env('').trustProxy).toBeUndefined()
    expect(env('0').trustProxy).toBeUndefined()
    expect(env('1').trustProxy).toBe(1)
    expect(env('2').trustProxy).toBe(2)
    expect(env('127.0.0.1').trustProxy).toEqual(['127.0.0.1'])
    expect(env('10.0.0.0/8, ::1,fd00::/8 loopback').trustProxy).toEqual([
      '10.0.0.0/8',
      '::1',
      'fd00::/8',
      'loopback',
    ])
    expect(env('uniquelocal,linklocal').trustProxy).toEqual(['uniquelocal', 'linklocal'])
  })

  it.each([
    ['true', /TRUST_PROXY must not be 'true'/],
    ['yes', /TRUST_PROXY must be a hop count \(1 to 10\) or the proxy's addresses/],
    ['11', /TRUST_PROXY must be a hop count/],
    ['-1', /TRUST_PROXY must be a hop count/],
    ['10.0.0.0/33', /TRUST_PROXY must be a hop count/],
    ['127.0.0.1,localhost', /TRUST_PROXY must be a hop count.*\(got '127.0.0.1,localhost'\)/],
  ])('refuses %j with a message naming it', (value, message) => {
    expect(() => env(value)).toThrow(message)
  })

  it('unset: a forwarded header is the client’s own words and is ignored', async () => {
    expect(await seenBy(undefined, '127.0.0.2', forwarded)).toEqual({
      ip: '127.0.0.2',
      protocol: 'http',
    })
    expect(await seenBy(undefined, '127.0.0.1', forwarded)).toEqual({
      ip: '127.0.0.1',
      protocol: 'http',
    })
  })

  it('with the proxy’s address: its headers count, an untrusted peer’s are ignored', async () => {
    expect(await seenBy('127.0.0.1', '127.0.0.1', forwarded)).toEqual({
      ip: '203.0.113.7',
      protocol: 'https',
    })
    expect(await seenBy('127.0.0.1', '127.0.0.2', forwarded)).toEqual({
      ip: '127.0.0.2',
      protocol: 'http',
    })
    expect(await seenBy('10.0.0.0/8', '127.0.0.1', forwarded)).toEqual({
      ip: '127.0.0.1',
      protocol: 'http',
    })
  })

  it('with a hop count: the address the last proxy wrote, never one the client put before it', async () => {
    const appended = { 'x-forwarded-for': '198.51.100.1, 203.0.113.7' }
    expect((await seenBy('1', '127.0.0.1', appended)).ip).toBe('203.0.113.7')
    expect((await seenBy('2', '127.0.0.1', appended)).ip).toBe('198.51.100.1')
  })
})
