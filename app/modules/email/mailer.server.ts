import { randomBytes } from 'node:crypto'
import { writeFile } from 'node:fs/promises'
import path from 'node:path'
import nodemailer, { type Transporter } from 'nodemailer'
import { serverEnv } from '#app/platform/env.server.ts'
import { log } from '#app/platform/logger.server.ts'
import { PRIVATE_FILE_MODE, privateDir } from '#app/platform/private-files.server.ts'

// Outgoing e-mail (DESIGN.md): real SMTP through nodemailer when SMTP_URL is set; otherwise each
// message is written to DATA_DIR/outbox/ as an .eml file (openable in any mail client) and, on a
// local (http) site, its first link is logged, so sign-up and password reset work on a fresh
// machine. A public (https) site never logs links: they carry confirmation and reset tokens.

export interface EmailMessage {
  to: string
  subject: string
  text: string
  html: string
}

export interface MailerOptions {
  smtpUrl: string | undefined
  dataDir: string
  from?: string
  /** Log the first link of each outbox message (local sites only: links carry tokens). */
  logLinks?: boolean
}

export const DEFAULT_FROM = 'Aprova <nao-responda@aprova.example>'

export interface Mailer {
  send(message: EmailMessage): Promise<void>
  close(): void
}

/** The first http(s) link of a text, for the outbox log line. */
export function firstLink(text: string): string | undefined {
  return /https?:\/\/[^\s<>"]+/.exec(text)?.[0]
}

export function createMailer(options: MailerOptions): Mailer {
  const from = options.from ?? DEFAULT_FROM
  if (options.smtpUrl) {
    const transport: Transporter = nodemailer.createTransport(options.smtpUrl)
    return {
      async send(message) {
        await transport.sendMail({ from, ...message })
      },
      close: () => transport.close(),
    }
  }
  // Builds the same MIME message SMTP would carry, without sending it.
  const builder = nodemailer.createTransport({ streamTransport: true, buffer: true })
  const outbox = path.join(options.dataDir, 'outbox')
  return {
    async send(message) {
      const built = await builder.sendMail({ from, ...message })
      // Reset and confirmation links: for the service's eyes only (issue 32 point 4).
      await privateDir(outbox)
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(3).toString('hex')}.eml`
      const file = path.join(outbox, name)
      await writeFile(file, built.message as Buffer, { mode: PRIVATE_FILE_MODE })
      log.info('email written to the outbox', {
        file,
        subject: message.subject,
        link: options.logLinks ? firstLink(message.text) : undefined,
      })
    },
    close: () => builder.close(),
  }
}

let shared: Mailer | undefined

/** The site's mailer, from SMTP_URL and DATA_DIR. */
export function mailer(): Mailer {
  const env = serverEnv()
  shared ??= createMailer({
    smtpUrl: env.smtpUrl,
    dataDir: env.dataDir,
    logLinks: !env.baseUrl.startsWith('https:'),
  })
  return shared
}
