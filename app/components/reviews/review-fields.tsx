import { Star } from '#app/components/ui/icons.tsx'
import { BRAZIL_TIME_ZONE } from '#app/domain/brazil-time.ts'
import { RATINGS } from '#app/domain/reviews.ts'
import { format, useLanguage, useT } from '#app/i18n/i18n.ts'
import type { FormErrorKey } from '#app/modules/forms/checks.ts'

// The fields a review is written with (issue 20), on the review page and in the client's
// "My reviews" (issue 33), where one page holds a form per review: `id` keeps their messages
// apart.

/** A moment as a visitor in Brazil reads it: the long date and the hour, in Brasília time. */
export function useDateAndTime() {
  const lang = useLanguage()
  const locale = lang === 'pt' ? 'pt-BR' : 'en'
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: BRAZIL_TIME_ZONE })
  const time = new Intl.DateTimeFormat(locale, {
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone: BRAZIL_TIME_ZONE,
  })
  return (iso: string | Date) => ({
    date: date.format(new Date(iso)),
    time: time.format(new Date(iso)),
  })
}

/** The 1–5 stars: radio inputs (arrow keys move between them), each named in words. */
export function RatingField({
  error,
  value,
  id = 'rating',
}: {
  error?: string
  value?: string
  id?: string
}) {
  const t = useT()
  const r = t.reviewForm
  return (
    <fieldset aria-describedby={error ? `${id}-message` : undefined}>
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
        <p id={`${id}-message`} role="alert" className="mt-1 text-sm text-red-700">
          {t.formErrors.ratingRequired}
        </p>
      ) : null}
    </fieldset>
  )
}

/** Whether the photos match the person: yes or no. */
export function PhotosMatchField({
  error,
  value,
  id = 'photos',
}: {
  error?: FormErrorKey
  value?: string
  id?: string
}) {
  const t = useT()
  const r = t.reviewForm
  return (
    <fieldset aria-describedby={error ? `${id}-message` : undefined}>
      <legend className="mb-2 text-sm font-medium text-stone-800">{r.photosLegend}</legend>
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
              defaultChecked={value === answer}
              className="size-4 accent-rose-800"
            />
            <span>{r[answer]}</span>
          </label>
        ))}
      </div>
      {error ? (
        <p id={`${id}-message`} role="alert" className="mt-1 text-sm text-red-700">
          {t.formErrors[error]}
        </p>
      ) : null}
    </fieldset>
  )
}
