import { eq } from 'drizzle-orm'
import { BRAZIL_TIME_ZONE } from '#app/domain/brazil-time.ts'
import { asLanguage, type Language } from '#app/domain/language.ts'
import { type EmailMessage, mailer } from '#app/modules/email/mailer.server.ts'
import { serverEnv } from '#app/platform/env.server.ts'
import { db } from '#db/client.server.ts'
import { user } from '#db/schema/auth.ts'

// E-mailing a user about money (payments, gifts): her address and language looked up, a link on
// the site, and dates written as the e-mails write them.

/** A date as the e-mails write it, in Brazil's time; '' for none. */
export function longDate(date: Date | null, language: Language): string {
  if (!date) return ''
  return new Intl.DateTimeFormat(language === 'pt' ? 'pt-BR' : 'en', {
    dateStyle: 'long',
    timeZone: BRAZIL_TIME_ZONE,
  }).format(date)
}

/** Who an e-mail goes to, and the link (on the site) it carries. */
export interface Recipient {
  to: string
  name: string
  url: string
}

/**
 * Sends the user the message `compose` makes in her language (Portuguese when unknown), linking to
 * `path`; nothing when she is gone.
 */
export async function mailUser(
  userId: string,
  path: string,
  compose: (language: Language, recipient: Recipient) => EmailMessage,
): Promise<void> {
  const [person] = await db()
    .select({ email: user.email, name: user.name, language: user.language })
    .from(user)
    .where(eq(user.id, userId))
  if (!person) return
  const language = asLanguage(person.language) ?? 'pt'
  await mailer().send(
    compose(language, {
      to: person.email,
      name: person.name,
      url: `${serverEnv().baseUrl}${path}`,
    }),
  )
}
