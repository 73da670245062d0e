/** What a profile card shows; never the phone number or other contact data. */
export interface ProfileCardData {
  id: string
  username: string
  name: string
  age: number | null
  city: string | null
  citySlug: string | null
  neighborhood: string | null
  /** At most CARD_DESCRIPTION_LENGTH + 1 characters: enough to know whether to cut. */
  description: string | null
  hourlyRate: number | null
  membershipTier: string
  verified: boolean
  touringAvailable: boolean
  /** Shows availability and is available now. */
  availableNow: boolean
  isDemo: boolean
  cover: { storagePath: string; variantWidths: number[]; width: number; height: number } | null
  /** Published reviews (issue 20 point 4): their count, and the average from AVERAGE_FROM up. */
  reviewCount: number
  ratingAverage: number | null
}

export interface ListingPage {
  profiles: ProfileCardData[]
  /** Every profile the query matches (the count a page shows: local and touring together). */
  total: number
  /** Of those, the touring ones based in another city (0 outside a city listing). */
  touring: number
  /** Of those, the ones showing 'available now' (the feed's 'online' count). */
  online: number
}
