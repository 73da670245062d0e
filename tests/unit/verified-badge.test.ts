import { describe, expect, it } from 'vitest'
import { hasVerifiedBadge, verifiedBadgeSql } from '#app/domain/verified-badge.ts'

describe('the verified badge rule (issue 19 point 3)', () => {
  it.each([
    ['approved', true],
    ['pending', false],
    ['rejected', false],
    ['not_submitted', false],
    [null, false],
    [undefined, false],
  ])('verification_status %s gives the badge: %s', (status, expected) => {
    expect(hasVerifiedBadge(status)).toBe(expected)
  })

  it('is the same rule in SQL', () => {
    expect(verifiedBadgeSql('p')).toBe("(p.verification_status = 'approved')")
  })
})
