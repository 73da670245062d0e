import type { ContactChannel } from '#app/domain/contact.ts'
import type { MembershipTier } from '#app/domain/membership.ts'
import type { Carousel } from './carousel.ts'

// What a profile page shows (queries.server.ts makes it), browser-safe for the components that
// draw it: the public page and its preview (issue 19 point 19).

export interface PublicProfilePhoto {
  id: string
  storagePath: string
  variantWidths: number[]
  width: number
  height: number
}

export interface PublicProfile {
  id: string
  username: string
  name: string
  age: number | null
  description: string | null
  hourlyRate: number | null
  membershipTier: MembershipTier
  verified: boolean
  touringAvailable: boolean
  showAvailabilityStatus: boolean
  availableNow: boolean
  isDemo: boolean
  updatedAt: Date | string
  citySlug: string | null
  cityName: string | null
  neighborhoodSlug: string | null
  neighborhoodName: string | null
  channels: ContactChannel[]
  services: { slug: string; namePt: string; nameEn: string }[]
  photos: PublicProfilePhoto[]
}

/** A profile page's data: the profile, its breadcrumb's city and its carousel. */
export interface ProfilePageData {
  profile: PublicProfile
  carousel: Carousel | null
  refCity?: string
  breadcrumbCity: { slug: string; name: string } | null
}
