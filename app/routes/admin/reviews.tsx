import { data, Link } from 'react-router'
import { AdminField, AdminForm, PageAnswer } from '#app/components/admin/admin-form.tsx'
import { AdminList, Panel, SectionTitle } from '#app/components/admin/admin-parts.tsx'
import { useLongDate } from '#app/components/provider/standing-banner.tsx'
import { useDateAndTime } from '#app/components/reviews/review-fields.tsx'
import { paths } from '#app/domain/paths.ts'
import {
  REVIEW_MODERATION_REASONS,
  REVIEW_RULES,
  type SuspicionSignal,
} from '#app/domain/reviews.ts'
import { format, useCount, useT } from '#app/i18n/i18n.ts'
import { adminAction } from '#app/modules/admin/actions.server.ts'
import { adminMeta } from '#app/modules/admin/meta.ts'
import { requireRole } from '#app/modules/auth/session.server.ts'
import { PRIVATE_NO_STORE } from '#app/modules/http/cache-control.ts'
import { passOnHeaders } from '#app/modules/http/route-headers.ts'
import { reviewQueue } from '#app/modules/moderation/reviews.server.ts'
import type { Route } from './+types/reviews'

// /admin/reviews (issue 20 points 3 and 5): reviews a suspicion rule held, reviews their
// provider reported, and the recent ones; publish, hide or remove with a listed reason, restore,
// close a report, choose a quotable one as a testimonial of the home page. Texts shown as text.

export const meta = (args: Route.MetaArgs) => adminMeta(args, 'reviews')

export async function loader({ request }: Route.LoaderArgs) {
  await requireRole(request, 'admin')
  const typed = Number(new URL(request.url).searchParams.get('page') ?? '1')
  const page = Number.isInteger(typed) && typed >= 1 && typed <= 10_000 ? typed : 1
  return data(await reviewQueue(page), { headers: PRIVATE_NO_STORE })
}

export const headers = passOnHeaders('Cache-Control')

export function action({ request }: Route.ActionArgs) {
  return adminAction(request, [
    'review-publish',
    'review-hide',
    'review-restore',
    'review-remove',
    'review-close-report',
    'review-feature',
    'review-unfeature',
  ])
}

type Row = Route.ComponentProps['loaderData']['pending'][number]

export default function AdminReviews({ loaderData }: Route.ComponentProps) {
  const t = useT()
  const r = t.admin.adminReviews
  const { pending, reported, recent, page, pageCount } = loaderData
  return (
    <div className="space-y-8">
      <PageAnswer />
      <p className="text-sm text-stone-600">{r.intro}</p>
      <Panel>
        <SectionTitle title={r.pendingTitle} hint={r.pendingHint} />
        <AdminList items={pending} empty={r.pendingEmpty}>
          {(review) => (
            <li key={review.id} className="grid gap-3 py-4 md:grid-cols-2">
              <ReviewFacts review={review} withAuthor />
              <div className="space-y-4">
                <AdminForm intent="review-publish" subject={review.id} submit={r.actions.publish} />
                <ReasonForm intent="review-hide" subject={review.id} />
                <ReasonForm intent="review-remove" subject={review.id} />
              </div>
            </li>
          )}
        </AdminList>
      </Panel>
      <Panel>
        <SectionTitle title={r.reportedTitle} hint={r.reportedHint} />
        <AdminList items={reported} empty={r.reportedEmpty}>
          {(review) => (
            <li key={review.id} className="grid gap-3 py-4 md:grid-cols-2">
              <ReviewFacts review={review} withAuthor />
              <div className="space-y-4">
                <AdminForm
                  intent="review-close-report"
                  subject={review.id}
                  submit={r.actions['close-report']}
                  tone="plain"
                >
                  {(error) => (
                    <AdminField
                      kind="textarea"
                      label={r.closeNoteLabel}
                      name="note"
                      error={error('note')}
                    />
                  )}
                </AdminForm>
                {review.status === 'published' ? (
                  <ReasonForm intent="review-hide" subject={review.id} />
                ) : null}
                <ReasonForm intent="review-remove" subject={review.id} />
              </div>
            </li>
          )}
        </AdminList>
      </Panel>
      <Panel>
        <div id="recent">
          <SectionTitle title={r.recentTitle} />
          <AdminList items={recent} empty={r.recentEmpty}>
            {(review) => (
              <li key={review.id} className="grid gap-3 py-4 md:grid-cols-2">
                <ReviewFacts review={review} />
                <div className="space-y-4">
                  {review.status === 'hidden' ? (
                    // Shown before: shown again; hidden while held: published (the provider is
                    // told then, as for any held review).
                    review.publishedAt ? (
                      <AdminForm
                        intent="review-restore"
                        subject={review.id}
                        submit={r.actions.restore}
                        tone="plain"
                      />
                    ) : (
                      <AdminForm
                        intent="review-publish"
                        subject={review.id}
                        submit={r.actions.publish}
                        tone="plain"
                      />
                    )
                  ) : (
                    <>
                      {review.featured ? (
                        <AdminForm
                          intent="review-unfeature"
                          subject={review.id}
                          submit={r.actions.unfeature}
                          tone="plain"
                        />
                      ) : review.quotable ? (
                        <AdminForm
                          intent="review-feature"
                          subject={review.id}
                          submit={r.actions.feature}
                          tone="plain"
                        />
                      ) : null}
                      <ReasonForm intent="review-hide" subject={review.id} />
                    </>
                  )}
                  <ReasonForm intent="review-remove" subject={review.id} />
                </div>
              </li>
            )}
          </AdminList>
          {pageCount > 1 ? (
            <nav aria-label={r.recentTitle} className="mt-4 flex items-center gap-4 text-sm">
              {page > 1 ? (
                <Link to={`${paths.adminReviews}?page=${page - 1}#recent`} className="underline">
                  {r.previous}
                </Link>
              ) : null}
              <span>{format(r.page, { page, count: pageCount })}</span>
              {page < pageCount ? (
                <Link to={`${paths.adminReviews}?page=${page + 1}#recent`} className="underline">
                  {r.next}
                </Link>
              ) : null}
            </nav>
          ) : null}
        </div>
      </Panel>
    </div>
  )
}

/** What the team needs to judge a review; its text always as text. */
function ReviewFacts({ review, withAuthor = false }: { review: Row; withAuthor?: boolean }) {
  const t = useT()
  const r = t.admin.adminReviews
  const longDate = useLongDate()
  return (
    <div className="space-y-1 text-sm">
      <p className="font-semibold">
        <Link to={`/admin/profiles/${review.profileId}`} className="underline">
          {format(r.profile, { name: review.profileName, username: review.profileUsername })}
        </Link>{' '}
        · {r.statuses[review.status]}
        {review.featured ? ` · ${r.featured}` : ''}
      </p>
      <p>
        {format(r.rating, { rating: review.rating })} ·{' '}
        {review.photosMatch ? r.photosMatch : r.photosDiffer} ·{' '}
        {review.quotable ? r.quotable : r.notQuotable}
      </p>
      <p className="text-stone-600">
        {format(r.writtenAt, { date: longDate(review.createdAt) })}
        {review.editedAt ? ` · ${format(r.editedAt, { date: longDate(review.editedAt) })}` : ''}
      </p>
      <blockquote className="whitespace-pre-line break-words rounded-md bg-stone-50 p-2 text-stone-800">
        {review.body}
      </blockquote>
      {review.reply ? (
        <p className="break-words text-stone-700">
          <span className="font-medium">{r.reply}:</span> {review.reply}
        </p>
      ) : null}
      {withAuthor ? (
        <>
          <p className="break-words">
            {format(r.author, { name: review.authorName, email: review.authorEmail })}
          </p>
          <p className="text-stone-600">
            {format(r.accountAge, { date: longDate(review.authorSince) })} ·{' '}
            {format(r.otherReviews, { count: review.authorOtherReviews })}
          </p>
          <ContactFact review={review} />
        </>
      ) : null}
      {review.signals.length > 0 ? (
        <div>
          <p className="font-medium text-amber-900">{r.signalsLabel}</p>
          <ul className="list-disc pl-5 text-amber-900">
            {review.signals.map((signal) => (
              <li key={signal}>{r.signals[signal as SuspicionSignal] ?? signal}</li>
            ))}
          </ul>
        </div>
      ) : null}
      {review.reportedAt ? (
        <div className="text-red-900">
          <p className="font-medium">
            {format(r.reportedAt, { date: longDate(review.reportedAt) })}
            {review.reportReason ? `: ${r.reportReasons[review.reportReason]}` : ''}
          </p>
          {review.reportDetails ? (
            <p className="whitespace-pre-line break-words">{review.reportDetails}</p>
          ) : null}
          {review.reportClosed ? <p className="text-stone-600">{r.reportClosed}</p> : null}
        </div>
      ) : null}
      {review.status === 'hidden' && review.moderationReason ? (
        <p className="text-stone-600">
          {format(r.hiddenFor, { reason: r.reasons[review.moderationReason] })}
        </p>
      ) : null}
    </div>
  )
}

/**
 * Whether and when the author opened the profile's contact through the site (issue 33 point 6),
 * with its button and how long before the review: what a "never met" report turns on.
 */
function ContactFact({ review }: { review: Row }) {
  const t = useT()
  const count = useCount()
  const r = t.admin.adminReviews
  const dateAndTime = useDateAndTime()
  const when = (date: Date | string) => format(t.reviewForm.dateTime, dateAndTime(date))
  if (!review.contactFirstAt) {
    return (
      <p data-fact="contact" className="font-medium text-amber-900">
        {format(r.contactNone, { keepDays: REVIEW_RULES.contactKeepDays })}
      </p>
    )
  }
  const first = new Date(review.contactFirstAt).getTime()
  const written = new Date(review.createdAt).getTime()
  const channel = review.contactChannel
    ? t.contact.channelNames[review.contactChannel]
    : r.channelUnknown
  const hours = Math.floor((written - first) / 3_600_000)
  const gap =
    hours < 48 ? format(r.gapHours, { count: hours }) : count(r.gapDays, Math.floor(hours / 24))
  return (
    <p data-fact="contact" className="text-stone-800">
      {format(first <= written ? r.contactBefore : r.contactAfter, {
        date: when(review.contactFirstAt),
        channel,
        gap,
      })}
      {review.contactLastAt && new Date(review.contactLastAt).getTime() !== first
        ? ` · ${format(r.contactLast, { date: when(review.contactLastAt) })}`
        : ''}
    </p>
  )
}

/** Hides or removes a review: a listed reason, and words for 'other'. */
function ReasonForm({
  intent,
  subject,
}: {
  intent: 'review-hide' | 'review-remove'
  subject: string
}) {
  const t = useT()
  const r = t.admin.adminReviews
  return (
    <AdminForm
      intent={intent}
      subject={subject}
      submit={intent === 'review-hide' ? r.actions.hide : r.actions.remove}
      tone="danger"
    >
      {(error) => (
        <>
          <AdminField
            kind="select"
            label={r.reasonLabel}
            name="reason"
            error={error('reason')}
            defaultValue=""
            options={[
              { value: '', label: r.reasonPick },
              ...REVIEW_MODERATION_REASONS.map((one) => ({ value: one, label: r.reasons[one] })),
            ]}
          />
          <AdminField kind="textarea" label={r.noteLabel} name="note" error={error('note')} />
        </>
      )}
    </AdminForm>
  )
}
