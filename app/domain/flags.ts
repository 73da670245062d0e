// Feature flags of SPEC §1. All but the alternative profile layout are fixed for every visitor;
// that one is switched on per browser through local storage.

export const FEATURES = {
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
} as const

/** Local-storage key of the alternative profile (carousel) layout: '1' or 'true' turns it on. */
export const ALT_PROFILE_LAYOUT_KEY = 'aprova-alt-profile-layout'

export function altLayoutEnabled(stored: string | null | undefined): boolean {
  return stored === '1' || stored === 'true'
}

/** Local-storage key of the profiles a visitor saved on this device (issue 9 moves them to the account). */
export const DEVICE_FAVORITES_KEY = 'aprova-favorites'

/** Local-storage flag: the client declined to move the device's favourites to the account. */
export const FAVORITES_IMPORT_DISMISSED_KEY = 'aprova-favorites-import-dismissed'
