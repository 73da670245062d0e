import { Link } from 'react-router'
import { Camera, MessageSquareReply, PenLine } from '#app/components/ui/icons.tsx'
import { BRAZIL_TIME_ZONE } from '#app/domain/brazil-time.ts'
import { pageWindow } from '#app/domain/pagination.ts'
import { paths } from '#app/domain/paths.ts'
import { formatRating } from '#app/domain/rating-format.ts'
import { AVERAGE_FROM } from '#app/domain/reviews.ts'
import { format, useCount, useLanguage, useT } from '#app/i18n/i18n.ts'
import type { PublicReview, ReviewPage } from '#app/modules/reviews/review-types.ts'
import { Stars } from './stars.tsx'

/**
 * A profile's reviews (issue 20 point 4), server-rendered under the anchor `avaliacoes`: the
 * summary (average and stars from AVERAGE_FROM reviews, the count, the share of 'photos match'),
 * a page of published reviews newest first with the provider's replies, page links, and the way
 * to write one (`canWrite`: not on demo profiles).
 */
export function ProfileReviews({
  username,
  reviews,
  canWrite,
}: {
  username: string
  reviews: ReviewPage
  canWrite: boolean
}) {
  const t = useT()
  const lang = useLanguage()
  const countText = useCount()
  const { summary } = reviews
  return (
    <section id="avaliacoes" aria-labelledby="reviews-heading" className="mt-8 scroll-mt-20">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="reviews-heading" className="text-xl font-semibold">
          {t.reviews.heading}
        </h2>
        {canWrite && (
          <Link
            to={paths.review(username)}
            rel="nofollow"
            className="inline-flex items-center gap-1 text-sm font-medium text-rose-900 underline"
          >
            <PenLine aria-hidden="true" className="size-4" />
            {t.reviews.write}
          </Link>
        )}
      </div>
      {summary.count === 0 ? (
        <p className="mt-2 text-stone-600">{t.reviews.none}</p>
      ) : (
        <>
          <div className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm" data-summary="">
            {summary.average !== null && (
              <>
                <Stars rating={summary.average} size="size-5" />
                <span className="text-base font-semibold">
                  {format(t.reviews.average, { average: formatRating(summary.average, lang) })}
                </span>
              </>
            )}
            <span className="text-stone-700">{countText(t.reviews.count, summary.count)}</span>
            {summary.photosMatchPercent !== null && (
              <span className="inline-flex items-center gap-1 text-stone-700">
                <Camera aria-hidden="true" className="size-4" />
                {format(t.reviews.photosMatchShare, { percent: summary.photosMatchPercent })}
              </span>
            )}
          </div>
          {summary.average === null && (
            <p className="mt-1 text-xs text-stone-500">
              {format(t.reviews.averageFrom, { count: AVERAGE_FROM })}
            </p>
          )}
          <ol className="mt-4 space-y-4">
            {reviews.reviews.map((review) => (
              <ReviewItem key={review.id} review={review} />
            ))}
          </ol>
          <ReviewPages username={username} page={reviews.page} pages={reviews.pageCount} />
        </>
      )}
    </section>
  )
}

function useDate() {
  const lang = useLanguage()
  // Brazilian time on server and browser alike, so both render the same day.
  const formatter = new Intl.DateTimeFormat(lang === 'pt' ? 'pt-BR' : 'en', {
    dateStyle: 'long',
    timeZone: BRAZIL_TIME_ZONE,
  })
  return (iso: string) => formatter.format(new Date(iso))
}

/** One review: its words are text, never markup (React escapes them). */
function ReviewItem({ review }: { review: PublicReview }) {
  const t = useT()
  const date = useDate()
  return (
    <li className="rounded-lg border border-stone-200 bg-white p-4" data-review="">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex items-center gap-2">
          <Stars rating={review.rating} />
          <span className="font-medium">{review.authorName}</span>
        </div>
        <time dateTime={review.createdAt} className="text-xs text-stone-500">
          {date(review.createdAt)}
        </time>
      </div>
      <p className="mt-1 text-xs text-stone-600">
        {review.photosMatch ? t.reviews.photosMatchYes : t.reviews.photosMatchNo}
      </p>
      <p className="mt-2 whitespace-pre-line text-stone-800 [overflow-wrap:anywhere]">
        {review.body}
      </p>
      {review.reply && (
        <div className="mt-3 border-l-2 border-rose-200 pl-3 text-sm" data-reply="">
          <p className="flex items-center gap-1 font-medium text-stone-700">
            <MessageSquareReply aria-hidden="true" className="size-4" />
            {t.reviews.reply}
            {review.repliedAt && (
              <time dateTime={review.repliedAt} className="ml-1 text-xs font-normal text-stone-500">
                {date(review.repliedAt)}
              </time>
            )}
          </p>
          <p className="mt-1 whitespace-pre-line text-stone-700 [overflow-wrap:anywhere]">
            {review.reply}
          </p>
        </div>
      )}
    </li>
  )
}

/** Links to the other pages of reviews (`?avaliacoes=N#avaliacoes`), page 1 without the query. */
function ReviewPages({ username, page, pages }: { username: string; page: number; pages: number }) {
  const t = useT()
  if (pages <= 1) return null
  const link = 'grid h-10 min-w-10 place-items-center rounded-md border px-3 text-sm'
  return (
    <nav aria-label={t.reviews.pages} className="mt-4 flex flex-wrap justify-center gap-2">
      {page > 1 && (
        <Link
          to={paths.profileReviews(username, page - 1)}
          rel="prev"
          className={`${link} border-stone-300 bg-white hover:bg-stone-100`}
        >
          {t.pagination.previous}
        </Link>
      )}
      {pageWindow(page, pages).map((target) =>
        target === page ? (
          <span
            key={target}
            aria-current="page"
            className={`${link} border-rose-800 bg-rose-800 font-semibold text-white`}
          >
            {target}
          </span>
        ) : (
          <Link
            key={target}
            to={paths.profileReviews(username, target)}
            aria-label={format(t.pagination.page, { page: target })}
            className={`${link} border-stone-300 bg-white hover:bg-stone-100`}
          >
            {target}
          </Link>
        ),
      )}
      {page < pages && (
        <Link
          to={paths.profileReviews(username, page + 1)}
          rel="next"
          className={`${link} border-stone-300 bg-white hover:bg-stone-100`}
        >
          {t.pagination.next}
        </Link>
      )}
    </nav>
  )
}
