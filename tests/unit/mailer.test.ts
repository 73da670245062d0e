import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createMailer, firstLink } from '#app/modules/email/mailer.server.ts'
import { startSmtpServer } from '#tests/support/smtp-server.ts'

const message = {
  to: 'cliente@example.com',
  subject: 'Confirme seu e-mail',
  text: 'Olá! Confirme: https://aprova.example/confirm?token=abc123 — obrigado.',
  html: '<p>Olá! <a href="https://aprova.example/confirm?token=abc123">Confirmar</a></p>',
}

describe('mailer over SMTP (a real local SMTP server)', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>
  beforeAll(async () => {
    smtp = await startSmtpServer()
  })
  afterAll(() => smtp.close())

  it('delivers HTML and plain text to the recipient', async () => {
    const mailer = createMailer({ smtpUrl: smtp.url, dataDir: '/nonexistent' })
    await mailer.send(message)
    mailer.close()
    const { received } = smtp
    expect(received).toHaveLength(1)
    expect(received[0]?.to).toEqual(['cliente@example.com'])
    expect(received[0]?.from).toBe('nao-responda@aprova.example')
    expect(received[0]?.raw).toContain('Subject: Confirme seu e-mail')
    expect(received[0]?.raw).toMatch(/Content-Type: text\/plain/)
    expect(received[0]?.raw).toMatch(/Content-Type: text\/html/)
  })
})

describe('mailer without SMTP_URL', () => {
  let dataDir = ''
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'aprova-outbox-'))
  })
  afterAll(() => rm(dataDir, { recursive: true, force: true }))

  it('writes each message to DATA_DIR/outbox and, on a local site, logs its link', async () => {
    const write = vi.spyOn(process.stdout, 'write').mockImplementation(() => true)
    try {
      const mailer = createMailer({ smtpUrl: undefined, dataDir, logLinks: true })
      await mailer.send(message)
      await mailer.send({ ...message, subject: 'Second' })
      const logged = write.mock.calls.map(([line]) => String(line)).join('')
      expect(logged).toContain('"link":"https://aprova.example/confirm?token=abc123"')
    } finally {
      write.mockRestore()
    }
    const files = (await readdir(path.join(dataDir, 'outbox'))).sort()
    expect(files).toHaveLength(2)
    expect(files[0]).toMatch(/\.eml$/)
    const eml = await readFile(path.join(dataDir, 'outbox', files[0] ?? ''), 'utf8')
    expect(eml).toContain('To: cliente@example.com')
    expect(eml).toMatch(/Content-Type: multipart\/alternative/)
  })

  it('never logs the link (it carries a token) unless asked', async () => {
    const write = vi.spyOn(process.stdout, 'write').mockImplementation(() => true)
    try {
      await createMailer({ smtpUrl: undefined, dataDir }).send(message)
      const logged = write.mock.calls.map(([line]) => String(line)).join('')
      expect(logged).toContain('email written to the outbox')
      expect(logged).not.toContain('token=abc123')
    } finally {
      write.mockRestore()
    }
  })

  it('finds the first link of a text', () => {
    expect(firstLink('go to https://a.example/x?y=1 now')).toBe('https://a.example/x?y=1')
    expect(firstLink('no link')).toBeUndefined()
  })
})

describe('account e-mails', () => {
  it('speak the recipient language in HTML and text, with the link, escaped', async () => {
    const { accountEmail } = await import('#app/modules/email/messages.ts')
    const pt = accountEmail('verify', 'pt', {
      to: 'a@example.com',
      name: 'Ana <b>',
      url: 'https://aprova.example/v?token=1&x=2',
    })
    expect(pt.subject).toBe('Confirme seu e-mail no Aprova')
    expect(pt.text).toContain('Confirmar e-mail: https://aprova.example/v?token=1&x=2')
    expect(pt.html).toContain('href="https://aprova.example/v?token=1&#38;x=2"')
    // To an address nobody confirmed: no name typed by whoever signed up (issue 30 point 9).
    expect(pt.html).toContain('Olá,')
    expect(`${pt.text}${pt.html}`).not.toMatch(/Ana|&#60;b&#62;|<b>/)
    const en = accountEmail('reset', 'en', {
      to: 'a@example.com',
      name: 'Ana <b>',
      url: 'https://x.example/r',
    })
    expect(en.subject).toBe('Password reset on Aprova')
    expect(en.text).toContain('valid for 1 hour')
    expect(en.html).toContain('Hello, Ana &#60;b&#62;!')
  })

  it('greet no name in what goes to an address nobody confirmed (issue 30 point 9)', async () => {
    const { accountEmail } = await import('#app/modules/email/messages.ts')
    for (const kind of ['verify', 'change', 'blocked'] as const) {
      for (const language of ['pt', 'en'] as const) {
        const mail = accountEmail(kind, language, {
          to: 'a@example.com',
          name: 'Pague R$50 em evil.example/pix',
          url: 'https://aprova.example/',
        })
        expect(mail.text.split('\n')[0]).toBe(language === 'pt' ? 'Olá,' : 'Hello,')
        expect(`${mail.text}${mail.html}`).not.toContain('evil.example')
      }
    }
  })

  it('tell the owner of a registered address about a new sign-up with it (SPEC §8 words)', async () => {
    const { accountEmail } = await import('#app/modules/email/messages.ts')
    const pt = accountEmail('existing', 'pt', {
      to: 'a@example.com',
      name: 'Ana',
      url: 'https://aprova.example/auth?mode=login',
    })
    expect(pt.subject).toBe('Tentativa de cadastro no Aprova')
    expect(pt.text).toContain(
      'E-mail já cadastrado. Este e-mail já possui uma conta. Tente fazer login.',
    )
    expect(pt.text).toContain('Entrar no Aprova: https://aprova.example/auth?mode=login')
    const en = accountEmail('existing', 'en', { to: 'a@example.com', name: 'Ana', url: 'x' })
    expect(en.text).toContain('E-mail already registered. This e-mail already has an account.')
  })
})
