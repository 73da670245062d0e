import { data, Form, Link, type ShouldRevalidateFunction } from 'react-router'
import { firstProblem, useCheckedForm } from '#app/components/forms/use-checked-form.ts'
import { SiteShell } from '#app/components/layout/site-shell.tsx'
import { ProfileFormErrorBoundary } from '#app/components/profile/profile-not-found.tsx'
import { FormAlert } from '#app/components/ui/alert.tsx'
import { ButtonLink, SubmitButton } from '#app/components/ui/button.tsx'
import { CheckboxField, CountedTextArea } from '#app/components/ui/field.tsx'
import { Clock, Star } from '#app/components/ui/icons.tsx'
import { BRAZIL_TIME_ZONE } from '#app/domain/brazil-time.ts'
import { paths } from '#app/domain/paths.ts'
import { type Ineligibility, RATINGS, REVIEW_RULES } from '#app/domain/reviews.ts'
import { format, useLanguage, useT } from '#app/i18n/i18n.ts'
import { currentUser } from '#app/modules/auth/session.server.ts'
import type { FormAnswer } from '#app/modules/forms/checks.ts'
import { parseSingleForm } from '#app/modules/forms/parse-form.server.ts'
import { PRIVATE_NO_STORE } from '#app/modules/http/cache-control.ts'
import { passOnHeaders } from '#app/modules/http/route-headers.ts'
import {
  deviceOf,
  reviewEligibility,
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

/** A refusal's status: who the visitor is (403), or what they already did (409). */
/** The rules' figures the explanations name, from the rules the server applies. */
const RULE_FIGURES = {
  accountDays: String(REVIEW_RULES.accountAgeDays),
  contactHours: String(REVIEW_RULES.contactWaitHours),
  perProfileDays: String(REVIEW_RULES.perProfileDays),
  perDay: String(REVIEW_RULES.perDay),
}

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
  const eligibility = await reviewEligibility(who, target)
  return data(
    {
      profile: { name: target.name, username: target.username },
      refusal: eligibility.ok ? null : refusalOf(eligibility),
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

/** A moment as a visitor in Brazil reads it: the long date and the hour, in Brasília time. */
function useDateAndTime() {
  const lang = useLanguage()
  const locale = lang === 'pt' ? 'pt-BR' : 'en'
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: BRAZIL_TIME_ZONE })
  const time = new Intl.DateTimeFormat(locale, {
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone: BRAZIL_TIME_ZONE,
  })
  return (iso: string) => ({ date: date.format(new Date(iso)), time: time.format(new Date(iso)) })
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

/** The 1–5 stars: radio inputs (arrow keys move between them), each named in words. */
function RatingField({ error, value }: { error?: string; value?: string }) {
  const t = useT()
  const r = t.reviewForm
  return (
    <fieldset aria-describedby={error ? 'rating-message' : undefined}>
      <legend className="mb-2 text-sm font-medium text-stone-800">{r.ratingLegend}</legend>
      <div className="grid gap-2 sm:grid-cols-5">
        {[...RATINGS].reverse().map((stars) => (
          <label
            key={stars}
            className="flex cursor-pointer items-center gap-3 rounded-md border border-stone-300 bg-white px-3 py-2.5 has-[:checked]:border-rose-700 has-[:checked]:bg-rose-50 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-rose-700 sm:flex-col sm:gap-1 sm:px-2 sm:text-center"
          >
            <input
              type="radio"
              name="rating"
              value={stars}
              defaultChecked={value === String(stars)}
              aria-label={`${format(r.stars, { count: stars })}: ${r.ratingNames[stars]}`}
              className="size-4 accent-rose-800"
            />
            <span aria-hidden="true" className="flex gap-0.5 text-amber-500">
              {RATINGS.map((one) => (
                <Star
                  key={one}
                  className={`size-4 ${one <= stars ? 'fill-current' : 'text-stone-300'}`}
                />
              ))}
            </span>
            <span aria-hidden="true" className="text-sm text-stone-800">
              {r.ratingNames[stars]}
            </span>
          </label>
        ))}
      </div>
      {error ? (
        <p id="rating-message" role="alert" className="mt-1 text-sm text-red-700">
          {t.formErrors.ratingRequired}
        </p>
      ) : null}
    </fieldset>
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
          <NotYet refusal={refusal} username={profile.username} />
        ) : (
          <>
            <p className="mt-2 text-stone-700">{r.intro}</p>
            <Form method="post" noValidate onSubmit={form.onSubmit} className="mt-6 space-y-6">
              <input type="hidden" name="intent" value="review" />
              <RatingField error={form.errorOf('rating')} value={form.valueOf('rating')} />
              <fieldset aria-describedby={photosError ? 'photos-message' : undefined}>
                <legend className="mb-2 text-sm font-medium text-stone-800">
                  {r.photosLegend}
                </legend>
                <div className="flex gap-2">
                  {(['yes', 'no'] as const).map((answer) => (
                    <label
                      key={answer}
                      className="flex flex-1 cursor-pointer items-center gap-3 rounded-md border border-stone-300 bg-white px-3 py-2.5 has-[:checked]:border-rose-700 has-[:checked]:bg-rose-50"
                    >
                      <input
                        type="radio"
                        name="photosMatch"
                        value={answer}
                        defaultChecked={form.valueOf('photosMatch') === answer}
                        className="size-4 accent-rose-800"
                      />
                      <span>{r[answer]}</span>
                    </label>
                  ))}
                </div>
                {photosError ? (
                  <p id="photos-message" role="alert" className="mt-1 text-sm text-red-700">
                    {t.formErrors[photosError]}
                  </p>
                ) : null}
              </fieldset>
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
