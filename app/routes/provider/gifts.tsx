import { data, Link, redirect } from 'react-router'
import { GiftBalances } from '#app/components/provider/gift-balances.tsx'
import { ReceivedGifts, WithdrawalList } from '#app/components/provider/gift-history.tsx'
import { useLongDate } from '#app/components/provider/standing-banner.tsx'
import { WithdrawalForm } from '#app/components/provider/withdrawal-form.tsx'
import { FormAlert } from '#app/components/ui/alert.tsx'
import { cardClass } from '#app/components/ui/card.tsx'
import { BRAZIL_TIME_ZONE } from '#app/domain/brazil-time.ts'
import {
  WITHDRAWAL_LIMITS_CENTS,
  WITHDRAWALS_PER_DAY,
  withdrawalFeeTerms,
} from '#app/domain/gifts.ts'
import { formatBrlCents } from '#app/domain/money.ts'
import { paths } from '#app/domain/paths.ts'
import { SUPPORT_EMAIL } from '#app/domain/site.ts'
import { GIFT_CREDIT_BUSINESS_DAYS } from '#app/domain/terms.ts'
import { format, useLanguage, useT } from '#app/i18n/i18n.ts'
import { requireRecentConfirmation, requireRole } from '#app/modules/auth/session.server.ts'
import { parseForm, typedStrings } from '#app/modules/forms/parse-form.server.ts'
import { PRIVATE_NO_STORE } from '#app/modules/http/cache-control.ts'
import { passOnHeaders } from '#app/modules/http/route-headers.ts'
import { walletOpen } from '#app/modules/payments/gifts.server.ts'
import { GIFTS_PAGE_ROWS, giftsPageOf } from '#app/modules/payments/provider-gifts.server.ts'
import {
  type WithdrawalAnswer,
  type WithdrawalFormProblem,
  type WithdrawalRefusal,
  withdrawalForm,
} from '#app/modules/payments/withdrawal-form.ts'
import {
  checkWithdrawal,
  requestWithdrawal,
  type WithdrawalError,
} from '#app/modules/payments/withdrawals.server.ts'
import { dashboardMeta } from '#app/modules/provider/meta.ts'
import { ensureOwnProfile } from '#app/modules/provider/own-profile.server.ts'
import type { Route } from './+types/gifts'

// /dashboard/gifts (issue 22 point 3): her balances, the gifts she received, her withdrawals,
// and a withdrawal in two steps (the amount and her CPF key, then the fee and what reaches her
// key, to confirm). Shown while gifts are on, and after they are turned off while she still
// holds money from them; otherwise the page does not exist.

export const meta = (args: Route.MetaArgs) => dashboardMeta(args, 'gifts')

/** The query a confirmed withdrawal lands with, for the page to say it was asked for. */
const ASKED = 'withdrawal'

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireRole(request, 'provider')
  const profile = await ensureOwnProfile(user)
  if (!(await walletOpen(profile.id))) throw new Response('Not found', { status: 404 })
  const page = await giftsPageOf(profile.id)
  return data(
    {
      ...page,
      checkPending: profile.documentsPending,
      listLimit: GIFTS_PAGE_ROWS,
      asked: new URL(request.url).searchParams.get(ASKED) === 'asked',
    },
    { headers: PRIVATE_NO_STORE },
  )
}

export const headers = passOnHeaders('Cache-Control')

/** The two steps read the same form: the quote shows the fee, the confirmation asks. */
const GIFT_FORMS = { quote: withdrawalForm, confirm: withdrawalForm }

/** The answer's status for a refusal: what was typed 400, her state 403, the rules 409. */
const STATUS: Record<WithdrawalError, number> = {
  off: 404,
  notAllowed: 403,
  frozen: 403,
  noCpf: 403,
  key: 400,
  keyMismatch: 409,
  amount: 400,
  balance: 409,
  perDay: 409,
}

// Every refusal of withdrawals.server.ts has its words in the dictionary.
const refusal = (error: WithdrawalError): WithdrawalRefusal => error

export async function action({ request }: Route.ActionArgs) {
  const user = await requireRole(request, 'provider')
  const { intent, checked, form } = await parseForm(request, GIFT_FORMS)
  // A withdrawal moves money out: a recent proof of who is there first (issue 23 point 2), the
  // amount and key kept meanwhile (issue 30 point 7).
  await requireRecentConfirmation(request, user, { form })
  const typed = typedStrings(form, (name) => name === 'amount' || name === 'key')
  const values = { amount: typed.amount ?? '', key: typed.key ?? '' }
  if (!checked.ok) {
    // The form's problems are its own (withdrawal-form.ts), not the shared form errors.
    const problem = checked.error.message as WithdrawalFormProblem
    return data<WithdrawalAnswer>({ intent, error: problem, values }, 400)
  }
  const ask = { userId: user.id, ...checked.value }
  if (intent === 'quote') {
    const quoted = await checkWithdrawal(ask)
    if (!quoted.ok) {
      return data<WithdrawalAnswer>(
        { intent, error: refusal(quoted.error), values },
        STATUS[quoted.error],
      )
    }
    return data<WithdrawalAnswer>({ intent, quote: { ...quoted.quote, key: ask.key } })
  }
  const started = await requestWithdrawal(ask)
  if (!started.ok) {
    return data<WithdrawalAnswer>(
      { intent, error: refusal(started.error), values },
      STATUS[started.error],
    )
  }
  return redirect(`${paths.dashboardGifts}?${ASKED}=asked`)
}

export default function GiftsPage({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT()
  const g = t.providerGifts
  const lang = useLanguage()
  const longDate = useLongDate()
  const { balance, freeze } = loaderData
  const money = (cents: number) => formatBrlCents(cents, lang)
  return (
    <div className="max-w-3xl space-y-4">
      <div>
        <h2 className="text-xl font-semibold">{g.title}</h2>
        <p className="mt-1 text-sm text-stone-600">
          {format(g.intro, { days: GIFT_CREDIT_BUSINESS_DAYS, ...withdrawalFeeTerms(lang) })}
        </p>
      </div>
      {loaderData.asked && !actionData ? <FormAlert tone="success" title={g.sent} /> : null}
      {freeze ? (
        <FormAlert tone="error" title={g.frozenTitle}>
          <p>
            {g.frozenCauses[freeze.cause as keyof typeof g.frozenCauses] ?? g.frozenCauses.team}
          </p>
          <p className="mt-1">
            {format(g.frozenSince, { date: longDate(freeze.since), email: SUPPORT_EMAIL })}
          </p>
        </FormAlert>
      ) : null}
      <GiftBalances balance={balance} nextAvailableAt={loaderData.nextAvailableAt} />
      <section aria-labelledby="withdraw-title" className={cardClass}>
        <h2 id="withdraw-title" className="font-semibold">
          {g.withdrawTitle}
        </h2>
        <p className="mt-1 text-sm text-stone-600">
          {format(g.rules, {
            min: money(WITHDRAWAL_LIMITS_CENTS.min),
            max: money(WITHDRAWAL_LIMITS_CENTS.max),
            perDay: WITHDRAWALS_PER_DAY,
            ...withdrawalFeeTerms(lang),
          })}
        </p>
        <div className="mt-4">
          <WithdrawStep data={loaderData} answer={actionData} />
        </div>
      </section>
      <ReceivedGifts gifts={loaderData.gifts} limit={loaderData.listLimit} />
      <WithdrawalList withdrawals={loaderData.withdrawals} />
    </div>
  )
}

/** The form, or what stops her from withdrawing now (in that order of importance). */
function WithdrawStep({
  data: page,
  answer,
}: {
  data: Route.ComponentProps['loaderData']
  answer: WithdrawalAnswer | undefined
}) {
  const t = useT()
  const g = t.providerGifts
  const lang = useLanguage()
  const note = (text: string) => <p className="text-sm text-stone-700">{text}</p>
  if (!page.allowed) return note(g.notAllowed)
  if (page.freeze) return note(g.errors.frozen)
  if (!page.hasCpf) {
    return (
      <FormAlert tone="info" title={page.checkPending ? g.noCpfPendingTitle : g.noCpfTitle}>
        {page.checkPending ? (
          <p>{g.noCpfPending}</p>
        ) : (
          <>
            <p>{g.noCpf}</p>
            <p className="mt-2">
              <Link to="/dashboard/verification" className="font-semibold underline">
                {g.noCpfLink}
              </Link>
            </p>
            <p className="mt-2">{format(g.noCpfHelp, { email: SUPPORT_EMAIL })}</p>
          </>
        )}
      </FormAlert>
    )
  }
  // A refusal of the confirmation shows with the form, whatever the page now says.
  if (!answer) {
    if (page.nextWithdrawalAt) {
      const when = new Intl.DateTimeFormat(lang === 'pt' ? 'pt-BR' : 'en', {
        dateStyle: 'long',
        timeStyle: 'short',
        timeZone: BRAZIL_TIME_ZONE,
      })
      return note(format(g.nextWithdrawal, { date: when.format(new Date(page.nextWithdrawalAt)) }))
    }
    if (page.balance.availableCents < WITHDRAWAL_LIMITS_CENTS.min) {
      return note(format(g.belowMin, { min: formatBrlCents(WITHDRAWAL_LIMITS_CENTS.min, lang) }))
    }
  }
  return <WithdrawalForm availableCents={page.balance.availableCents} answer={answer} />
}
