import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parseEnv } from '#app/platform/env.server.ts'
import { makePixCertificates, type PixCertificates } from '#sandbox/pix/certs.ts'

const dataDir = () => mkdtempSync(path.join(os.tmpdir(), 'aprova-env-'))

describe('parseEnv (DESIGN.md runtime contract)', () => {
  it('applies the defaults', () => {
    const dir = dataDir()
    const env = parseEnv({ DATA_DIR: dir }, 'production')
    expect(env).toMatchObject({
      host: '127.0.0.1',
      port: 3000,
      databaseUrl: undefined,
      dataDir: dir,
      baseUrl: 'http://localhost:3000',
      smtpUrl: undefined,
      google: undefined,
      demoData: true,
      s3: undefined,
      redisUrl: undefined,
      webConcurrency: 1,
    })
  })

  it('takes REDIS_URL for the shared counters, redis:// or rediss://', () => {
    for (const url of ['redis://127.0.0.1:6379', 'rediss://user:pass@cache.example:6380/2']) {
      expect(parseEnv({ DATA_DIR: dataDir(), REDIS_URL: url }, 'production').redisUrl).toBe(url)
    }
    expect(parseEnv({ DATA_DIR: dataDir(), REDIS_URL: '' }, 'production').redisUrl).toBeUndefined()
  })

  it('takes METRICS_TOKEN of 32 to 256 token characters, never showing it in the message', () => {
    const token = 'a'.repeat(31)
    const parse = (value: string) =>
      parseEnv({ DATA_DIR: dataDir(), METRICS_TOKEN: value }, 'production').metricsToken
    expect(parse('')).toBeUndefined()
    expect(parse(`${token}b`)).toBe(`${token}b`)
    for (const bad of [token, `${token} x`, 'é'.repeat(40), 'x'.repeat(257)]) {
      expect(() => parse(bad)).toThrow(/METRICS_TOKEN must be 32 to 256 of/)
      try {
        parse(bad)
      } catch (error) {
        expect(String(error)).not.toContain(bad)
      }
    }
  })

  it('runs WEB_CONCURRENCY workers on PostgreSQL, one per core with auto', () => {
    const url = 'postgres://postgres@127.0.0.1:5432/test'
    const workers = (value: string) =>
      parseEnv({ DATA_DIR: dataDir(), DATABASE_URL: url, WEB_CONCURRENCY: value }, 'production')
        .webConcurrency
    expect(workers('1')).toBe(1)
    expect(workers('4')).toBe(4)
    expect(workers('256')).toBe(256)
    expect(workers('auto')).toBe(os.availableParallelism())
    expect(workers('')).toBe(1)
  })

  it('refuses more than one process on PGlite, naming WEB_CONCURRENCY', () => {
    const refused =
      /WEB_CONCURRENCY must be 1 with the embedded database \(DATABASE_URL unset: PGlite belongs to one process\); set DATABASE_URL to a PostgreSQL server to run several processes \(got '2'\)/
    expect(() => parseEnv({ DATA_DIR: dataDir(), WEB_CONCURRENCY: '2' }, 'production')).toThrow(
      refused,
    )
    expect(
      parseEnv({ DATA_DIR: dataDir(), WEB_CONCURRENCY: '1' }, 'production').webConcurrency,
    ).toBe(1)
    // 'auto' is refused only where it means more than one.
    const auto = () => parseEnv({ DATA_DIR: dataDir(), WEB_CONCURRENCY: 'auto' }, 'production')
    if (os.availableParallelism() > 1) expect(auto).toThrow(/WEB_CONCURRENCY must be 1 with/)
    else expect(auto().webConcurrency).toBe(1)
  })

  it('configures an S3-compatible store only with all four S3_* variables', () => {
    const env = parseEnv(
      {
        DATA_DIR: dataDir(),
        S3_ENDPOINT: 'https://s3.sa-east-1.amazonaws.com/',
        S3_BUCKET: 'aprova-media',
        S3_REGION: 'sa-east-1',
        S3_ACCESS_KEY_ID: 'AKIAEXAMPLE',
        S3_SECRET_ACCESS_KEY: 'secret-value-123',
      },
      'production',
    )
    expect(env.s3).toEqual({
      endpoint: 'https://s3.sa-east-1.amazonaws.com',
      bucket: 'aprova-media',
      region: 'sa-east-1',
      accessKeyId: 'AKIAEXAMPLE',
      secretAccessKey: 'secret-value-123',
    })
    const partial = () =>
      parseEnv(
        { DATA_DIR: dataDir(), S3_BUCKET: 'aprova-media', S3_SECRET_ACCESS_KEY: 'hunter2' },
        'production',
      )
    expect(partial).toThrow(/S3_ENDPOINT must be set together with S3_BUCKET, S3_SECRET_ACCESS_KEY/)
    expect(partial).toThrow(/S3_ACCESS_KEY_ID must be set together/)
    expect(partial).not.toThrow(/hunter2/)
  })

  it('generates AUTH_SECRET once and keeps it in DATA_DIR', () => {
    const dir = dataDir()
    const first = parseEnv({ DATA_DIR: dir }, 'production').authSecret
    expect(first.length).toBeGreaterThanOrEqual(32)
    expect(parseEnv({ DATA_DIR: dir }, 'production').authSecret).toBe(first)
    expect(readFileSync(path.join(dir, 'auth-secret'), 'utf8').trim()).toBe(first)
  })

  it('turns demo data off by default with DATABASE_URL, and DEMO_DATA overrides', () => {
    const url = 'postgres://postgres@127.0.0.1:5432/test'
    expect(parseEnv({ DATA_DIR: dataDir(), DATABASE_URL: url }, 'production').demoData).toBe(false)
    expect(
      parseEnv({ DATA_DIR: dataDir(), DATABASE_URL: url, DEMO_DATA: '1' }, 'production').demoData,
    ).toBe(true)
    expect(parseEnv({ DATA_DIR: dataDir(), DEMO_DATA: '0' }, 'production').demoData).toBe(false)
  })

  it('treats empty values as unset', () => {
    const env = parseEnv({ DATA_DIR: dataDir(), PORT: '', DATABASE_URL: '' }, 'production')
    expect(env.port).toBe(3000)
    expect(env.databaseUrl).toBeUndefined()
  })

  it.each([
    [{ PORT: 'abc' }, /PORT must be a number \(got 'abc'\)/],
    [{ PORT: '70000' }, /PORT must be between 0 and 65535/],
    [
      { DATABASE_URL: 'mysql://x@y/z' },
      /DATABASE_URL must start with postgres:\/\/ or postgresql:\/\//,
    ],
    [{ BASE_URL: 'not a url' }, /BASE_URL must be a URL/],
    [{ AUTH_SECRET: 'short' }, /AUTH_SECRET must be at least 32 characters/],
    [{ SMTP_URL: 'http://mail' }, /SMTP_URL must start with smtp:\/\/ or smtps:\/\//],
    [{ GOOGLE_CLIENT_ID: 'id' }, /GOOGLE_CLIENT_SECRET must be set together/],
    [{ DEMO_DATA: 'yes' }, /DEMO_DATA must be '0' or '1'/],
    [{ S3_ENDPOINT: 'ftp://store' }, /S3_ENDPOINT must start with https:\/\/ or http:\/\//],
    [{ S3_BUCKET: 'Not_A_Bucket' }, /S3_BUCKET must be a bucket name/],
    [{ S3_REGION: 'São Paulo' }, /S3_REGION must be a region such as sa-east-1/],
    [{ REDIS_URL: 'http://cache:6379' }, /REDIS_URL must start with redis:\/\/ or rediss:\/\//],
    [{ REDIS_URL: 'cache:6379' }, /REDIS_URL must (be a URL|start with redis)/],
    ...['abc', '0', '-1', '1.5', ' 2', '257', 'AUTO'].map(
      (value): [Record<string, string>, RegExp] => [
        { DATABASE_URL: 'postgres://u@h/db', WEB_CONCURRENCY: value },
        new RegExp(
          `WEB_CONCURRENCY must be a whole number from 1 to 256, or 'auto' \\(got '${value.replace('.', '\\.')}'\\)`,
        ),
      ],
    ),
  ])('rejects %o with a message naming the variable', (bad, message) => {
    expect(() => parseEnv({ DATA_DIR: dataDir(), ...bad }, 'production')).toThrow(message)
  })
})

describe('parseEnv error messages', () => {
  it('never repeat a secret or a password', () => {
    const attempt = () =>
      parseEnv(
        {
          DATA_DIR: dataDir(),
          AUTH_SECRET: 'tooshort-secret',
          SMTP_URL: 'http://user:hunter2@mail.example',
          REDIS_URL: 'tcp://:hunter3@cache.example:6379',
        },
        'production',
      )
    expect(attempt).toThrow(/AUTH_SECRET must be at least 32 characters long\n/)
    expect(attempt).toThrow(
      /SMTP_URL must start with smtp:\/\/ or smtps:\/\/ \(got 'http:\/\/user:\*\*\*@mail/,
    )
    expect(attempt).toThrow(/REDIS_URL must start with redis:\/\/ or rediss:\/\/ \(got 'tcp:/)
    expect(attempt).not.toThrow(/tooshort-secret|hunter2|hunter3/)
  })

  it('names DATA_DIR when it cannot be created', () => {
    const file = path.join(dataDir(), 'a-file')
    writeFileSync(file, '')
    expect(() => parseEnv({ DATA_DIR: path.join(file, 'data') }, 'production')).toThrow(
      /DATA_DIR cannot be created/,
    )
  })
})

describe('PIX_* (issue 21): all or none, the client certificate checked at start-up', () => {
  let certificates: PixCertificates
  beforeAll(async () => {
    certificates = await makePixCertificates()
  })
  afterAll(async () => {
    await certificates?.remove()
  })
  const base = () => ({
    DATA_DIR: dataDir(),
    PIX_API_URL: 'https://pix.example.com/api/v2/',
    PIX_CLIENT_ID: 'client-id',
    PIX_CLIENT_SECRET: 'client-secret-value',
    PIX_KEY: '2b8a3c1e-0d4f-4a5b-9c6d-7e8f9a0b1c2d',
    PIX_WEBHOOK_SECRET: 'webhook-secret-0123456789abcdef',
    PIX_CERT: certificates.clientCertFile,
    PIX_CERT_KEY: certificates.clientKeyFile,
    // The webhook's mutual TLS, required since issue 31 (tests/unit/pix-webhook-env.test.ts).
    PIX_WEBHOOK_CA: certificates.webhookCaFile,
    PIX_WEBHOOK_PROXY: '10.0.0.5',
    COMPANY_NAME: 'Aprova Serviços Digitais Ltda',
    COMPANY_TAX_ID: '12.345.678/0001-95',
  })

  it('is off without any PIX_* variable', () => {
    expect(parseEnv({ DATA_DIR: dataDir() }, 'production').pix).toBeUndefined()
  })

  it('reads a PEM certificate and key from files, the token URL on the API host by default', () => {
    const pix = parseEnv(base(), 'production').pix
    expect(pix).toMatchObject({
      apiUrl: 'https://pix.example.com/api/v2',
      tokenUrl: 'https://pix.example.com/oauth/token',
      key: '2b8a3c1e-0d4f-4a5b-9c6d-7e8f9a0b1c2d',
      webhookSecret: 'webhook-secret-0123456789abcdef',
      certificate: { kind: 'pem' },
      ca: undefined,
    })
  })

  it('names the receipts’ seller: COMPANY_NAME and a CNPJ with its check digits, required with Pix (issue 33 point 10)', () => {
    expect(parseEnv(base(), 'production').pix?.seller).toEqual({
      name: 'Aprova Serviços Digitais Ltda',
      taxId: '12345678000195',
    })
    // The alphanumeric CNPJ of July 2026 (the Receita's own example), written with its marks.
    expect(
      parseEnv({ ...base(), COMPANY_TAX_ID: '12.abc.345/01de-35' }, 'production').pix?.seller.taxId,
    ).toBe('12ABC34501DE35')
    expect(() =>
      parseEnv({ ...base(), COMPANY_TAX_ID: '12.345.678/0001-96' }, 'production'),
    ).toThrow(
      /COMPANY_TAX_ID must be a CNPJ with its two check digits.*got '12\.345\.678\/0001-96'/,
    )
    const { COMPANY_NAME: _name, COMPANY_TAX_ID: _taxId, ...withoutSeller } = base()
    let message = ''
    try {
      parseEnv(withoutSeller, 'production')
    } catch (error) {
      message = String(error)
    }
    expect(message).toContain('COMPANY_NAME must be set with Pix')
    expect(message).toContain('COMPANY_TAX_ID must be set with Pix')
    // Without Pix there is no receipt: neither is needed.
    expect(parseEnv({ DATA_DIR: dataDir() }, 'production').pix).toBeUndefined()
  })

  it('reads a PKCS#12 bundle with its passphrase, and refuses a wrong passphrase', () => {
    const { PIX_CERT: _cert, PIX_CERT_KEY: _key, ...rest } = base()
    const pfx = { ...rest, PIX_PFX: certificates.pfxFile }
    expect(
      parseEnv({ ...pfx, PIX_PFX_PASSPHRASE: certificates.pfxPassphrase }, 'production').pix
        ?.certificate.kind,
    ).toBe('pfx')
    expect(() => parseEnv({ ...pfx, PIX_PFX_PASSPHRASE: 'wrong' }, 'production')).toThrow(
      /PIX_PFX is not a usable client certificate/,
    )
  })

  it('names every missing variable when only some are set, and never shows a secret', () => {
    let message = ''
    try {
      parseEnv(
        {
          DATA_DIR: dataDir(),
          PIX_API_URL: 'https://pix.example.com/api/v2',
          PIX_CLIENT_SECRET: 's3cr3t-value',
        },
        'production',
      )
    } catch (error) {
      message = String(error)
    }
    for (const name of ['PIX_CLIENT_ID', 'PIX_KEY', 'PIX_WEBHOOK_SECRET', 'PIX_CERT']) {
      expect(message).toContain(name)
    }
    expect(message).not.toContain('s3cr3t-value')
  })

  it('refuses two certificates, an http API, a short webhook secret and an unreadable file', () => {
    expect(() => parseEnv({ ...base(), PIX_PFX: certificates.pfxFile }, 'production')).toThrow(
      /PIX_PFX must not be set together with PIX_CERT/,
    )
    expect(() =>
      parseEnv({ ...base(), PIX_API_URL: 'http://pix.example.com/api/v2' }, 'production'),
    ).toThrow(/PIX_API_URL must start with https:\/\//)
    expect(() => parseEnv({ ...base(), PIX_WEBHOOK_SECRET: 'short' }, 'production')).toThrow(
      /PIX_WEBHOOK_SECRET must be 24 to 128/,
    )
    expect(() =>
      parseEnv({ ...base(), PIX_CERT_KEY: path.join(dataDir(), 'missing.pem') }, 'production'),
    ).toThrow(/PIX_CERT_KEY cannot be read/)
    // A key that is not the certificate's.
    expect(() =>
      parseEnv({ ...base(), PIX_CERT_KEY: certificates.strangerKeyFile }, 'production'),
    ).toThrow(/PIX_CERT is not a usable client certificate/)
  })

  it('sends payouts through the institution PIX_PAYOUTS names, on the API’s origin unless PIX_PAYOUT_URL says', () => {
    expect(parseEnv(base(), 'production').pix?.payouts).toBeUndefined()
    expect(parseEnv({ ...base(), PIX_PAYOUTS: 'efi' }, 'production').pix?.payouts).toEqual({
      institution: 'efi',
      url: 'https://pix.example.com',
    })
    expect(
      parseEnv(
        { ...base(), PIX_PAYOUTS: 'efi', PIX_PAYOUT_URL: 'https://pix-h.api.efipay.com.br/' },
        'production',
      ).pix?.payouts,
    ).toEqual({ institution: 'efi', url: 'https://pix-h.api.efipay.com.br' })
    expect(
      parseEnv({ ...base(), GIFTS: '1', PIX_PAYOUTS: 'efi' }, 'production').pix?.payouts
        ?.institution,
    ).toBe('efi')
  })

  it('takes PIX_SANDBOX=1 only when every address of the institution is on this machine', () => {
    const local = {
      ...base(),
      PIX_API_URL: 'https://127.0.0.1:8443/api/v2',
      PIX_PAYOUTS: 'efi',
      GIFTS: '1',
      PIX_SANDBOX: '1',
    }
    expect(parseEnv(local, 'production').pix).toBeDefined()
    expect(() =>
      parseEnv({ ...local, PIX_API_URL: 'https://pix.example.com/api/v2' }, 'production'),
    ).toThrow(/PIX_SANDBOX '1' is for the local sandbox institution only.*PIX_API_URL/)
    for (const name of ['PIX_TOKEN_URL', 'PIX_PAYOUT_URL']) {
      expect(() =>
        parseEnv({ ...local, [name]: 'https://pix.example.com/oauth/token' }, 'production'),
      ).toThrow(new RegExp(`PIX_SANDBOX '1' is for the local sandbox institution only.*${name}`))
    }
  })

  it('refuses GIFTS=1 without PIX_PAYOUTS, an institution it has no adapter for, and a payout URL alone', () => {
    expect(() => parseEnv({ ...base(), GIFTS: '1' }, 'production')).toThrow(
      /PIX_PAYOUTS must be set with GIFTS=1: withdrawals are sent through the institution's payout API \(efi\)/,
    )
    expect(() => parseEnv({ ...base(), PIX_PAYOUTS: 'inter' }, 'production')).toThrow(
      /PIX_PAYOUTS must name the institution's payout API: efi \(got 'inter'\)/,
    )
    expect(() =>
      parseEnv({ ...base(), PIX_PAYOUT_URL: 'https://pix.example.com' }, 'production'),
    ).toThrow(/PIX_PAYOUT_URL is set but PIX_PAYOUTS is not/)
    expect(() =>
      parseEnv(
        { ...base(), PIX_PAYOUTS: 'efi', PIX_PAYOUT_URL: 'http://pix.example.com' },
        'production',
      ),
    ).toThrow(/PIX_PAYOUT_URL must start with https:\/\//)
    // Without any other PIX_* variable it is named with the missing ones.
    expect(() => parseEnv({ DATA_DIR: dataDir(), PIX_PAYOUTS: 'efi' }, 'production')).toThrow(
      /PIX_API_URL must be set together with PIX_PAYOUTS/,
    )
  })

  it('takes BACKUP_DIR (absolute) and BACKUP_KEEP (days, 14 by default)', () => {
    expect(parseEnv({ DATA_DIR: dataDir() }, 'production').backup).toBeUndefined()
    expect(
      parseEnv({ DATA_DIR: dataDir(), BACKUP_DIR: '/var/backups/aprova' }, 'production').backup,
    ).toEqual({
      dir: '/var/backups/aprova',
      keepDays: 14,
    })
    expect(
      parseEnv({ DATA_DIR: dataDir(), BACKUP_DIR: '/b', BACKUP_KEEP: '30' }, 'production').backup,
    ).toEqual({ dir: '/b', keepDays: 30 })
    expect(() =>
      parseEnv({ DATA_DIR: dataDir(), BACKUP_DIR: 'backups', BACKUP_KEEP: '0' }, 'production'),
    ).toThrow(
      /BACKUP_DIR must be an absolute path[\s\S]*BACKUP_KEEP must be between 1 and 3650 days/,
    )
  })
})
