import type { Language } from '#app/domain/language.ts'
import {
  rateVital,
  VITAL_METRICS,
  VITAL_THRESHOLDS,
  type VitalMetric,
  type VitalRating,
} from '#app/domain/web-vitals.ts'
import { format, useCount, useLanguage, useT } from '#app/i18n/i18n.ts'
import type { VitalFigure, VitalFigures } from '#app/modules/analytics/types.ts'

// The parts of the team's web-vitals page (issue 24 point 4): a metric's 75th percentile with
// its rating in words (the colour only repeats it) and the thresholds it is rated against.

const RATING_CLASS: Record<VitalRating, string> = {
  good: 'border-emerald-300 bg-emerald-50 text-emerald-900',
  needsImprovement: 'border-amber-300 bg-amber-50 text-amber-950',
  poor: 'border-red-300 bg-red-50 text-red-900',
}

/** A metric's value as the team reads it: LCP in seconds, CLS without unit, the rest in ms. */
function useVitalFormat(): (metric: VitalMetric, value: number) => string {
  const t = useT().admin.vitals
  const language: Language = useLanguage()
  const locale = language === 'pt' ? 'pt-BR' : 'en'
  const seconds = new Intl.NumberFormat(locale, { maximumFractionDigits: 2 })
  const milliseconds = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 })
  const unitless = new Intl.NumberFormat(locale, {
    minimumFractionDigits: 2,
    maximumFractionDigits: 3,
  })
  return (metric, value) => {
    if (metric === 'CLS') return unitless.format(value)
    if (metric === 'LCP') return format(t.seconds, { value: seconds.format(value / 1000) })
    return format(t.milliseconds, { value: milliseconds.format(value) })
  }
}

/** The rating of a value, in words. */
export function RatingBadge({ metric, value }: { metric: VitalMetric; value: number }) {
  const t = useT().admin.vitals
  const rating = rateVital(metric, value)
  return (
    <span
      className={`inline-block rounded-full border px-2 py-0.5 text-xs font-medium ${RATING_CLASS[rating]}`}
    >
      {t.ratings[rating]}
    </span>
  )
}

/** One card per metric: its 75th percentile, rating, samples and thresholds. */
export function VitalCards({ figures }: { figures: VitalFigures }) {
  const t = useT().admin.vitals
  const count = useCount()
  const show = useVitalFormat()
  return (
    <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-4">
      {VITAL_METRICS.map((metric) => {
        const { p75, samples } = figures[metric]
        const { good, poor } = VITAL_THRESHOLDS[metric]
        return (
          <li
            key={metric}
            data-metric={metric}
            className="space-y-1 rounded-md border border-stone-200 bg-white p-3"
          >
            <h3 className="text-sm font-medium text-stone-700">{t.metrics[metric]}</h3>
            {p75 === null ? (
              <p className="text-sm text-stone-600">{t.noSamples}</p>
            ) : (
              <>
                <p className="flex flex-wrap items-baseline gap-x-2 gap-y-1">
                  <span className="sr-only">{t.p75}: </span>
                  <strong className="text-2xl tabular-nums">{show(metric, p75)}</strong>
                  <RatingBadge metric={metric} value={p75} />
                </p>
                <p className="text-xs text-stone-600">{count(t.samples, samples)}</p>
              </>
            )}
            <p className="text-xs text-stone-600">
              {format(t.thresholds, { good: show(metric, good), poor: show(metric, poor) })}
            </p>
          </li>
        )
      })}
    </ul>
  )
}

function FigureCell({ metric, figure }: { metric: VitalMetric; figure: VitalFigure }) {
  const t = useT().admin.vitals
  const count = useCount()
  const show = useVitalFormat()
  if (figure.p75 === null) {
    return <td className="py-2 pl-2 text-right text-xs text-stone-500">{t.noSamples}</td>
  }
  return (
    <td className="py-2 pl-2 text-right align-top">
      <span className="block whitespace-nowrap font-semibold tabular-nums">
        {show(metric, figure.p75)}
      </span>
      <RatingBadge metric={metric} value={figure.p75} />
      <span className="block whitespace-nowrap text-xs text-stone-600">
        {count(t.samples, figure.samples)}
      </span>
    </td>
  )
}

/** A table of the 75th percentiles: a row per page type or device, a column per metric. */
export function VitalsTable({
  heading,
  rows,
}: {
  heading: string
  rows: { key: string; label: string; figures: VitalFigures }[]
}) {
  const t = useT().admin.vitals
  return (
    <div className="-mx-1 overflow-x-auto px-1">
      <table className="w-full min-w-[36rem] text-sm">
        <thead>
          <tr className="border-b border-stone-200 text-xs text-stone-600">
            <th scope="col" className="py-2 text-left font-medium">
              {heading}
            </th>
            {VITAL_METRICS.map((metric) => (
              <th key={metric} scope="col" className="py-2 pl-2 text-right font-medium">
                <abbr title={t.metrics[metric]} className="no-underline">
                  {metric}
                </abbr>
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-stone-100">
          {rows.map((row) => (
            <tr key={row.key} data-row={row.key}>
              <th scope="row" className="py-2 pr-2 text-left align-top font-normal">
                {row.label}
              </th>
              {VITAL_METRICS.map((metric) => (
                <FigureCell key={metric} metric={metric} figure={row.figures[metric]} />
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
