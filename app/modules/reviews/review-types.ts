import type { RatingSummary } from '#app/domain/reviews.ts'

// What the public pages receive of reviews (browser-safe: no server code).

/** A published review as the profile page shows it: the author's display name only. */
export interface PublicReview {
  id: string
  authorName: string
  rating: number
  photosMatch: boolean
  body: string
  /** ISO dates. */
  createdAt: string
  reply: string | null
  repliedAt: string | null
}

/** A page of a profile's published reviews, newest first, and the profile's summary. */
export interface ReviewPage {
  summary: RatingSummary
  reviews: PublicReview[]
  page: number
  pageCount: number
}

/** A testimonial of the home page: an excerpt of a review its author allowed to be quoted. */
export interface Testimonial {
  id: string
  excerpt: string
  rating: number
  authorName: string
  profileName: string
  profileUsername: string
}
