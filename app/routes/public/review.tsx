import { data, Form, Link, type ShouldRevalidateFunction } from 'react-router'
import { firstProblem, useCheckedForm } from '#app/components/forms/use-checked-form.ts'
import { SiteShell } from '#app/components/layout/site-shell.tsx'
import { ProfileFormErrorBoundary } from '#app/components/profile/profile-not-found.tsx'
import {
  PhotosMatchField,
  RatingField,
  useDateAndTime,
} from '#app/components/reviews/review-fields.tsx'
import { FormAlert } from '#app/components/ui/alert.tsx'
import { ButtonLink, SubmitButton } from '#app/components/ui/button.tsx'
import { CheckboxField, CountedTextArea } from '#app/components/ui/field.tsx'
import { CircleCheck, Clock, Star } from '#app/components/ui/icons.tsx'
import { paths } from '#app/domain/paths.ts'
import type { RuleState } from '#app/domain/review-rules.ts'
import { type Ineligibility, REVIEW_RULES } from '#app/domain/reviews.ts'
import { format, useT } from '#app/i18n/i18n.ts'
import { currentUser } from '#app/modules/auth/session.server.ts'
import type { FormAnswer } from '#app/modules/forms/checks.ts'
import { parseSingleForm } from '#app/modules/forms/parse-form.server.ts'
import { PRIVATE_NO_STORE } from '#app/modules/http/cache-control.ts'
import { passOnHeaders } from '#app/modules/http/route-headers.ts'
import {
  deviceOf,
  reviewChecklist,
  reviewTarget,
  submitReview,
} from '#app/modules/reviews/reviews.server.ts'
import { reviewSchema } from '#app/modules/reviews/schema.ts'
import { metaContext, pageMeta } from '#app/modules/seo/meta.ts'
import type { Route } from './+types/review'

// /acompanhante/{username}/avaliar (issue 20 points 1 and 2): a client who contacted a profile
// through the site reviews it; anyone else is told why not yet, and how to get there. The page
// depends on who asks: never kept by a cache, never indexed.

/** Why the visitor may not review now, and from when it becomes possible (ISO) if known. */
interface Refusal {
  reason: Ineligibility
  from?: string
}

const refusalOf = (result: { reason: Ineligibility; from?: Date }): Refusal =>
  result.from
    ? { reason: result.reason, from: result.from.toISOString() }
    : { reason: result.reason }

/** A rule's state as the page receives it: its moments as ISO dates. */
type RuleView = RuleState extends infer S
  ? S extends RuleState
    ? {
        [K in keyof S]: S[K] extends Date ? string : S[K] extends Date | null ? string | null : S[K]
      }
    : never
  : never

const ruleView = (state: RuleState): RuleView =>
  Object.fromEntries(
    Object.entries(state).map(([key, value]) => [
      key,
      value instanceof Date ? value.toISOString() : value,
    ]),
  ) as RuleView

/** The rules' figures the explanations name, from the rules the server applies. */
const RULE_FIGURES = {
  accountDays: String(REVIEW_RULES.accountAgeDays),
  contactHours: String(REVIEW_RULES.contactWaitHours),
  perProfileDays: String(REVIEW_RULES.perProfileDays),
  perDay: String(REVIEW_RULES.perDay),
}

/** A refusal's status: who the visitor is (403), or what they already did (409). */
const REFUSAL_STATUS: Record<Ineligibility, 403 | 409> = {
  signed_out: 403,
  not_client: 403,
  unconfirmed: 403,
  account_too_new: 403,
  no_contact: 403,
  contact_too_recent: 403,
  already_reviewed: 409,
  daily_limit: 409,
  not_reviewable: 403,
}

export async function loader({ params, request }: Route.LoaderArgs) {
  const target = await reviewTarget(params.slug)
  if (!target) throw data({ kind: 'profile' }, { status: 404, headers: PRIVATE_NO_STORE })
  const who = await currentUser(request)
  const { eligibility, rules } = await reviewChecklist(who, target)
  return data(
    {
      profile: { name: target.name, username: target.username },
      refusal: eligibility.ok ? null : refusalOf(eligibility),
      // Every rule with its state for a client (issue 33 point 7), not only the first unmet.
      rules: rules?.map(ruleView) ?? null,
    },
    { headers: PRIVATE_NO_STORE },
  )
}

export const headers = passOnHeaders('Cache-Control')

/** The thanks need nothing more of the loader (which would now say 'already reviewed'). */
export const shouldRevalidate: ShouldRevalidateFunction = ({
  actionResult,
  defaultShouldRevalidate,
}) => (actionResult?.done ? false : defaultShouldRevalidate)

interface ReviewAnswer extends FormAnswer<'review'> {
  /** Written: shown at once, or waiting for the team. */
  done?: 'published' | 'pending'
  refusal?: Refusal
}

export async function action({ params, request, context }: Route.ActionArgs) {
  const { form, checked } = await parseSingleForm(request, reviewSchema)
  const values = {
    rating: String(form.get('rating') ?? ''),
    photosMatch: String(form.get('photosMatch') ?? ''),
    body: String(form.get('body') ?? ''),
    quotable: form.get('quotable') ? 'on' : '',
  }
  if (!checked.ok) {
    return data<ReviewAnswer>(
      { intent: 'review', error: checked.error, values },
      { status: 400, headers: PRIVATE_NO_STORE },
    )
  }
  const target = await reviewTarget(params.slug)
  if (!target) throw data({ kind: 'profile' }, { status: 404, headers: PRIVATE_NO_STORE })
  const who = await currentUser(request)
  if (!who) {
    return data<ReviewAnswer>(
      { intent: 'review', refusal: { reason: 'signed_out' }, values },
      { status: REFUSAL_STATUS.signed_out, headers: PRIVATE_NO_STORE },
    )
  }
  const device = deviceOf(request)
  const written = await submitReview(who, target, checked.value, {
    clientIp: context?.clientIp,
    deviceId: device.deviceId,
  })
  if (!written.ok) {
    return data<ReviewAnswer>(
      { intent: 'review', refusal: refusalOf(written), values },
      { status: REFUSAL_STATUS[written.reason], headers: PRIVATE_NO_STORE },
    )
  }
  // The browser's cookie for the device rule, set only for someone who wrote a review (the
  // privacy policy says so).
  const headers = new Headers(PRIVATE_NO_STORE)
  if (device.setCookie) headers.append('Set-Cookie', device.setCookie)
  return data<ReviewAnswer>(
    { intent: 'review', done: written.published ? 'published' : 'pending' },
    { status: 200, headers },
  )
}

export function meta(args: Route.MetaArgs) {
  const { t } = metaContext(args)
  const name = args.data?.profile?.name
  return pageMeta(args, {
    title: name ? format(t.reviewForm.metaTitle, { name }) : t.profile.notFoundTitle,
    noindex: true,
  })
}

/** Why the visitor cannot review now, when it becomes possible, and the way forward. */
function NotYet({ refusal, username }: { refusal: Refusal; username: string }) {
  const t = useT()
  const r = t.reviewForm
  const dateAndTime = useDateAndTime()
  const here = paths.review(username)
  const reason = r.reasons[refusal.reason]
  return (
    <div className="mt-6 space-y-4">
      <FormAlert tone="info" title={reason.title}>
        <p>{format(reason.text, RULE_FIGURES)}</p>
        {refusal.from ? (
          <p className="mt-2 flex items-center gap-1.5 font-medium">
            <Clock aria-hidden="true" className="size-4 shrink-0" />
            {format(r.possibleFrom, dateAndTime(refusal.from))}
          </p>
        ) : null}
      </FormAlert>
      {refusal.reason === 'signed_out' ? (
        <div className="flex flex-wrap gap-3">
          <ButtonLink to={paths.auth({ mode: 'login', type: 'client', from: here, next: here })}>
            {r.login}
          </ButtonLink>
          <ButtonLink
            tone="secondary"
            to={paths.auth({ mode: 'signup', type: 'client', from: here, next: here })}
          >
            {r.signup}
          </ButtonLink>
        </div>
      ) : null}
      {refusal.reason === 'no_contact' ? (
        <ButtonLink to={paths.profile(username)}>{r.openProfile}</ButtonLink>
      ) : null}
    </div>
  )
}

/** Every rule of who may review with its state and its fact (issue 33 point 7). */
function RuleList({ rules }: { rules: RuleView[] }) {
  const t = useT()
  const r = t.reviewForm
  const dateAndTime = useDateAndTime()
  const when = (iso: string) => format(r.dateTime, dateAndTime(iso))
  const factOf = (state: RuleView) => {
    switch (state.rule) {
      case 'account_age':
        return format(state.met ? r.ruleFacts.accountMet : r.ruleFacts.accountUnmet, {
          created: when(state.createdAt),
          from: when(state.from),
        })
      case 'contact': {
        if (!state.at) return r.ruleFacts.contactNone
        const opened = state.channel
          ? format(r.ruleFacts.contactVia, {
              at: when(state.at),
              channel: t.contact.channelNames[state.channel],
            })
          : format(r.ruleFacts.contactAt, { at: when(state.at) })
        return state.met || !state.from
          ? opened
          : `${opened} ${format(r.ruleFacts.contactFrom, { from: when(state.from) })}`
      }
      case 'one_review':
        if (!state.lastAt) return r.ruleFacts.reviewNone
        return format(state.met ? r.ruleFacts.reviewPast : r.ruleFacts.reviewUnmet, {
          at: when(state.lastAt),
          from: state.from ? when(state.from) : '',
        })
      case 'daily_limit':
        return state.met || !state.from
          ? format(r.ruleFacts.dailyMet, { count: state.count, ...RULE_FIGURES })
          : format(r.ruleFacts.dailyUnmet, { from: when(state.from), ...RULE_FIGURES })
    }
  }
  return (
    <section aria-labelledby="rules-title" className="mt-6">
      <h2 id="rules-title" className="text-lg font-semibold">
        {r.rulesTitle}
      </h2>
      <p className="mt-1 text-sm text-stone-600">{r.rulesIntro}</p>
      <ul className="mt-3 space-y-2">
        {rules.map((state) => (
          <li
            key={state.rule}
            data-rule={state.rule}
            data-met={state.met}
            className={`flex gap-3 rounded-md border px-3 py-2.5 ${state.met ? 'border-emerald-200 bg-emerald-50' : 'border-amber-200 bg-amber-50'}`}
          >
            {state.met ? (
              <CircleCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-emerald-700" />
            ) : (
              <Clock aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-amber-700" />
            )}
            <div className="min-w-0 text-sm">
              <p className="font-medium text-stone-900">
                {format(r.ruleTitles[state.rule], RULE_FIGURES)}{' '}
                <span className={state.met ? 'text-emerald-800' : 'text-amber-900'}>
                  ({state.met ? r.ruleMet : r.ruleUnmet})
                </span>
              </p>
              <p className="mt-0.5 text-stone-700">{factOf(state)}</p>
              {state.rule === 'one_review' && state.reviewId ? (
                <Link
                  to={`${paths.clientReviews}#review-${state.reviewId}`}
                  className="mt-1 inline-block font-medium text-rose-800 underline"
                >
                  {r.ruleFacts.reviewEdit}
                </Link>
              ) : null}
            </div>
          </li>
        ))}
      </ul>
    </section>
  )
}

export default function ReviewPage({ loaderData }: Route.ComponentProps) {
  const t = useT()
  const r = t.reviewForm
  const { profile } = loaderData
  const form = useCheckedForm<ReviewAnswer>('review', firstProblem(reviewSchema))
  const profilePath = paths.profile(profile.username)
  if (form.data?.done) {
    const published = form.data.done === 'published'
    return (
      <SiteShell>
        <section className="mx-auto max-w-xl py-12">
          <FormAlert
            tone="success"
            title={published ? r.publishedTitle : r.pendingTitle}
            reveal={form.data}
          >
            <p>{format(published ? r.publishedText : r.pendingText, { name: profile.name })}</p>
          </FormAlert>
          <div className="mt-6 flex flex-wrap gap-3">
            {published ? (
              <ButtonLink to={paths.profileReviews(profile.username, 1)}>{r.seeReviews}</ButtonLink>
            ) : (
              <ButtonLink to={profilePath}>{r.backToProfile}</ButtonLink>
            )}
          </div>
        </section>
      </SiteShell>
    )
  }
  const refusal = form.data?.refusal ?? loaderData.refusal
  const photosError = form.errorOf('photosMatch')
  return (
    <SiteShell>
      <section className="mx-auto max-w-xl py-8">
        <h1 className="flex items-center gap-2 text-2xl font-bold tracking-tight">
          <Star aria-hidden="true" className="size-6 text-amber-500" />
          {format(r.title, { name: profile.name })}
        </h1>
        {refusal ? (
          <>
            <NotYet refusal={refusal} username={profile.username} />
            {loaderData.rules ? <RuleList rules={loaderData.rules} /> : null}
          </>
        ) : (
          <>
            <p className="mt-2 text-stone-700">{r.intro}</p>
            <Form method="post" noValidate onSubmit={form.onSubmit} className="mt-6 space-y-6">
              <input type="hidden" name="intent" value="review" />
              <RatingField error={form.errorOf('rating')} value={form.valueOf('rating')} />
              <PhotosMatchField error={photosError} value={form.valueOf('photosMatch')} />
              <div>
                <CountedTextArea
                  label={r.body}
                  name="body"
                  schema={reviewSchema}
                  rows={6}
                  hint={r.bodyHint}
                  error={form.errorOf('body')}
                  defaultValue={form.valueOf('body') ?? ''}
                />
                <p className="mt-2 rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-950">
                  {r.rules}
                </p>
              </div>
              <div>
                <CheckboxField name="quotable" defaultChecked={form.valueOf('quotable') === 'on'}>
                  {r.quotable}
                </CheckboxField>
                <p className="mt-1 ml-8 text-sm text-stone-600">{r.quotableHint}</p>
              </div>
              <SubmitButton
                label={r.submit}
                pendingLabel={r.submitting}
                pending={form.submitting}
              />
            </Form>
          </>
        )}
        <p className="mt-6 text-sm">
          <Link to={profilePath} className="underline">
            {r.backToProfile}
          </Link>
        </p>
      </section>
    </SiteShell>
  )
}

export const ErrorBoundary = ProfileFormErrorBoundary
