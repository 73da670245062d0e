import { describe, expect, it } from 'vitest'
import { ALT_PROFILE_LAYOUT_KEY, altLayoutEnabled, FEATURES } from '#app/domain/flags.ts'

describe('feature flags (SPEC §1)', () => {
  it('have the listed defaults', () => {
    expect(FEATURES).toEqual({
      geolocation: true,
      ageVerification: true,
      premiumProfiles: true,
      analytics: true,
      slugNormalization: true,
      enhancedGallery: true,
      mobileGestures: true,
      fairRotation: true,
      ageGate: true,
      whatsappContact: true,
      messaging: false,
      booking: false,
    })
  })

  it('switch the alternative profile layout on only from local storage', () => {
    expect(ALT_PROFILE_LAYOUT_KEY).toBe('aprova-alt-profile-layout')
    expect(altLayoutEnabled(null)).toBe(false)
    expect(altLayoutEnabled('0')).toBe(false)
    expect(altLayoutEnabled('1')).toBe(true)
    expect(altLayoutEnabled('true')).toBe(true)
  })
})
