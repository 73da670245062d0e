/** The site's clock: Brasília time, for calendar days in statistics, ages and dates on screen. */
export const BRAZIL_TIME_ZONE = 'America/Sao_Paulo'

const DAY_FORMAT = new Intl.DateTimeFormat('en-CA', {
  timeZone: BRAZIL_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
})

/** The calendar day in Brazil at `at`, as YYYY-MM-DD. */
export function brazilDay(at: Date = new Date()): string {
  return DAY_FORMAT.format(at)
}

/** The `count` calendar days up to `lastDay` (YYYY-MM-DD), oldest first. */
export function daysUpTo(lastDay: string, count: number): string[] {
  const end = Date.parse(`${lastDay}T12:00:00Z`)
  return Array.from({ length: count }, (_, i) =>
    new Date(end - (count - 1 - i) * 86_400_000).toISOString().slice(0, 10),
  )
}
