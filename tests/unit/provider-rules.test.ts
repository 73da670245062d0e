import { describe, expect, it } from 'vitest'
import { contactHandle } from '#app/domain/contact.ts'
import { formatPhone, whatsappE164 } from '#app/domain/phone.ts'
import {
  hashDistance,
  missingItems,
  nextUploadReset,
  type OwnProfileFacts,
  providerStanding,
  uploadAllowance,
  verificationEndsAt,
} from '#app/domain/provider.ts'

describe('WhatsApp numbers in E.164', () => {
  it.each([
    ['(11) 99999-0000', '+5511999990000'],
    ['11 99999 0000', '+5511999990000'],
    ['011 99999-0000', '+5511999990000'],
    ['+55 (21) 98888-7777', '+5521988887777'],
    ['+55 11 3333-4444', '+551133334444'],
    ['(11) 3333-4444', '+551133334444'],
    ['+351 912 345 678', '+351912345678'],
    ['+1 (415) 555-0100', '+14155550100'],
    ['(10) 99999-0000', undefined],
    ['(11) 89999-0000', undefined],
    ['(11) 9999-000', undefined],
    ['(11) 1333-4444', undefined],
    ['+55 11 99999-00001', undefined],
    ['+0 123 456 789', undefined],
    ['+1234567', undefined],
    ['11 99999-0000 ramal 2', undefined],
    ['', undefined],
  ])('%j → %s', (typed, e164) => {
    expect(whatsappE164(typed)).toBe(e164)
  })

  it('reads a Brazilian number back the way people write it', () => {
    expect(formatPhone('+5511999990000')).toBe('+55 11 99999-0000')
    expect(formatPhone('+551133334444')).toBe('+55 11 3333-4444')
    expect(formatPhone('+351912345678')).toBe('+351912345678')
  })
})

describe('Telegram and X handles', () => {
  it.each([
    ['telegram', '@luna_azul', 'luna_azul'],
    ['telegram', 'https://t.me/luna_azul', 'luna_azul'],
    ['telegram', 'luna', undefined],
    ['telegram', '1luna_azul', undefined],
    ['x', '@luna', 'luna'],
    ['x', 'https://twitter.com/luna_azul/', 'luna_azul'],
    ['x', 'luna.azul', undefined],
    ['x', 'a'.repeat(16), undefined],
  ] as const)('%s %j → %s', (channel, typed, handle) => {
    expect(contactHandle(channel, typed)).toBe(handle)
  })
})

describe('monthly photo uploads', () => {
  it('start over on the first day of the next month', () => {
    expect(nextUploadReset({ year: 2026, month: 11, day: 23 })).toEqual({
      year: 2026,
      month: 12,
      day: 1,
    })
    expect(nextUploadReset({ year: 2026, month: 12, day: 31 })).toEqual({
      year: 2027,
      month: 1,
      day: 1,
    })
  })

  it('count against the tier until the reset date, then from zero', () => {
    const resetOn = { year: 2026, month: 12, day: 1 }
    expect(
      uploadAllowance({
        tier: 'free',
        used: 7,
        resetOn,
        today: { year: 2026, month: 11, day: 30 },
      }),
    ).toEqual({ used: 7, limit: 10, remaining: 3, resetOn })
    expect(
      uploadAllowance({ tier: 'ouro', used: 7, resetOn, today: { year: 2026, month: 12, day: 1 } }),
    ).toEqual({ used: 0, limit: 60, remaining: 60, resetOn: { year: 2027, month: 1, day: 1 } })
    expect(
      uploadAllowance({
        tier: 'free',
        used: 12,
        resetOn,
        today: { year: 2026, month: 11, day: 2 },
      }),
    ).toMatchObject({ remaining: 0 })
    expect(
      uploadAllowance({
        tier: 'free',
        used: 0,
        resetOn: null,
        today: { year: 2026, month: 2, day: 28 },
      }),
    ).toMatchObject({ used: 0, resetOn: { year: 2026, month: 3, day: 1 } })
  })
})

it('perceptual hashes: bits that differ', () => {
  expect(hashDistance('0000000000000000', '0000000000000000')).toBe(0)
  expect(hashDistance('ffffffffffffffff', '0000000000000000')).toBe(64)
  expect(hashDistance('00000000000000ff', '000000000000000f')).toBe(4)
})

describe('where a profile stands (the dashboard banner)', () => {
  const base: OwnProfileFacts = {
    status: 'draft',
    visibility: 'active',
    statusReason: null,
    suspendedUntil: null,
    verifiedAt: null,
    changesSubmittedAt: null,
    workingName: 'Luna Clara',
    age: null,
    citySlug: null,
    description: null,
    contacts: 0,
    photos: 0,
    documentsPending: false,
  }
  const now = new Date('2026-11-23T12:00:00Z')

  it('a draft lists what is missing, documents last', () => {
    expect(providerStanding(base, now)).toEqual({
      kind: 'draft',
      missing: ['age', 'city', 'description', 'contact', 'photos', 'documents'],
      lapsed: false,
    })
    const complete = {
      ...base,
      age: 25,
      citySlug: 'recife',
      description: 'Olá! Sou a Luna, atendo em Boa Viagem com hora marcada.',
      contacts: 1,
      photos: 3,
    }
    expect(missingItems(complete)).toEqual(['documents'])
    expect(missingItems({ ...complete, documentsPending: true })).toEqual([])
  })

  it('suspension, ban and rejection carry their reason', () => {
    const until = new Date('2026-12-01T00:00:00Z')
    expect(
      providerStanding(
        { ...base, status: 'suspended', suspendedUntil: until, statusReason: 'x' },
        now,
      ),
    ).toEqual({ kind: 'suspended', until, reason: 'x' })
    expect(providerStanding({ ...base, status: 'banned', statusReason: 'y' }, now)).toEqual({
      kind: 'banned',
      reason: 'y',
    })
    expect(providerStanding({ ...base, status: 'rejected', statusReason: 'z' }, now)).toMatchObject(
      {
        kind: 'rejected',
        reason: 'z',
      },
    )
  })

  it('an approved profile knows when its verification lapses, and warns 15 days before', () => {
    const verifiedAt = new Date('2026-06-01T12:00:00Z')
    expect(verificationEndsAt(verifiedAt)).toEqual(new Date('2026-12-01T12:00:00Z'))
    const approved = { ...base, status: 'approved' as const, verifiedAt }
    expect(providerStanding(approved, new Date('2026-11-15T12:00:00Z'))).toMatchObject({
      kind: 'approved',
      renewSoon: false,
    })
    expect(providerStanding(approved, new Date('2026-11-16T12:00:00Z'))).toMatchObject({
      kind: 'approved',
      renewSoon: true,
      verificationEndsAt: new Date('2026-12-01T12:00:00Z'),
    })
    expect(
      providerStanding(
        { ...approved, visibility: 'hidden', hiddenReason: 'denúncia', changesSubmittedAt: now },
        now,
      ),
    ).toMatchObject({ visibility: 'hidden', reason: 'denúncia', changesPending: true })
  })
})
