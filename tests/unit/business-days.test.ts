import { describe, expect, it } from 'vitest'
import {
  availableAfterBusinessDays,
  bankHolidays,
  easterSunday,
  isBusinessDay,
  nextBusinessDay,
} from '#app/domain/business-days.ts'

// Brazilian business days for gifts (issue 22): weekends, national holidays and the days banks
// close (Carnival, Good Friday, Corpus Christi) are not business days.

describe('Easter and the holidays that follow it', () => {
  it.each([
    [2024, '2024-03-31'],
    [2025, '2025-04-20'],
    [2026, '2026-04-05'],
    [2027, '2027-03-28'],
    [2038, '2038-04-25'],
  ])('Easter %i is %s', (year, day) => {
    expect(easterSunday(year)).toBe(day)
  })

  it('lists 2026’s bank holidays', () => {
    expect([...bankHolidays(2026)].sort()).toEqual([
      '2026-01-01',
      '2026-02-16', // Carnival Monday
      '2026-02-17', // Carnival Tuesday
      '2026-04-03', // Good Friday
      '2026-04-21',
      '2026-05-01',
      '2026-06-04', // Corpus Christi
      '2026-09-07',
      '2026-10-12',
      '2026-11-02',
      '2026-11-15',
      '2026-11-20',
      '2026-12-25',
    ])
  })

  it('has Consciência Negra only from 2024', () => {
    expect(bankHolidays(2023).has('2023-11-20')).toBe(false)
    expect(bankHolidays(2024).has('2024-11-20')).toBe(true)
  })
})

describe('business days', () => {
  it.each([
    ['2026-11-26', true], // a Thursday
    ['2026-11-28', false], // Saturday
    ['2026-11-29', false], // Sunday
    ['2026-11-20', false], // Friday, Consciência Negra
    ['2026-12-25', false],
    ['2026-02-17', false], // Carnival Tuesday
    ['2026-02-18', true], // Ash Wednesday: banks open (at noon)
  ])('%s is a business day: %s', (day, expected) => {
    expect(isBusinessDay(day)).toBe(expected)
  })

  it('steps over weekends and holidays', () => {
    expect(nextBusinessDay('2026-11-26')).toBe('2026-11-27')
    expect(nextBusinessDay('2026-11-27')).toBe('2026-11-30')
    expect(nextBusinessDay('2026-11-19')).toBe('2026-11-23') // Friday the 20th is a holiday
    expect(nextBusinessDay('2026-12-31')).toBe('2027-01-04')
    expect(nextBusinessDay('2026-02-13')).toBe('2026-02-18') // over Carnival
  })
})

describe('when a gift becomes available (D+1 business day, Brasília)', () => {
  it.each([
    // Thursday afternoon: Friday at 00:00 in Brasília (03:00 UTC).
    ['2026-11-26T18:00:00Z', '2026-11-27T03:00:00.000Z'],
    // Thursday 23:30 in Brasília is Friday 02:30 UTC: still Thursday's gift.
    ['2026-11-27T02:30:00Z', '2026-11-27T03:00:00.000Z'],
    // Friday: Monday.
    ['2026-11-27T15:00:00Z', '2026-11-30T03:00:00.000Z'],
    // Saturday: Monday.
    ['2026-11-28T15:00:00Z', '2026-11-30T03:00:00.000Z'],
    // Thursday before Consciência Negra: Monday.
    ['2026-11-19T15:00:00Z', '2026-11-23T03:00:00.000Z'],
  ])('paid %s: available %s', (paid, available) => {
    expect(availableAfterBusinessDays(new Date(paid), 1).toISOString()).toBe(available)
  })
})
