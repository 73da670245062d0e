import { mkdtempSync, readFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parseEnv } from '#app/platform/env.server.ts'
import { makePixCertificates, type PixCertificates } from '#sandbox/pix/certs.ts'

// The webhook's mutual TLS (issue 31 point 2, ADR 0028): the institution's authority, and the
// app's own listener or the trusted proxy, checked at start-up with a message naming the variable.

const dataDir = () => mkdtempSync(path.join(os.tmpdir(), 'aprova-env-'))

let certificates: PixCertificates
beforeAll(async () => {
  certificates = await makePixCertificates()
})
afterAll(async () => {
  await certificates?.remove()
})

/** Every PIX_* variable but the webhook's. */
const pix = () => ({
  DATA_DIR: dataDir(),
  BASE_URL: 'https://aprova.example',
  PIX_API_URL: 'https://pix.example.com/api/v2',
  PIX_CLIENT_ID: 'client-id',
  PIX_CLIENT_SECRET: 'client-secret-value',
  PIX_KEY: '2b8a3c1e-0d4f-4a5b-9c6d-7e8f9a0b1c2d',
  PIX_WEBHOOK_SECRET: 'webhook-secret-0123456789abcdef',
  PIX_CERT: certificates.clientCertFile,
  PIX_CERT_KEY: certificates.clientKeyFile,
  COMPANY_NAME: 'Aprova Serviços Digitais Ltda',
  COMPANY_TAX_ID: '12.345.678/0001-95',
})

const listener = () => ({
  PIX_WEBHOOK_CA: certificates.webhookCaFile,
  PIX_WEBHOOK_TLS_PORT: '8443',
  PIX_WEBHOOK_TLS_CERT: certificates.siteCertFile,
  PIX_WEBHOOK_TLS_KEY: certificates.siteKeyFile,
})

function errorOf(source: Record<string, string>): string {
  try {
    parseEnv(source, 'production')
  } catch (error) {
    return String(error)
  }
  return ''
}

describe('PIX_WEBHOOK_* (issue 31): the institution is verified by its certificate', () => {
  it('refuses Pix without the webhook authority and without a place that verifies it', () => {
    const message = errorOf(pix())
    expect(message).toMatch(/PIX_WEBHOOK_CA must be set with Pix/)
    expect(message).toMatch(/PIX_WEBHOOK_TLS_PORT or PIX_WEBHOOK_PROXY must be set with Pix/)
    expect(errorOf({ ...pix(), PIX_WEBHOOK_PROXY: '10.0.0.5' })).toMatch(
      /PIX_WEBHOOK_CA must be set/,
    )
  })

  it('takes the listener: its port, certificate and the authority; the webhook on BASE_URL', () => {
    const webhook = parseEnv({ ...pix(), ...listener() }, 'production').pix?.webhook
    expect(webhook).toMatchObject({
      baseUrl: 'https://aprova.example',
      tls: { port: 8443 },
      proxies: [],
    })
    expect(webhook?.ca.equals(readFileSync(certificates.webhookCaFile))).toBe(true)
    expect(webhook?.tls?.cert.equals(readFileSync(certificates.siteCertFile))).toBe(true)
  })

  it('takes the proxy: addresses and blocks, v4 and v6; the public address of PIX_WEBHOOK_URL', () => {
    const webhook = parseEnv(
      {
        ...pix(),
        PIX_WEBHOOK_CA: readFileSync(certificates.webhookCaFile, 'utf8'),
        PIX_WEBHOOK_PROXY: '10.0.0.5, 10.1.0.0/16 fd00::/8',
        PIX_WEBHOOK_URL: 'https://pix-hook.aprova.example:8443/',
      },
      'production',
    ).pix?.webhook
    expect(webhook).toMatchObject({
      baseUrl: 'https://pix-hook.aprova.example:8443',
      tls: undefined,
      proxies: ['10.0.0.5', '10.1.0.0/16', 'fd00::/8'],
    })
  })

  it('names what is missing or wrong', () => {
    const { PIX_WEBHOOK_TLS_CERT: _, PIX_WEBHOOK_TLS_KEY: __, ...portOnly } = listener()
    const halfListener = errorOf({ ...pix(), ...portOnly })
    expect(halfListener).toMatch(/PIX_WEBHOOK_TLS_CERT must be set together/)
    expect(halfListener).toMatch(/PIX_WEBHOOK_TLS_KEY must be set together/)
    for (const proxy of ['nginx', '10.0.0.300', '10.0.0.0/33', '10.0.0.0/8/1', ' , ']) {
      expect(errorOf({ ...pix(), ...listener(), PIX_WEBHOOK_PROXY: proxy })).toMatch(
        /PIX_WEBHOOK_PROXY must be addresses or CIDR blocks/,
      )
    }
    expect(errorOf({ ...pix(), ...listener(), PIX_WEBHOOK_URL: 'http://aprova.example' })).toMatch(
      /PIX_WEBHOOK_URL must be an https:\/\/ address/,
    )
    expect(errorOf({ ...pix(), ...listener(), PORT: '8443' })).toMatch(
      /PIX_WEBHOOK_TLS_PORT must differ from PORT/,
    )
    expect(errorOf({ ...pix(), ...listener(), PIX_WEBHOOK_TLS_PORT: '70000' })).toMatch(
      /PIX_WEBHOOK_TLS_PORT must be between 1 and 65535/,
    )
  })

  it('checks the files at start-up: an authority, a server key that is its certificate’s', () => {
    expect(
      errorOf({ ...pix(), ...listener(), PIX_WEBHOOK_CA: certificates.webhookClientCertFile }),
    ).toMatch(/PIX_WEBHOOK_CA holds no certificate authority/)
    expect(
      errorOf({ ...pix(), ...listener(), PIX_WEBHOOK_CA: path.join(dataDir(), 'none.pem') }),
    ).toMatch(/PIX_WEBHOOK_CA cannot be read/)
    const wrongKey = errorOf({
      ...pix(),
      ...listener(),
      PIX_WEBHOOK_TLS_KEY: certificates.strangerKeyFile,
    })
    expect(wrongKey).toMatch(/PIX_WEBHOOK_TLS_CERT is not a usable server certificate/)
  })

  it('counts a webhook variable alone as Pix half set', () => {
    const message = errorOf({ DATA_DIR: dataDir(), PIX_WEBHOOK_PROXY: '10.0.0.5' })
    expect(message).toMatch(/PIX_API_URL must be set together with PIX_WEBHOOK_PROXY/)
  })
})
