import { BRAZIL_TIME_ZONE } from './brazil-time.ts'

// Brazilian business days (issue 22: a gift reaches the advertiser's balance within 1 business
// day). The banks' calendar: weekdays that are not a national holiday (Lei 662/1949 as amended,
// Lei 6.802/1980, Lei 14.759/2023) nor one of the days banks close by the Banco Central's rules
// (Carnival Monday and Tuesday, Good Friday, Corpus Christi). Pure: dates are 'YYYY-MM-DD'.

/** Easter Sunday of `year` (the anonymous Gregorian algorithm), as 'YYYY-MM-DD'. */
export function easterSunday(year: number): string {
  const a = year % 19
  const b = Math.floor(year / 100)
  const c = year % 100
  const d = Math.floor(b / 4)
  const e = b % 4
  const f = Math.floor((b + 8) / 25)
  const g = Math.floor((b - f + 1) / 3)
  const h = (19 * a + b - d - g + 15) % 30
  const i = Math.floor(c / 4)
  const k = c % 4
  const l = (32 + 2 * e + 2 * i - h - k) % 7
  const m = Math.floor((a + 11 * h + 22 * l) / 451)
  const month = Math.floor((h + l - 7 * m + 114) / 31)
  const day = ((h + l - 7 * m + 114) % 31) + 1
  return isoDate(Date.UTC(year, month - 1, day))
}

const DAY_MS = 86_400_000

const isoDate = (ms: number) => new Date(ms).toISOString().slice(0, 10)

/** The date `days` after (or before) `date`. */
export function addDays(date: string, days: number): string {
  return isoDate(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS)
}

/** The national holidays of `year` that fall on a fixed date ('MM-DD'), with the year they began. */
const FIXED_HOLIDAYS: [monthDay: string, since: number][] = [
  ['01-01', 0], // Confraternização Universal
  ['04-21', 0], // Tiradentes
  ['05-01', 0], // Dia do Trabalho
  ['09-07', 0], // Independência
  ['10-12', 0], // Nossa Senhora Aparecida (Lei 6.802/1980)
  ['11-02', 0], // Finados
  ['11-15', 0], // Proclamação da República
  ['11-20', 2024], // Dia Nacional de Zumbi e da Consciência Negra (Lei 14.759/2023)
  ['12-25', 0], // Natal
]

/** Days relative to Easter when banks close: Carnival Monday and Tuesday, Good Friday, Corpus Christi. */
const EASTER_OFFSETS = [-48, -47, -2, 60]

const holidayCache = new Map<number, Set<string>>()

/** Every day of `year` banks are closed on besides weekends. */
export function bankHolidays(year: number): Set<string> {
  const cached = holidayCache.get(year)
  if (cached) return cached
  const easter = easterSunday(year)
  const days = new Set<string>([
    ...FIXED_HOLIDAYS.filter(([, since]) => year >= since).map(([day]) => `${year}-${day}`),
    ...EASTER_OFFSETS.map((offset) => addDays(easter, offset)),
  ])
  holidayCache.set(year, days)
  return days
}

/** Whether banks open on `date` ('YYYY-MM-DD'). */
export function isBusinessDay(date: string): boolean {
  const weekday = new Date(`${date}T12:00:00Z`).getUTCDay()
  if (weekday === 0 || weekday === 6) return false
  return !bankHolidays(Number(date.slice(0, 4))).has(date)
}

/** The first business day after `date`. */
export function nextBusinessDay(date: string): string {
  let day = addDays(date, 1)
  while (!isBusinessDay(day)) day = addDays(day, 1)
  return day
}

/** Brasília's calendar date of `instant`. */
function brasiliaDate(instant: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: BRAZIL_TIME_ZONE }).format(instant)
}

/**
 * When money received at `instant` becomes available after `businessDays` business days: at the
 * start (00:00 in Brasília) of the business day that many business days after the day it came
 * (D+1: a gift paid on Friday evening or on Saturday is available on Monday, unless Monday is a
 * holiday). Brazil has kept UTC−3 all year since 2019.
 */
export function availableAfterBusinessDays(instant: Date, businessDays: number): Date {
  let day = brasiliaDate(instant)
  for (let i = 0; i < businessDays; i++) day = nextBusinessDay(day)
  return new Date(`${day}T00:00:00-03:00`)
}
