import { Star } from '#app/components/ui/icons.tsx'
import { formatRating } from '#app/domain/rating-format.ts'
import { RATINGS } from '#app/domain/reviews.ts'
import { format, useCount, useLanguage, useT } from '#app/i18n/i18n.ts'

/** Five stars, `rating` of them filled (rounded to the nearest whole star), read out as words. */
export function Stars({ rating, size = 'size-4' }: { rating: number; size?: string }) {
  const t = useT()
  const lang = useLanguage()
  const filled = Math.round(rating)
  const label = format(t.reviews.stars, {
    rating: Number.isInteger(rating) ? rating : formatRating(rating, lang),
  })
  return (
    <span role="img" aria-label={label} title={label} className="inline-flex items-center gap-0.5">
      {RATINGS.map((star) => (
        <Star
          key={star}
          aria-hidden="true"
          className={`${size} ${star <= filled ? 'fill-amber-400 text-amber-500' : 'fill-none text-stone-300'}`}
        />
      ))}
    </span>
  )
}

/**
 * A card's rating (issue 20 point 4): '★ 4,7 (12)' from AVERAGE_FROM reviews, the count alone
 * below that ('2 avaliações'), nothing without reviews.
 */
export function CardRating({ count, average }: { count: number; average: number | null }) {
  const t = useT()
  const lang = useLanguage()
  const countText = useCount()
  if (count <= 0) return null
  if (average === null) {
    return (
      <p className="text-xs text-stone-600" data-rating="">
        {countText(t.reviews.count, count)}
      </p>
    )
  }
  const shown = formatRating(average, lang)
  return (
    <p className="text-sm text-stone-800" data-rating="">
      <span aria-hidden="true">
        <span className="text-amber-500">★</span> <span className="font-medium">{shown}</span>{' '}
        <span className="text-stone-600">({count})</span>
      </span>
      <span className="sr-only">{countText(t.reviews.cardRating, count, { average: shown })}</span>
    </p>
  )
}
