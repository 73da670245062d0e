import { data, Form, isRouteErrorResponse, Link, redirect, useRouteError } from 'react-router'
import { GiftAmountField, GiftSteps } from '#app/components/client/gift-form-parts.tsx'
import { GiftCap } from '#app/components/client/gift-list.tsx'
import { ErrorPage } from '#app/components/error-page.tsx'
import { firstProblem, useCheckedForm } from '#app/components/forms/use-checked-form.ts'
import { SiteShell } from '#app/components/layout/site-shell.tsx'
import { ProfileNotFound } from '#app/components/profile/profile-not-found.tsx'
import { FormAlert } from '#app/components/ui/alert.tsx'
import { ButtonLink, SubmitButton } from '#app/components/ui/button.tsx'
import { CountedTextArea } from '#app/components/ui/field.tsx'
import { Gift } from '#app/components/ui/icons.tsx'
import { GIFT_CAP_DAYS, GIFT_LIMITS_CENTS, GIFTS_PER_DAY } from '#app/domain/gifts.ts'
import { formatBrlCents } from '#app/domain/money.ts'
import { paths } from '#app/domain/paths.ts'
import type { ReviewTextProblem } from '#app/domain/reviews.ts'
import { format, useLanguage, useT } from '#app/i18n/i18n.ts'
import { currentUser } from '#app/modules/auth/session.server.ts'
import type { FormAnswer } from '#app/modules/forms/checks.ts'
import { parseSingleForm } from '#app/modules/forms/parse-form.server.ts'
import { PRIVATE_NO_STORE } from '#app/modules/http/cache-control.ts'
import { passOnHeaders } from '#app/modules/http/route-headers.ts'
import {
  chargeOnce,
  submissionKey,
  submittedKey,
} from '#app/modules/payments/charge-once.server.ts'
import { capGrowsAt, giftTarget } from '#app/modules/payments/client-gifts.server.ts'
import { giftSchema } from '#app/modules/payments/gift-schema.ts'
import {
  type GiftError,
  giftCapLeftCents,
  giftsEnabled,
  startGift,
} from '#app/modules/payments/gifts.server.ts'
import { SUBMISSION_FIELD } from '#app/modules/payments/submission.ts'
import { metaContext, pageMeta } from '#app/modules/seo/meta.ts'
import type { Route } from './+types/gift'

// /acompanhante/{username}/presente (issue 22 point 1): a client sends a verified profile a gift
// by Pix. A visitor is told to sign in as a client, a provider or an admin that only clients
// give gifts. The page depends on who asks: never kept by a cache, never indexed. Without gifts
// (GIFTS unset or no Pix) it does not exist.

/** Why the page shows no form: who is asking, or the profile. */
type Refusal = 'signedOut' | 'notClient' | 'notGiftable'

/** A refusal of the gift that the form shows above itself (the message problems are fields'). */
type GiftAlert = Exclude<GiftError, ReviewTextProblem | 'messageLength'>

const ALERT_STATUS: Record<GiftAlert, number> = {
  off: 404,
  notClient: 403,
  notGiftable: 403,
  amount: 400,
  cap: 409,
  perDay: 409,
  unavailable: 503,
}

const notFound = () => data({ kind: 'profile' }, { status: 404, headers: PRIVATE_NO_STORE })

export async function loader({ params, request }: Route.LoaderArgs) {
  if (!giftsEnabled()) throw data({ kind: 'page' }, { status: 404, headers: PRIVATE_NO_STORE })
  const target = await giftTarget(params.slug)
  if (!target) throw notFound()
  const who = await currentUser(request)
  const refusal: Refusal | null = !target.giftable
    ? 'notGiftable'
    : !who
      ? 'signedOut'
      : who.role !== 'client'
        ? 'notClient'
        : null
  const [capLeftCents, capGrows] =
    who && !refusal ? await Promise.all([giftCapLeftCents(who.id), capGrowsAt(who.id)]) : [0, null]
  return data(
    {
      profile: { name: target.name, username: target.username },
      refusal,
      capLeftCents,
      capGrowsAt: capGrows?.toISOString() ?? null,
      // The form's key: sent twice, it leads to one gift (charge-once.server.ts).
      submission: submissionKey(),
    },
    { headers: PRIVATE_NO_STORE },
  )
}

export const headers = passOnHeaders('Cache-Control')

interface GiftAnswer extends FormAnswer<'gift'> {
  refusal?: Refusal
  problem?: { error: GiftAlert; capLeftCents?: number }
}

export async function action({ params, request }: Route.ActionArgs) {
  if (!giftsEnabled()) throw data({ kind: 'page' }, { status: 404, headers: PRIVATE_NO_STORE })
  const { form, checked } = await parseSingleForm(request, giftSchema)
  const values = {
    amount: String(form.get('amount') ?? ''),
    otherAmount: String(form.get('otherAmount') ?? ''),
    message: String(form.get('message') ?? ''),
  }
  const answer = (body: Omit<GiftAnswer, 'intent' | 'values'>, status: number) =>
    data<GiftAnswer>({ intent: 'gift', ...body, values }, { status, headers: PRIVATE_NO_STORE })
  if (!checked.ok) return answer({ error: checked.error }, 400)
  const target = await giftTarget(params.slug)
  if (!target) throw notFound()
  const who = await currentUser(request)
  if (!who) return answer({ refusal: 'signedOut' }, 403)
  if (who.role !== 'client') return answer({ refusal: 'notClient' }, 403)
  if (!target.giftable) return answer({ problem: { error: 'notGiftable' } }, 403)
  const started = await chargeOnce(
    who.id,
    submittedKey(form),
    // Another amount for another profile is another submission.
    `${target.id}:${checked.value.amountCents}`,
    () => startGift({ clientId: who.id, profileId: target.id, ...checked.value }),
    { ok: false, error: 'unavailable' },
  )
  if (started.ok) return redirect(paths.clientGiftCharge(started.chargeId))
  const { error } = started
  // The message's problems, found again by startGift, are the message field's.
  if (error === 'messageLength')
    return answer({ error: { field: 'message', message: 'giftMessageTooLong' } }, 400)
  if (error.startsWith('review'))
    return answer({ error: { field: 'message', message: error as ReviewTextProblem } }, 400)
  const alert = error as GiftAlert
  return answer(
    { problem: { error: alert, capLeftCents: started.capLeftCents } },
    ALERT_STATUS[alert],
  )
}

export function meta(args: Route.MetaArgs) {
  const { t } = metaContext(args)
  const name = args.data?.profile?.name
  return pageMeta(args, {
    title: name ? format(t.clientGifts.metaTitle, { name }) : t.profile.notFoundTitle,
    noindex: true,
  })
}

/** Why there is no form, and the way forward. */
function NoForm({ refusal, username }: { refusal: Refusal; username: string }) {
  const t = useT()
  const g = t.clientGifts
  const here = paths.gift(username)
  const reason = g.refusals[refusal]
  return (
    <div className="mt-6 space-y-4">
      <FormAlert tone="info" title={reason.title}>
        <p>{reason.text}</p>
      </FormAlert>
      {refusal === 'signedOut' ? (
        <div className="flex flex-wrap gap-3">
          <ButtonLink to={paths.auth({ mode: 'login', type: 'client', from: here, next: here })}>
            {g.login}
          </ButtonLink>
          <ButtonLink
            tone="secondary"
            to={paths.auth({ mode: 'signup', type: 'client', from: here, next: here })}
          >
            {g.signup}
          </ButtonLink>
        </div>
      ) : null}
    </div>
  )
}

/** A refusal of the gift sent, in words, with the figures it names. */
function GiftProblem({ answer }: { answer: GiftAnswer }) {
  const t = useT()
  const lang = useLanguage()
  const problem = answer.problem
  if (!problem) return null
  const { title, text } = t.clientGifts.errors[problem.error]
  const figures = {
    days: GIFT_CAP_DAYS,
    count: GIFTS_PER_DAY,
    left: formatBrlCents(problem.capLeftCents ?? 0, lang),
    min: formatBrlCents(GIFT_LIMITS_CENTS.min, lang),
    max: formatBrlCents(GIFT_LIMITS_CENTS.max, lang),
  }
  return (
    <FormAlert tone="error" title={format(title, figures)} reveal={answer}>
      <p>{format(text, figures)}</p>
    </FormAlert>
  )
}

export default function GiftPage({ loaderData }: Route.ComponentProps) {
  const t = useT()
  const g = t.clientGifts
  const lang = useLanguage()
  const { profile } = loaderData
  const form = useCheckedForm<GiftAnswer>('gift', firstProblem(giftSchema))
  const refusal = form.data?.refusal ?? loaderData.refusal
  // Read again after each answer: what a refused cap says is left is what the loader says.
  const { capLeftCents } = loaderData
  const canGive = capLeftCents >= GIFT_LIMITS_CENTS.min
  const amountField = ['amount', 'otherAmount'].find((name) => form.errorOf(name))
  const amountMessage = amountField ? form.errorOf(amountField) : undefined
  const amountError =
    amountField && amountMessage ? { field: amountField, message: amountMessage } : undefined
  return (
    <SiteShell>
      <section className="mx-auto max-w-xl py-8">
        <h1 className="flex items-center gap-2 text-2xl font-bold tracking-tight">
          <Gift aria-hidden="true" className="size-6 shrink-0 text-rose-800" />
          {format(g.title, { name: profile.name })}
        </h1>
        {refusal ? (
          <NoForm refusal={refusal} username={profile.username} />
        ) : (
          <>
            <p className="mt-2 text-stone-700">{g.intro}</p>
            <div className="mt-4 space-y-3">
              {form.data?.problem ? <GiftProblem answer={form.data} /> : null}
              <GiftCap capLeftCents={capLeftCents} capGrowsAt={loaderData.capGrowsAt} />
            </div>
            {canGive ? (
              <Form method="post" noValidate onSubmit={form.onSubmit} className="mt-6 space-y-6">
                <input type="hidden" name="intent" value="gift" />
                <input type="hidden" name={SUBMISSION_FIELD} value={loaderData.submission} />
                <GiftAmountField
                  error={amountError}
                  choice={form.valueOf('amount')}
                  typed={form.valueOf('otherAmount')}
                  capLeftCents={capLeftCents}
                />
                <CountedTextArea
                  label={g.message}
                  name="message"
                  schema={giftSchema}
                  rows={3}
                  hint={g.messageHint}
                  error={form.errorOf('message')}
                  defaultValue={form.valueOf('message') ?? ''}
                />
                <GiftSteps />
                <SubmitButton
                  label={g.submit}
                  pendingLabel={g.submitting}
                  pending={form.submitting}
                />
              </Form>
            ) : null}
            <p className="mt-4 text-sm">
              <Link to={paths.terms(lang, 'cliente')} className="underline">
                {g.termsLink}
              </Link>
            </p>
          </>
        )}
        <p className="mt-6 text-sm">
          <Link to={paths.profile(profile.username)} className="underline">
            {g.backToProfile}
          </Link>
        </p>
      </section>
    </SiteShell>
  )
}

/** Unknown or hidden profile: the profile's own 404; gifts off: the site's. */
export function ErrorBoundary() {
  const error = useRouteError()
  if (isRouteErrorResponse(error) && error.status === 404 && error.data?.kind === 'profile')
    return <ProfileNotFound />
  return <ErrorPage status={isRouteErrorResponse(error) ? error.status : 500} />
}
