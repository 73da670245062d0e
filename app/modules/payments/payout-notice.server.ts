import { eq } from 'drizzle-orm'
import { BRAZIL_TIME_ZONE } from '#app/domain/brazil-time.ts'
import { maskedCpf } from '#app/domain/gifts.ts'
import { asLanguage } from '#app/domain/language.ts'
import { formatBrlCents } from '#app/domain/money.ts'
import { paths } from '#app/domain/paths.ts'
import { mailer } from '#app/modules/email/mailer.server.ts'
import { payoutEmail } from '#app/modules/email/messages.ts'
import { serverEnv } from '#app/platform/env.server.ts'
import { log } from '#app/platform/logger.server.ts'
import { db } from '#db/client.server.ts'
import { user } from '#db/schema/auth.ts'
import { withdrawals } from '#db/schema/gifts.ts'
import { profiles } from '#db/schema/profiles.ts'

// A withdrawal's outcome told to the provider (issue 22 point 3), in her language, once the
// institution's answer is committed (withdrawals.server.ts settlePayout): paid, or not paid and
// back in her available balance.

/** What the institution says when it gives no reason of its own. */
const NO_REASON = 'NAO_REALIZADO'

/** E-mails her the outcome of a settled withdrawal; a failure to send is logged, never thrown. */
export async function tellPayoutSettled(withdrawalId: string): Promise<void> {
  try {
    const [row] = await db()
      .select({
        amountCents: withdrawals.amountCents,
        feeCents: withdrawals.feeCents,
        pixKey: withdrawals.pixKey,
        status: withdrawals.status,
        failure: withdrawals.failure,
        settledAt: withdrawals.settledAt,
        email: user.email,
        name: user.name,
        language: user.language,
      })
      .from(withdrawals)
      .innerJoin(profiles, eq(profiles.id, withdrawals.profileId))
      .innerJoin(user, eq(user.id, profiles.userId))
      .where(eq(withdrawals.id, withdrawalId))
    if (!row || (row.status !== 'paid' && row.status !== 'failed')) return
    const language = asLanguage(row.language) ?? 'pt'
    const money = (cents: number) => formatBrlCents(cents, language)
    const date = new Intl.DateTimeFormat(language === 'pt' ? 'pt-BR' : 'en', {
      dateStyle: 'long',
      timeStyle: 'short',
      timeZone: BRAZIL_TIME_ZONE,
    }).format(row.settledAt ?? new Date())
    await mailer().send(
      payoutEmail(row.status === 'paid' ? 'payoutPaid' : 'payoutFailed', language, {
        to: row.email,
        name: row.name,
        url: `${serverEnv().baseUrl}${paths.dashboardGifts}`,
        values: {
          amount: money(row.amountCents),
          fee: money(row.feeCents),
          net: money(row.amountCents - row.feeCents),
          key: maskedCpf(row.pixKey),
          date,
          reason: row.failure && row.failure !== NO_REASON ? row.failure : '',
        },
      }),
    )
  } catch (error) {
    log.error('payout e-mail not sent', { withdrawalId, error: String(error) })
  }
}
