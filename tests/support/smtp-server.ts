import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'
import { waitUntil } from './wait.ts'

// A real SMTP server on a free local port that keeps what it receives: tests prove the SMTP path
// (DESIGN.md: third parties are replaced by a local server speaking the same protocol).

export interface ReceivedMail {
  from?: string
  to: string[]
  /** The message as sent (MIME). */
  raw: string
  /** Subject and bodies with quoted-printable undone, for reading links and words. */
  text: string
}

/**
 * Undoes quoted-printable encoding (soft line breaks and =XX bytes) in the bodies of a MIME
 * message; its headers are left as sent (a subject with accents stays an encoded word).
 */
export function decodeQuotedPrintable(raw: string): string {
  const headerEnd = raw.search(/\r?\n\r?\n/)
  if (headerEnd === -1) return raw
  return raw.slice(0, headerEnd) + decodeBody(raw.slice(headerEnd))
}

function decodeBody(body: string): string {
  const joined = body.replace(/=\r?\n/g, '')
  const bytes: number[] = []
  for (let i = 0; i < joined.length; i++) {
    const hex = joined.slice(i + 1, i + 3)
    if (joined[i] === '=' && /^[0-9A-F]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16))
      i += 2
    } else {
      bytes.push(...Buffer.from(joined[i] ?? '', 'utf8'))
    }
  }
  return Buffer.from(bytes).toString('utf8')
}

export async function startSmtpServer() {
  const received: ReceivedMail[] = []
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, done) {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8')
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : undefined,
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw,
          text: decodeQuotedPrintable(raw),
        })
        done()
      })
    },
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const port = (server.server.address() as AddressInfo).port
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    /** The first message to `to` matching `match`, waiting up to `timeoutMs` for it. */
    async waitFor(to: string, match: RegExp = /./, timeoutMs = 15_000): Promise<ReceivedMail> {
      return waitUntil(() => received.find((m) => m.to.includes(to) && match.test(m.text)), {
        timeoutMs,
        intervalMs: 50,
        what: `no e-mail to ${to} matching ${match}`,
      })
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

/** The first link of an e-mail that starts with `prefix`. */
export function linkIn(mail: ReceivedMail, prefix: string): string {
  const escaped = prefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
  const link = new RegExp(`${escaped}[^\\s"<>]*`).exec(mail.text)?.[0]
  if (!link) throw new Error(`no link starting with ${prefix} in:\n${mail.text}`)
  return link.replace(/&amp;/g, '&')
}
