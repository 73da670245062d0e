import { data, Form, Link, useNavigation } from 'react-router'
import { firstProblem, useCheckedForm } from '#app/components/forms/use-checked-form.ts'
import { useLongDate } from '#app/components/provider/standing-banner.tsx'
import { PhotosMatchField, RatingField } from '#app/components/reviews/review-fields.tsx'
import { Stars } from '#app/components/reviews/stars.tsx'
import { FormAlert } from '#app/components/ui/alert.tsx'
import { Button, SubmitButton } from '#app/components/ui/button.tsx'
import { cardClass } from '#app/components/ui/card.tsx'
import { CheckboxField, CountedTextArea } from '#app/components/ui/field.tsx'
import { MessageSquareReply } from '#app/components/ui/icons.tsx'
import { paths } from '#app/domain/paths.ts'
import { REVIEW_RULES } from '#app/domain/reviews.ts'
import { isUuid } from '#app/domain/uuid.ts'
import { format, useT } from '#app/i18n/i18n.ts'
import { requireRole } from '#app/modules/auth/session.server.ts'
import { clientMeta } from '#app/modules/client/meta.ts'
import type { FormAnswer } from '#app/modules/forms/checks.ts'
import { orderedForm } from '#app/modules/forms/checks.ts'
import { parseForm, typedStrings } from '#app/modules/forms/parse-form.server.ts'
import { PRIVATE_NO_STORE } from '#app/modules/http/cache-control.ts'
import { passOnHeaders } from '#app/modules/http/route-headers.ts'
import {
  type AuthoredReview,
  editOwnReview,
  type OwnReviewResult,
  reviewsByAuthor,
  withdrawOwnReview,
} from '#app/modules/reviews/own-reviews.server.ts'
import { reviewSchema } from '#app/modules/reviews/schema.ts'
import type { Route } from './+types/reviews'

// /client-dashboard/reviews (issue 33 point 8): the reviews the client wrote, each with its
// state (published, held, hidden with the team's reason in words), an edit within the rules the
// review obeys (30 days, not once hidden or replied to; the same text checks and moderation as
// a new one), and withdrawing one after a confirmation that needs no JavaScript (a <details>).

export const meta = (args: Route.MetaArgs) => clientMeta(args, 'reviews')

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireRole(request, 'client')
  return data({ reviews: await reviewsByAuthor(user.id) }, { headers: PRIVATE_NO_STORE })
}

export const headers = passOnHeaders('Cache-Control')

type Refused = Extract<OwnReviewResult, { ok: false }>['error']

interface OwnReviewAnswer extends FormAnswer<'edit' | 'withdraw'> {
  /** The review the answer is about: each review has its own forms. */
  reviewId: string
  /** Edited and published, edited and held for the team, or withdrawn. */
  done?: 'published' | 'pending' | 'withdrawn'
  refused?: Refused
}

const OWN_REVIEW_FORMS = { edit: reviewSchema, withdraw: orderedForm({}) }

export async function action({ request }: Route.ActionArgs) {
  const user = await requireRole(request, 'client')
  const { intent, form, checked } = await parseForm(request, OWN_REVIEW_FORMS)
  const reviewId = form.get('reviewId')
  // Only a page of the site sends these forms, always with a review's id.
  if (typeof reviewId !== 'string' || !isUuid(reviewId)) {
    throw new Response('Bad request', { status: 400 })
  }
  if (!checked.ok) {
    const values = typedStrings(form, (name) => name !== 'intent' && name !== 'reviewId')
    return data<OwnReviewAnswer>(
      { intent, reviewId, error: checked.error, values },
      { status: 400, headers: PRIVATE_NO_STORE },
    )
  }
  const result =
    intent === 'edit'
      ? await editOwnReview(user.id, reviewId, checked.value as EditInput)
      : await withdrawOwnReview(user, reviewId)
  if (result.ok) {
    const done = intent === 'withdraw' ? 'withdrawn' : result.published ? 'published' : 'pending'
    return data<OwnReviewAnswer>({ intent, reviewId, done }, { headers: PRIVATE_NO_STORE })
  }
  // Another account's review, or one gone meanwhile: as if it never existed.
  return data<OwnReviewAnswer>(
    { intent, reviewId, refused: result.error },
    { status: result.error === 'notFound' ? 404 : 409, headers: PRIVATE_NO_STORE },
  )
}

type EditInput = Parameters<typeof editOwnReview>[2]

export default function ClientReviews({ loaderData }: Route.ComponentProps) {
  const t = useT()
  const c = t.clientReviews
  const { reviews } = loaderData
  return (
    <div className="max-w-3xl space-y-4">
      <div>
        <h2 className="text-xl font-semibold">{c.title}</h2>
        <p className="mt-1 text-sm text-stone-600">
          {format(c.intro, { editDays: REVIEW_RULES.editDays })}
        </p>
      </div>
      <Withdrawn />
      {reviews.length === 0 ? (
        <p className={`${cardClass} text-sm text-stone-700`}>{c.empty}</p>
      ) : (
        <ol className="space-y-4">
          {reviews.map((review) => (
            <li key={review.id} id={`review-${review.id}`} className="scroll-mt-24">
              <ReviewItem review={review} />
            </li>
          ))}
        </ol>
      )}
    </div>
  )
}

/** The answer to a withdrawal: its review is no longer on the page to hold it. */
function Withdrawn() {
  const t = useT()
  const answer = useCheckedForm<OwnReviewAnswer>('withdraw', () => undefined).data
  if (!answer) return null
  if (answer.refused) {
    return (
      <FormAlert tone="error" title={t.clientReviews.refused[answer.refused]} reveal={answer} />
    )
  }
  return answer.done ? (
    <FormAlert tone="success" title={t.clientReviews.withdrawn} reveal={answer} />
  ) : null
}

const STATUS_TONES = {
  published: 'bg-emerald-50 text-emerald-900 border-emerald-200',
  pending: 'bg-amber-50 text-amber-950 border-amber-200',
  hidden: 'bg-stone-100 text-stone-800 border-stone-300',
} as const

function ReviewItem({ review }: { review: AuthoredReview }) {
  const t = useT()
  const c = t.clientReviews
  const longDate = useLongDate()
  const name = review.profilePublic
    ? review.profileName
    : format(c.profileOffline, { name: review.profileName })
  return (
    <article className={`${cardClass} space-y-3`} aria-labelledby={`title-${review.id}`}>
      <header className="space-y-1">
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <h3 id={`title-${review.id}`} className="font-semibold text-stone-900">
            {review.profilePublic ? (
              <Link to={paths.profile(review.profileUsername)} className="underline">
                {format(c.of, { name })}
              </Link>
            ) : (
              format(c.of, { name })
            )}
          </h3>
          <span
            data-status={review.status}
            className={`rounded-full border px-2 py-0.5 text-xs font-medium ${STATUS_TONES[review.status]}`}
          >
            {c.status[review.status]}
          </span>
        </div>
        <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-stone-600">
          <Stars rating={review.rating} />
          <span>
            {format(c.writtenOn, { date: longDate(review.createdAt) })}
            {review.editedAt ? `, ${format(c.editedOn, { date: longDate(review.editedAt) })}` : ''}
          </span>
        </p>
      </header>
      <p className="text-sm text-stone-700">
        {review.photosMatch ? c.photosMatch : c.photosDiffer}
        {review.quotable ? ` · ${c.quotable}` : ''}
      </p>
      <p className="whitespace-pre-line break-words text-stone-900">{review.body}</p>
      <p className="text-sm text-stone-600">
        {c.statusText[review.status]}
        {review.status === 'hidden' && review.hiddenFor
          ? ` ${format(c.hiddenFor, { reason: c.hiddenReasons[review.hiddenFor] })}`
          : ''}
      </p>
      {review.reply !== null ? (
        <div className="rounded-md border-l-4 border-rose-200 bg-stone-50 px-3 py-2">
          <p className="flex items-center gap-1.5 text-sm font-medium text-stone-800">
            <MessageSquareReply aria-hidden="true" className="size-4" />
            {format(c.reply, { name: review.profileName })}
          </p>
          <p className="mt-1 whitespace-pre-line break-words text-sm text-stone-900">
            {review.reply}
          </p>
        </div>
      ) : null}
      <EditOutcome reviewId={review.id} />
      {review.edit.editable ? (
        <EditForm review={review} until={review.edit.until} />
      ) : (
        <p className="text-sm text-stone-600">
          {format(c.notEditable[review.edit.reason], { editDays: REVIEW_RULES.editDays })}
        </p>
      )}
      <WithdrawForm review={review} />
    </article>
  )
}

/** The server's answer to this review's edit. */
function EditOutcome({ reviewId }: { reviewId: string }) {
  const t = useT()
  const c = t.clientReviews
  const answer = useCheckedForm<OwnReviewAnswer>(
    'edit',
    () => undefined,
    (one) => one.reviewId === reviewId,
  ).data
  if (!answer) return null
  if (answer.refused) {
    return <FormAlert tone="error" title={c.refused[answer.refused]} reveal={answer} />
  }
  if (!answer.done) return null
  return (
    <FormAlert
      tone={answer.done === 'pending' ? 'info' : 'success'}
      title={answer.done === 'pending' ? c.editedPending : c.edited}
      reveal={answer}
    />
  )
}

/** Whether this review's form of `intent` is being sent. */
function useSending(intent: 'edit' | 'withdraw', reviewId: string) {
  const navigation = useNavigation()
  return (
    navigation.state !== 'idle' &&
    navigation.formData?.get('intent') === intent &&
    navigation.formData.get('reviewId') === reviewId
  )
}

function EditForm({ review, until }: { review: AuthoredReview; until: string }) {
  const t = useT()
  const c = t.clientReviews
  const longDate = useLongDate()
  const form = useCheckedForm<OwnReviewAnswer>(
    'edit',
    firstProblem(reviewSchema),
    (answer) => answer.reviewId === review.id,
  )
  const sending = useSending('edit', review.id)
  // What was typed when the server refused it (without JavaScript), else the review as it is.
  const typed = form.data?.error ? form.valueOf : undefined
  const value = (field: string, stored: string) => (typed ? (typed(field) ?? '') : stored)
  return (
    <details
      className="rounded-md border border-stone-200"
      open={form.data?.error ? true : undefined}
    >
      <summary className="cursor-pointer select-none px-3 py-2 text-sm font-medium text-stone-800">
        {c.editSummary}
      </summary>
      <Form method="post" noValidate onSubmit={form.onSubmit} className="space-y-5 px-3 pb-3">
        <input type="hidden" name="intent" value="edit" />
        <input type="hidden" name="reviewId" value={review.id} />
        <p className="text-sm text-stone-700">
          {format(c.editUntil, { date: longDate(until) })} {c.editRules}
        </p>
        <RatingField
          id={`rating-${review.id}`}
          error={form.errorOf('rating')}
          value={value('rating', String(review.rating))}
        />
        <PhotosMatchField
          id={`photos-${review.id}`}
          error={form.errorOf('photosMatch')}
          value={value('photosMatch', review.photosMatch ? 'yes' : 'no')}
        />
        <CountedTextArea
          label={t.reviewForm.body}
          name="body"
          schema={reviewSchema}
          rows={6}
          hint={t.reviewForm.bodyHint}
          error={form.errorOf('body')}
          defaultValue={value('body', review.body)}
        />
        <CheckboxField
          name="quotable"
          defaultChecked={typed ? typed('quotable') === 'on' : review.quotable}
        >
          {t.reviewForm.quotable}
        </CheckboxField>
        <div className="sm:max-w-xs">
          <SubmitButton label={c.editSubmit} pendingLabel={c.editSubmitting} pending={sending} />
        </div>
      </Form>
    </details>
  )
}

/** Withdrawing: the button sits behind a summary that says what it does (no JavaScript needed). */
function WithdrawForm({ review }: { review: AuthoredReview }) {
  const t = useT()
  const c = t.clientReviews
  const longDate = useLongDate()
  const sending = useSending('withdraw', review.id)
  const again = new Date(
    new Date(review.createdAt).getTime() + REVIEW_RULES.perProfileDays * 24 * 60 * 60_000,
  )
  return (
    <details className="rounded-md border border-stone-200">
      <summary className="cursor-pointer select-none px-3 py-2 text-sm font-medium text-red-800">
        {c.withdrawSummary}
      </summary>
      <Form method="post" className="space-y-3 px-3 pb-3">
        <input type="hidden" name="intent" value="withdraw" />
        <input type="hidden" name="reviewId" value={review.id} />
        <p className="text-sm text-stone-700">
          {format(c.withdrawText, { date: longDate(again) })}
        </p>
        <Button type="submit" tone="danger" disabled={sending}>
          {sending ? c.withdrawing : c.withdrawConfirm}
        </Button>
      </Form>
    </details>
  )
}
