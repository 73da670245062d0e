import { and, asc, count, eq, inArray, not, or, sql } from 'drizzle-orm'
import { CONTACT_CHANNELS, contactUrl } from '#app/domain/contact.ts'
import { changesNeedReview, isClosedProfile } from '#app/domain/profile-status.ts'
import { insertDraftProfile, isUniqueViolation } from '#app/modules/auth/account-setup.server.ts'
import type { FieldError } from '#app/modules/forms/checks.ts'
import { isBannedIdentifier } from '#app/modules/security/ban-list.server.ts'
import type { Database } from '#db/client.server.ts'
import { db } from '#db/client.server.ts'
import {
  profileServices,
  profiles,
  reservationHolds,
  reservedUsernames,
} from '#db/schema/profiles.ts'
import { cities } from '#db/schema/reference.ts'
import type { ProfileInput } from './profile-schema.ts'

// A provider's own profile (issue 7): what the dashboard shows and how the editor saves it. Every
// function takes the signed-in user's id and touches only the profile that belongs to it.

const OWN_COLUMNS = {
  id: profiles.id,
  username: profiles.username,
  name: profiles.name,
  workingName: profiles.workingName,
  pendingWorkingName: profiles.pendingWorkingName,
  age: profiles.age,
  citySlug: profiles.citySlug,
  neighborhoodSlug: profiles.neighborhoodSlug,
  description: profiles.description,
  hourlyRate: profiles.hourlyRate,
  whatsapp: profiles.whatsapp,
  telegram: profiles.telegram,
  xHandle: profiles.xHandle,
  touringAvailable: profiles.touringAvailable,
  showAvailabilityStatus: profiles.showAvailabilityStatus,
  availableNow: profiles.availableNow,
  status: profiles.status,
  visibilityStatus: profiles.visibilityStatus,
  statusReason: profiles.statusReason,
  hiddenReason: profiles.hiddenReason,
  suspendedUntil: profiles.suspendedUntil,
  verifiedAt: profiles.verifiedAt,
  changesSubmittedAt: profiles.changesSubmittedAt,
  membershipTier: profiles.membershipTier,
  tierExpiresAt: profiles.tierExpiresAt,
  monthlyPhotoUploads: profiles.monthlyPhotoUploads,
  photoUploadResetDate: profiles.photoUploadResetDate,
  updatedAt: profiles.updatedAt,
}

/**
 * The provider's profile, created as a draft when the account has none (an account whose role
 * the team changed to provider).
 */
export async function ensureOwnProfile(account: { id: string; name: string }) {
  const existing = await ownProfile(account.id)
  if (existing) return existing
  await db().transaction((tx) => insertDraftProfile(tx, account, null))
  const created = await ownProfile(account.id)
  if (!created) throw new Error('the draft profile was not created')
  return created
}

/** The provider's profile with its services, photo count and pending identity check, or null. */
export async function ownProfile(userId: string) {
  const [profile] = await db()
    .select({
      ...OWN_COLUMNS,
      // Written out in SQL: inside a subquery drizzle would name the columns without their table.
      photoCount: sql<number>`(select count(*)::int from images i
        where i.profile_id = profiles.id and i.verification_type in ('profile', 'pending'))`,
      documentsPending: sql<boolean>`exists (select 1 from verification_submissions v
        where v.profile_id = profiles.id and v.status = 'pending')`,
    })
    .from(profiles)
    .where(eq(profiles.userId, userId))
    .limit(1)
  if (!profile) return null
  const offered = await db()
    .select({ slug: profileServices.serviceSlug })
    .from(profileServices)
    .where(eq(profileServices.profileId, profile.id))
    .orderBy(asc(profileServices.serviceSlug))
  const stored = { whatsapp: profile.whatsapp, telegram: profile.telegram, x: profile.xHandle }
  return {
    ...profile,
    services: offered.map((row) => row.slug),
    contacts: CONTACT_CHANNELS.filter((channel) => contactUrl(channel, stored[channel], '')).length,
  }
}

export type OwnProfile = NonNullable<Awaited<ReturnType<typeof ownProfile>>>

/** Whether `username` is free for the profile `profileId` (its own old names are). */
async function usernameFree(tx: Database, username: string, profileId: string) {
  const [taken] = await tx
    .select({ n: count() })
    .from(profiles)
    .where(and(eq(profiles.username, username), sql`${profiles.id} <> ${profileId}`))
  const [reserved] = await tx
    .select({ profileId: reservedUsernames.profileId })
    .from(reservedUsernames)
    .where(and(eq(reservedUsernames.username, username), reservationHolds))
  return (taken?.n ?? 0) === 0 && (!reserved || reserved.profileId === profileId)
}

export type SaveResult = { ok: true; forReview: boolean } | { ok: false; error: FieldError }

/**
 * Saves the editor's values on the user's profile. A new username keeps the old one reserved,
 * so links to it redirect (SPEC §4), once the profile has been public. On an approved profile a new working name waits for review
 * (pending_working_name) while the approved one stays public; everything else applies at once.
 */
export async function saveOwnProfile(userId: string, input: ProfileInput): Promise<SaveResult> {
  // A banned provider's number does not advertise again (issue 8 item 3). Asked before the
  // transaction: PGlite has one connection, which the transaction holds.
  if (input.whatsapp && (await isBannedIdentifier('phone', input.whatsapp))) {
    return { ok: false, error: { field: 'whatsapp', message: 'phoneBlocked' } }
  }
  try {
    return await db().transaction(async (tx) => {
      const [current] = await tx
        .select({
          id: profiles.id,
          username: profiles.username,
          workingName: profiles.workingName,
          status: profiles.status,
          verifiedAt: profiles.verifiedAt,
        })
        .from(profiles)
        .where(eq(profiles.userId, userId))
        .for('update')
      if (!current) throw new Error('the provider has no profile')
      if (isClosedProfile(current.status)) {
        return { ok: false, error: { field: 'form', message: 'profileClosed' } } as const
      }
      if (input.username !== current.username) {
        if (!(await usernameFree(tx, input.username, current.id))) {
          return { ok: false, error: { field: 'username', message: 'usernameTaken' } } as const
        }
        // Her own old name, or a hold that ran out (a deleted profile's, 90 days on), goes.
        await tx
          .delete(reservedUsernames)
          .where(
            and(
              eq(reservedUsernames.username, input.username),
              or(eq(reservedUsernames.profileId, current.id), not(reservationHolds)),
            ),
          )
        // Only an address that has been public has links to keep: a draft's names are not held
        // (else one account could sit on any number of popular names).
        if (current.verifiedAt !== null || changesNeedReview(current.status)) {
          await tx
            .insert(reservedUsernames)
            .values({ username: current.username, profileId: current.id, reason: 'renamed' })
            .onConflictDoUpdate({
              target: reservedUsernames.username,
              set: { profileId: current.id, reason: 'renamed' },
            })
        }
      }
      const [city] = input.citySlug
        ? await tx.select({ name: cities.name }).from(cities).where(eq(cities.slug, input.citySlug))
        : []
      const renamed = input.workingName !== current.workingName
      const reviewed = changesNeedReview(current.status)
      const forReview = reviewed && renamed
      await tx
        .update(profiles)
        .set({
          username: input.username,
          ...(reviewed
            ? renamed
              ? { pendingWorkingName: input.workingName, changesSubmittedAt: sql`now()` }
              : { pendingWorkingName: null }
            : { name: input.workingName, workingName: input.workingName }),
          age: input.age,
          city: city?.name ?? null,
          citySlug: input.citySlug,
          neighborhoodSlug: input.neighborhoodSlug,
          description: input.description,
          hourlyRate: input.hourlyRate,
          whatsapp: input.whatsapp,
          telegram: input.telegram,
          xHandle: input.xHandle,
          touringAvailable: input.touringAvailable,
          showAvailabilityStatus: input.showAvailabilityStatus,
          availableNow: input.availableNow,
          updatedAt: sql`now()`,
        })
        .where(eq(profiles.id, current.id))
      // Only what changed: a save that changes nothing public tells no instance to forget pages.
      const offered = await tx
        .select({ serviceSlug: profileServices.serviceSlug })
        .from(profileServices)
        .where(eq(profileServices.profileId, current.id))
      const had = new Set(offered.map((row) => row.serviceSlug))
      const dropped = [...had].filter((slug) => !input.services.includes(slug))
      const added = input.services.filter((slug) => !had.has(slug))
      if (dropped.length > 0) {
        await tx
          .delete(profileServices)
          .where(
            and(
              eq(profileServices.profileId, current.id),
              inArray(profileServices.serviceSlug, dropped),
            ),
          )
      }
      if (added.length > 0) {
        await tx
          .insert(profileServices)
          .values(added.map((serviceSlug) => ({ profileId: current.id, serviceSlug })))
      }
      return { ok: true, forReview } as const
    })
  } catch (error) {
    // Another profile took the username between the check and the write.
    if (isUniqueViolation(error)) {
      return { ok: false, error: { field: 'username', message: 'usernameTaken' } }
    }
    throw error
  }
}

/**
 * Pauses or republishes an approved profile (issue 7 item 6). A profile the team hid, suspended
 * or banned is not the provider's to change: false.
 */
export async function setPaused(userId: string, paused: boolean): Promise<boolean> {
  const changed = await db()
    .update(profiles)
    .set({ visibilityStatus: paused ? 'paused' : 'active', updatedAt: sql`now()` })
    .where(
      and(
        eq(profiles.userId, userId),
        eq(profiles.status, 'approved'),
        inArray(profiles.visibilityStatus, paused ? ['active'] : ['paused']),
      ),
    )
    .returning({ id: profiles.id })
  return changed.length > 0
}
