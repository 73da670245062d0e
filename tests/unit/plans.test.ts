import { describe, expect, it } from 'vitest'
import {
  DEFAULT_PLAN_PRICES_CENTS,
  dailyValueCents,
  PLAN_DAYS,
  paymentRecordExpiry,
  pixAmount,
  pixAmountCents,
  planChange,
  purchaseKind,
} from '#app/domain/plans.ts'

const DAY = 86_400_000
const now = new Date('2026-11-25T12:00:00Z')
const prices = DEFAULT_PLAN_PRICES_CENTS
const daysFromNow = (date: Date) => (date.getTime() - now.getTime()) / DAY

describe('planChange (issue 21 point 3)', () => {
  it('starts a plan for PLAN_DAYS on a free profile', () => {
    const change = planChange({ tier: 'free', expiresAt: null }, 'ouro', prices, now)
    expect(daysFromNow(change.expiresAt)).toBe(PLAN_DAYS)
    expect(change.creditedDays).toBe(0)
  })

  it('starts afresh when the paid plan has run out', () => {
    const ended = new Date(now.getTime() - DAY)
    const change = planChange({ tier: 'ouro', expiresAt: ended }, 'ouro', prices, now)
    expect(daysFromNow(change.expiresAt)).toBe(PLAN_DAYS)
  })

  it('moves the end of the same running plan PLAN_DAYS later', () => {
    const end = new Date(now.getTime() + 10.5 * DAY)
    const change = planChange({ tier: 'prata', expiresAt: end }, 'prata', prices, now)
    expect(change.expiresAt.getTime()).toBe(end.getTime() + PLAN_DAYS * DAY)
    expect(change.creditedDays).toBe(10)
  })

  it('credits an upgrade with the unused days converted at the two prices', () => {
    // 10 days of prata (R$ 119) are worth 119/249 of 10 days of VIP+.
    const end = new Date(now.getTime() + 10 * DAY)
    const change = planChange({ tier: 'prata', expiresAt: end }, 'vip_plus', prices, now)
    const credit = (10 * prices.prata) / prices.vip_plus
    expect(daysFromNow(change.expiresAt)).toBeCloseTo(PLAN_DAYS + credit, 5)
    expect(change.creditedDays).toBe(Math.floor(credit))
  })

  it('gives more days when the new plan is cheaper', () => {
    const end = new Date(now.getTime() + 6 * DAY)
    const change = planChange({ tier: 'ouro', expiresAt: end }, 'basico', prices, now)
    expect(daysFromNow(change.expiresAt)).toBeCloseTo(PLAN_DAYS + (6 * 17_900) / 4_900, 5)
  })
})

describe('purchaseKind: what the plan page offers each plan as', () => {
  const now = new Date('2026-06-01T12:00:00Z')
  const later = new Date('2026-06-10T12:00:00Z')
  const earlier = new Date('2026-05-20T12:00:00Z')
  it.each([
    [{ tier: 'free', expiresAt: null }, 'ouro', 'new'],
    [{ tier: 'ouro', expiresAt: earlier }, 'ouro', 'new'],
    [{ tier: 'ouro', expiresAt: null }, 'ouro', 'new'],
    [{ tier: 'ouro', expiresAt: later }, 'ouro', 'renew'],
    [{ tier: 'ouro', expiresAt: later }, 'vip_plus', 'change'],
    [{ tier: 'prata', expiresAt: later }, 'basico', 'change'],
  ] as const)('%o buying %s is %s', (current, bought, kind) => {
    expect(purchaseKind(current, bought, now)).toBe(kind)
  })
})

describe('amounts as the API Pix writes them', () => {
  it('writes centavos with two decimals and a dot', () => {
    expect(pixAmount(4_900)).toBe('49.00')
    expect(pixAmount(5)).toBe('0.05')
    expect(pixAmount(123_456)).toBe('1234.56')
    expect(() => pixAmount(-1)).toThrow(RangeError)
    expect(() => pixAmount(1.5)).toThrow(RangeError)
  })

  it('reads them back, and nothing else', () => {
    expect(pixAmountCents('49.00')).toBe(4_900)
    expect(pixAmountCents('0.05')).toBe(5)
    for (const bad of ['49', '49.0', '49,00', '-1.00', ' 1.00', '1e3.00', 49, null, undefined]) {
      expect(pixAmountCents(bad)).toBeNull()
    }
  })
})

describe('the daily value and the records kept', () => {
  it('is a 30-day price divided by 30, rounded to the centavo', () => {
    expect(dailyValueCents(4_900)).toBe(163)
    expect(dailyValueCents(24_900)).toBe(830)
  })

  it('keeps payment records 5 years after the end of the year of payment', () => {
    expect(paymentRecordExpiry(new Date('2026-03-10T12:00:00Z')).toISOString()).toBe(
      '2032-01-01T00:00:00.000Z',
    )
  })
})
