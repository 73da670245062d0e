import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import { settleAuthTasks } from '#app/modules/auth/auth.server.ts'
import { decodeQuotedPrintable } from './smtp-server.ts'

/**
 * The e-mails written to `dataDir`'s outbox (no SMTP_URL) for `to`, oldest first and decoded,
 * once every e-mail already started has been written.
 */
export async function mailsTo(dataDir: string, to: string): Promise<string[]> {
  await settleAuthTasks()
  const outbox = path.join(dataDir, 'outbox')
  const files = (await readdir(outbox).catch(() => [])).sort()
  const mails = await Promise.all(files.map((file) => readFile(path.join(outbox, file), 'utf8')))
  return mails.filter((mail) => mail.includes(`To: ${to}`)).map(decodeQuotedPrintable)
}
