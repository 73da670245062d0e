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

const OFFSET_FORMAT = new Intl.DateTimeFormat('en-US', {
  timeZone: BRAZIL_TIME_ZONE,
  timeZoneName: 'longOffset',
})

/** The instant the calendar day `day` (YYYY-MM-DD) ends in Brazil: the next day's midnight. */
export function brazilDayEnd(day: string): Date {
  const next = new Date(Date.parse(`${day}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10)
  // The offset at noon of that day ('GMT-03:00'; 'GMT' alone when it is zero).
  const name = OFFSET_FORMAT.formatToParts(new Date(`${next}T12:00:00Z`)).find(
    (part) => part.type === 'timeZoneName',
  )?.value
  const offset = /GMT([+-]\d{2}:\d{2})/.exec(name ?? '')?.[1] ?? 'Z'
  return new Date(`${next}T00:00:00${offset}`)
}

/** The `count` calendar days up to `lastDay` (YYYY-MM-DD), oldest first. */
export function daysUpTo(lastDay: string, count: number): string[] {
  const end = Date.parse(`${lastDay}T12:00:00Z`)
  return Array.from({ length: count }, (_, i) =>
    new Date(end - (count - 1 - i) * 86_400_000).toISOString().slice(0, 10),
  )
}
