import { useState } from 'react'
import { data, Form, Link, useNavigation } from 'react-router'
import { firstProblem, useCheckedForm } from '#app/components/forms/use-checked-form.ts'
import { useLongDate } from '#app/components/provider/standing-banner.tsx'
import { FormAlert } from '#app/components/ui/alert.tsx'
import { SubmitButton } from '#app/components/ui/button.tsx'
import { cardClass } from '#app/components/ui/card.tsx'
import { CountedTextArea } from '#app/components/ui/field.tsx'
import { Flag, MessageSquareReply, Star } from '#app/components/ui/icons.tsx'
import { type RatingSummary, REVIEW_REPORT_REASONS } from '#app/domain/reviews.ts'
import { isUuid } from '#app/domain/uuid.ts'
import { format, useLanguage, useT } from '#app/i18n/i18n.ts'
import { requireRole } from '#app/modules/auth/session.server.ts'
import type { FormAnswer } from '#app/modules/forms/checks.ts'
import { parseForm, typedStrings } from '#app/modules/forms/parse-form.server.ts'
import { PRIVATE_NO_STORE } from '#app/modules/http/cache-control.ts'
import { passOnHeaders } from '#app/modules/http/route-headers.ts'
import { ensureOwnProfile } from '#app/modules/provider/own-profile.server.ts'
import {
  type OwnReview,
  ownReviews,
  type ReviewActionRefusal,
  replyToReview,
  reportReview,
} from '#app/modules/reviews/provider-replies.server.ts'
import { ratingsOf } from '#app/modules/reviews/reviews.server.ts'
import { replySchema, reviewReportSchema } from '#app/modules/reviews/schema.ts'
import { titleMeta } from '#app/routes/title-meta.ts'
import type { Route } from './+types/reviews'

// /dashboard/reviews (issue 20 point 3): the reviews of the provider's own profile, her one
// public reply to each, and her report of one to the team. She can never delete or hide one.

export const meta = titleMeta((t) => `${t.providerReviews.nav} – ${t.dashboard.metaTitle}`)

/** The page asked for (`?pagina=N`); anything else is the first. */
function pageOf(request: Request): number {
  const asked = new URL(request.url).searchParams.get('pagina') ?? ''
  return /^\d{1,6}$/.test(asked) && Number(asked) >= 1 ? Number(asked) : 1
}

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireRole(request, 'provider')
  const profile = await ensureOwnProfile(user)
  const [list, summary] = await Promise.all([
    ownReviews(user.id, pageOf(request)),
    ratingsOf(profile.id),
  ])
  return data({ list, summary }, { headers: PRIVATE_NO_STORE })
}

export const headers = passOnHeaders('Cache-Control')

interface ReviewAnswer extends FormAnswer<'reply' | 'report'> {
  /** The review the answer is about: each review has its own forms. */
  reviewId: string
  done?: boolean
  refused?: ReviewActionRefusal
}

const REVIEW_FORMS = { reply: replySchema, report: reviewReportSchema }

export async function action({ request }: Route.ActionArgs) {
  const user = await requireRole(request, 'provider')
  const { intent, form, checked } = await parseForm(request, REVIEW_FORMS)
  const reviewId = form.get('reviewId')
  // Only a page of the site sends this form, always with a review's id.
  if (typeof reviewId !== 'string' || !isUuid(reviewId)) {
    throw new Response('Bad request', { status: 400 })
  }
  if (!checked.ok) {
    const values = typedStrings(form, (name) => name !== 'intent' && name !== 'reviewId')
    return data<ReviewAnswer>({ intent, reviewId, error: checked.error, values }, 400)
  }
  const result =
    intent === 'reply'
      ? await replyToReview(user.id, reviewId, checked.value.reply)
      : await reportReview(user.id, reviewId, checked.value)
  if (result.ok) return data<ReviewAnswer>({ intent, reviewId, done: true })
  if (result.error === 'notFound') throw new Response('Not found', { status: 404 })
  return data<ReviewAnswer>({ intent, reviewId, refused: result.error }, 409)
}

export default function ProviderReviewsPage({ loaderData }: Route.ComponentProps) {
  const t = useT()
  const r = t.providerReviews
  const { list, summary } = loaderData
  return (
    <div className="max-w-3xl space-y-4">
      <div>
        <h2 className="text-xl font-semibold">{r.title}</h2>
        <p className="mt-1 text-sm text-stone-600">{r.intro}</p>
        <p className="mt-1 text-sm text-stone-600">{r.rules}</p>
      </div>
      <Summary summary={summary} />
      {list.reviews.length === 0 ? (
        <p className={`${cardClass} text-sm text-stone-700`}>{r.empty}</p>
      ) : (
        <ol className="space-y-4">
          {list.reviews.map((review) => (
            <li key={review.id}>
              <ReviewItem review={review} />
            </li>
          ))}
        </ol>
      )}
      {list.pageCount > 1 ? <Pages page={list.page} pageCount={list.pageCount} /> : null}
    </div>
  )
}

function Summary({ summary }: { summary: RatingSummary }) {
  const t = useT()
  const r = t.providerReviews
  const lang = useLanguage()
  const number = new Intl.NumberFormat(lang === 'pt' ? 'pt-BR' : 'en', {
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  })
  if (summary.count === 0) return <p className="text-sm text-stone-700">{r.summaryNone}</p>
  return (
    <p className={`${cardClass} flex flex-wrap gap-x-4 gap-y-1 text-sm text-stone-800`}>
      <span className="font-semibold">
        {summary.count === 1 ? r.summaryOne : format(r.summaryCount, { count: summary.count })}
      </span>
      <span>
        {summary.average === null
          ? r.summaryAverageLater
          : format(r.summaryAverage, { average: number.format(summary.average) })}
      </span>
      {summary.photosMatchPercent === null ? null : (
        <span>{format(r.summaryPhotos, { percent: summary.photosMatchPercent })}</span>
      )}
    </p>
  )
}

function Stars({ rating }: { rating: number }) {
  const t = useT()
  return (
    <span
      role="img"
      aria-label={format(t.providerReviews.stars, { rating })}
      className="inline-flex gap-0.5"
    >
      {[1, 2, 3, 4, 5].map((n) => (
        <Star
          key={n}
          aria-hidden="true"
          className={`size-4 ${n <= rating ? 'fill-amber-500 text-amber-500' : 'text-stone-300'}`}
        />
      ))}
    </span>
  )
}

const STATUS_TONES = {
  published: 'bg-emerald-50 text-emerald-900 border-emerald-200',
  pending: 'bg-amber-50 text-amber-950 border-amber-200',
  hidden: 'bg-stone-100 text-stone-800 border-stone-300',
} as const

function ReviewItem({ review }: { review: OwnReview }) {
  const t = useT()
  const r = t.providerReviews
  const longDate = useLongDate()
  return (
    <article className={`${cardClass} space-y-3`} aria-labelledby={`review-${review.id}`}>
      <header className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <Stars rating={review.rating} />
        <h3 id={`review-${review.id}`} className="text-sm font-medium text-stone-800">
          {format(r.byOn, { name: review.authorName, date: longDate(review.createdAt) })}
        </h3>
        <span
          className={`rounded-full border px-2 py-0.5 text-xs font-medium ${STATUS_TONES[review.status]}`}
        >
          {r.status[review.status]}
        </span>
      </header>
      <p className="text-sm text-stone-700">
        {review.photosMatch ? r.photosMatch : r.photosDiffer}
      </p>
      <p className="whitespace-pre-line break-words text-stone-900">{review.body}</p>
      {review.status === 'pending' ? (
        <p className="text-sm text-stone-600">{r.pendingHint}</p>
      ) : null}
      {review.status === 'hidden' ? <p className="text-sm text-stone-600">{r.hiddenHint}</p> : null}
      {review.reply !== null ? (
        <div className="rounded-md border-l-4 border-rose-200 bg-stone-50 px-3 py-2">
          <p className="flex items-center gap-1.5 text-sm font-medium text-stone-800">
            <MessageSquareReply aria-hidden="true" className="size-4" />
            {format(r.yourReply, { date: review.repliedAt ? longDate(review.repliedAt) : '' })}
          </p>
          <p className="mt-1 whitespace-pre-line break-words text-sm text-stone-900">
            {review.reply}
          </p>
        </div>
      ) : review.status === 'published' ? (
        <ReplyForm reviewId={review.id} />
      ) : null}
      <Outcome reviewId={review.id} />
      {review.reportedAt !== null ? (
        <p className="flex items-center gap-1.5 text-sm text-stone-700">
          <Flag aria-hidden="true" className="size-4" />
          {format(r.reported, { date: longDate(review.reportedAt) })}
        </p>
      ) : review.status !== 'hidden' ? (
        <ReportForm reviewId={review.id} />
      ) : null}
    </article>
  )
}

/** The server's answer to this review's forms: done, or refused (the page shows the new state). */
function Outcome({ reviewId }: { reviewId: string }) {
  const t = useT()
  const r = t.providerReviews
  const belongs = (answer: ReviewAnswer) => answer.reviewId === reviewId
  const reply = useCheckedForm<ReviewAnswer>('reply', () => undefined, belongs)
  const report = useCheckedForm<ReviewAnswer>('report', () => undefined, belongs)
  const answer = reply.data ?? report.data
  if (!answer) return null
  if (answer.refused) {
    return <FormAlert tone="error" title={r.refused[answer.refused]} reveal={answer} />
  }
  if (!answer.done) return null
  return (
    <FormAlert
      tone="success"
      title={answer.intent === 'reply' ? r.replied : r.reportSent}
      reveal={answer}
    />
  )
}

/** Whether this review's form of `intent` is being sent. */
function useSending(intent: 'reply' | 'report', reviewId: string) {
  const navigation = useNavigation()
  return (
    navigation.state !== 'idle' &&
    navigation.formData?.get('intent') === intent &&
    navigation.formData.get('reviewId') === reviewId
  )
}

function ReplyForm({ reviewId }: { reviewId: string }) {
  const t = useT()
  const r = t.providerReviews
  const form = useCheckedForm<ReviewAnswer>(
    'reply',
    firstProblem(replySchema),
    (answer) => answer.reviewId === reviewId,
  )
  const sending = useSending('reply', reviewId)
  return (
    <Form method="post" noValidate onSubmit={form.onSubmit} className="space-y-3">
      <input type="hidden" name="intent" value="reply" />
      <input type="hidden" name="reviewId" value={reviewId} />
      <CountedTextArea
        label={r.replyLabel}
        name="reply"
        schema={replySchema}
        rows={3}
        hint={r.replyHint}
        error={form.errorOf('reply')}
        defaultValue={form.valueOf('reply') ?? ''}
      />
      <div className="sm:max-w-xs">
        <SubmitButton label={r.replySubmit} pendingLabel={r.replySubmitting} pending={sending} />
      </div>
    </Form>
  )
}

function ReportForm({ reviewId }: { reviewId: string }) {
  const t = useT()
  const r = t.providerReviews
  const form = useCheckedForm<ReviewAnswer>(
    'report',
    firstProblem(reviewReportSchema),
    (answer) => answer.reviewId === reviewId,
  )
  const sending = useSending('report', reviewId)
  const [reason, setReason] = useState(form.valueOf('reason') ?? '')
  const reasonError = form.errorOf('reason')
  const messageId = `reason-message-${reviewId}`
  return (
    <details
      className="group rounded-md border border-stone-200"
      open={form.data || reasonError ? true : undefined}
    >
      <summary className="cursor-pointer select-none px-3 py-2 text-sm font-medium text-stone-800">
        {r.reportSummary}
      </summary>
      <Form method="post" noValidate onSubmit={form.onSubmit} className="space-y-4 px-3 pb-3">
        <input type="hidden" name="intent" value="report" />
        <input type="hidden" name="reviewId" value={reviewId} />
        <fieldset aria-describedby={reasonError ? messageId : undefined}>
          <legend className="mb-2 text-sm font-medium text-stone-800">{r.reportLegend}</legend>
          <div className="space-y-2">
            {REVIEW_REPORT_REASONS.map((one) => (
              <label
                key={one}
                className="flex cursor-pointer items-center gap-3 rounded-md border border-stone-300 bg-white px-3 py-2 has-[:checked]:border-rose-700 has-[:checked]:bg-rose-50"
              >
                <input
                  type="radio"
                  name="reason"
                  value={one}
                  defaultChecked={reason === one}
                  onChange={() => setReason(one)}
                  className="size-4 accent-rose-800"
                />
                <span className="text-sm">{r.reasons[one]}</span>
              </label>
            ))}
          </div>
          {reasonError ? (
            <p id={messageId} role="alert" className="mt-1 text-sm text-red-700">
              {t.formErrors[reasonError]}
            </p>
          ) : null}
        </fieldset>
        <CountedTextArea
          label={r.reportDetails}
          name="details"
          schema={reviewReportSchema}
          rows={3}
          hint={r.reportDetailsHint}
          error={form.errorOf('details')}
          defaultValue={form.valueOf('details') ?? ''}
        />
        <div className="sm:max-w-xs">
          <SubmitButton
            label={r.reportSubmit}
            pendingLabel={r.reportSubmitting}
            pending={sending}
          />
        </div>
      </Form>
    </details>
  )
}

function Pages({ page, pageCount }: { page: number; pageCount: number }) {
  const t = useT()
  const r = t.providerReviews
  const to = (n: number) => (n <= 1 ? '/dashboard/reviews' : `/dashboard/reviews?pagina=${n}`)
  return (
    <nav aria-label={r.pagesLabel} className="flex items-center justify-between gap-3 text-sm">
      {page > 1 ? (
        <Link to={to(page - 1)} className="underline">
          {r.previous}
        </Link>
      ) : (
        <span />
      )}
      <span className="text-stone-600">{format(r.page, { page, count: pageCount })}</span>
      {page < pageCount ? (
        <Link to={to(page + 1)} className="underline">
          {r.next}
        </Link>
      ) : (
        <span />
      )}
    </nav>
  )
}
