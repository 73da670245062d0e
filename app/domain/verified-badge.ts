// The verified badge (issue 19 point 3): one rule for every card and page. The terms define the
// badge as the staff's identity check, approved and not expired; a lapsed check leaves
// verification_status 'approved' (the verification calendar resets it), and a renewal under
// review or refused keeps it until the check lapses. contact_verified is a different fact (the
// contact was confirmed) and does not give the badge.

/** The verification_status that shows the badge. */
export const VERIFIED_BADGE_STATUS = 'approved'

/** Whether a profile with this verification_status shows the verified badge. */
export function hasVerifiedBadge(verificationStatus: string | null | undefined): boolean {
  return verificationStatus === VERIFIED_BADGE_STATUS
}

/** The same rule as SQL over a profiles row named `alias` (a constant, never input). */
export function verifiedBadgeSql(alias: string): string {
  return `(${alias}.verification_status = '${VERIFIED_BADGE_STATUS}')`
}
