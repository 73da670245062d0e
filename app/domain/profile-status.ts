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

/** Whether an approved profile is shown; listings require 'active' (SPEC §4). */
export const VISIBILITY_STATUSES = ['active', 'paused', 'hidden'] as const
export type VisibilityStatus = (typeof VISIBILITY_STATUSES)[number]

/** State of one identity check (document, video, overall). */
export const VERIFICATION_STATES = ['not_submitted', 'pending', 'approved', 'rejected'] as const
export type VerificationState = (typeof VERIFICATION_STATES)[number]
