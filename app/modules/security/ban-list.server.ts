import { createHash } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import { db } from '#db/client.server.ts'
import { bannedIdentifiers } from '#db/schema/moderation.ts'

// What a banned provider may not advertise with again (issue 8 item 3): the ban writes her
// e-mail address, phone number and document files here as sha256 hashes; sign-up, the Google
// role choice, an e-mail change, the profile's WhatsApp and a new identity check ask here.

/** sha256 of an identifier as the ban list keeps it (lower-case e-mail, E.164 number). */
export function identifierHash(value: string): string {
  return createHash('sha256').update(value.trim().toLowerCase()).digest('hex')
}

/** Whether an e-mail, phone number or document file (its sha256) belongs to a banned provider. */
export async function isBannedIdentifier(
  kind: 'email' | 'phone' | 'document',
  value: string,
): Promise<boolean> {
  const hash = kind === 'document' ? value : identifierHash(value)
  const [row] = await db()
    .select({ hash: bannedIdentifiers.hash })
    .from(bannedIdentifiers)
    .where(and(eq(bannedIdentifiers.kind, kind), eq(bannedIdentifiers.hash, hash)))
  return Boolean(row)
}
