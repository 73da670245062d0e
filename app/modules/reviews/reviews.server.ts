// Client reviews (SPEC §6, issue 20; ADR 0018): who may write one, writing it, and what the
// public pages show; one place to import them from, each subject in its own file. The team's
// decisions live in modules/moderation/reviews.server.ts and the provider's reply and report in
// provider-replies.server.ts.

export {
  type Eligibility,
  type Reviewer,
  type ReviewTarget,
  reviewChecklist,
  reviewEligibility,
  reviewTarget,
} from './review-eligibility.server.ts'
export {
  ratingsOf,
  reviewDataOf,
  reviewsOfProfile,
  testimonials,
} from './review-reading.server.ts'
export {
  deviceOf,
  forgetReviewNetworks,
  nearDuplicate,
  type ReviewOrigin,
  type SubmitResult,
  submitReview,
  tellProviderOfReview,
} from './review-writing.server.ts'
