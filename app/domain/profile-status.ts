/** Review state of a profile; only 'approved' profiles are ever public (SPEC §4). */
export const PROFILE_STATUSES = [
  'draft',
  'pending',
  'approved',
  'rejected',
  'suspended',
  'banned',
] as const
export type ProfileStatus = (typeof PROFILE_STATUSES)[number]

/**
 * Whether a provider's new name or photos wait for the team's review: on a profile that has been
 * public (approved, or suspended from approved), so nothing unreviewed goes out when it shows
 * again. On a draft or a profile in the queue the whole profile is reviewed anyway.
 */
export function changesNeedReview(status: ProfileStatus): boolean {
  return status === 'approved' || status === 'suspended'
}

/** A banned profile is closed: its provider can no longer change it (only delete photos or the account). */
export function isClosedProfile(status: ProfileStatus): boolean {
  return status === 'banned'
}

/** Whether an approved profile is shown; listings require 'active' (SPEC §4). */
export const VISIBILITY_STATUSES = ['active', 'paused', 'hidden'] as const
export type VisibilityStatus = (typeof VISIBILITY_STATUSES)[number]

/** State of one identity check (document, video, overall). */
export const VERIFICATION_STATES = ['not_submitted', 'pending', 'approved', 'rejected'] as const
export type VerificationState = (typeof VERIFICATION_STATES)[number]
