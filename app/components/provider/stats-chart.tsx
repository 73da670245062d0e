import { cardClass } from '#app/components/ui/card.tsx'
import { BRAZIL_TIME_ZONE } from '#app/domain/brazil-time.ts'
import { format, useLanguage, useT } from '#app/i18n/i18n.ts'

export interface DayFigures {
  day: string
  views: number
  clicks: number
}

/**
 * Views and contact clicks per day (issue 7 item 7) as a small bar chart drawn on the server
 * (SVG, no script), with the totals in words and each day's figures as its title.
 */
export function StatsChart({ days }: { days: DayFigures[] }) {
  const t = useT()
  const lang = useLanguage()
  const number = new Intl.NumberFormat(lang === 'pt' ? 'pt-BR' : 'en')
  const dayName = new Intl.DateTimeFormat(lang === 'pt' ? 'pt-BR' : 'en', {
    day: 'numeric',
    month: 'short',
    timeZone: BRAZIL_TIME_ZONE,
  })
  const views = days.reduce((sum, day) => sum + day.views, 0)
  const clicks = days.reduce((sum, day) => sum + day.clicks, 0)
  const top = Math.max(1, ...days.map((day) => Math.max(day.views, day.clicks)))
  const width = 300
  const height = 80
  const slot = width / Math.max(1, days.length)
  const bar = Math.max(1, slot / 2 - 1)
  return (
    <section aria-labelledby="stats-title" className={cardClass}>
      <h2 id="stats-title" className="font-semibold">
        {t.dashboard.stats.title}
      </h2>
      <dl className="mt-2 flex gap-6 text-sm">
        <div>
          <dt className="flex items-center gap-1.5 text-stone-600">
            <span aria-hidden="true" className="inline-block size-2.5 rounded-sm bg-rose-800" />
            {t.dashboard.stats.views}
          </dt>
          <dd className="text-xl font-semibold tabular-nums">{number.format(views)}</dd>
        </div>
        <div>
          <dt className="flex items-center gap-1.5 text-stone-600">
            <span aria-hidden="true" className="inline-block size-2.5 rounded-sm bg-amber-500" />
            {t.dashboard.stats.clicks}
          </dt>
          <dd className="text-xl font-semibold tabular-nums">{number.format(clicks)}</dd>
        </div>
      </dl>
      {views + clicks === 0 ? (
        <p className="mt-3 text-sm text-stone-600">{t.dashboard.stats.empty}</p>
      ) : (
        <svg
          role="img"
          aria-label={t.dashboard.stats.chart}
          viewBox={`0 0 ${width} ${height}`}
          className="mt-3 h-24 w-full"
          preserveAspectRatio="none"
        >
          {days.map((day, i) => {
            const x = i * slot
            const label = format(t.dashboard.stats.day, {
              date: dayName.format(new Date(`${day.day}T12:00:00Z`)),
              views: day.views,
              clicks: day.clicks,
            })
            const viewsHeight = (day.views / top) * height
            const clicksHeight = (day.clicks / top) * height
            return (
              <g key={day.day}>
                <title>{label}</title>
                <rect
                  x={x}
                  y={height - viewsHeight}
                  width={bar}
                  height={viewsHeight}
                  className="fill-rose-800"
                />
                <rect
                  x={x + bar + 1}
                  y={height - clicksHeight}
                  width={bar}
                  height={clicksHeight}
                  className="fill-amber-500"
                />
              </g>
            )
          })}
        </svg>
      )}
    </section>
  )
}
