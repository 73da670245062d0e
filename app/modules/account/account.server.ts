import { and, asc, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm'
import { authHeaders, type Caller, roleOf } from '#app/modules/auth/accounts.server.ts'
import { auth, withAuthCall } from '#app/modules/auth/auth.server.ts'
import { tellOwner } from '#app/modules/auth/security-notices.server.ts'
import type { FieldError } from '#app/modules/forms/checks.ts'
import { giftRecordsOf as giftsGivenBy } from '#app/modules/payments/client-gifts.server.ts'
import { lockBalance, providerBalance } from '#app/modules/payments/ledger.server.ts'
import { paymentRecordsOf } from '#app/modules/payments/payments.server.ts'
import { giftRecordsOf as giftsAndWithdrawalsOf } from '#app/modules/payments/provider-gifts.server.ts'
import { discardPhotoRows } from '#app/modules/provider/photos.server.ts'
import { discardSubmissionFiles } from '#app/modules/provider/verification-documents.server.ts'
import { reviewDataOf } from '#app/modules/reviews/reviews.server.ts'
import { log } from '#app/platform/logger.server.ts'
import { db } from '#db/client.server.ts'
import {
  account,
  clientProfiles,
  knownDevices,
  session,
  sessionAssurance,
  user,
  userRoles,
} from '#db/schema/auth.ts'
import { favorites, recentlyViewed } from '#db/schema/clients.ts'
import { reports } from '#db/schema/moderation.ts'
import { images, profileServices, profiles, verificationSubmissions } from '#db/schema/profiles.ts'
import { profileDailyStats } from '#db/schema/stats.ts'

// What every account can do with itself (issue 7 item 8, issue 9 item 3): a new password, a new
// e-mail address (confirmed at that address), a copy of its data (LGPD art. 18, II and V) and
// deletion with everything that belongs to it (art. 18, VI).

async function cookiesOf(response: Response) {
  const headers = new Headers()
  for (const cookie of response.headers.getSetCookie()) headers.append('set-cookie', cookie)
  return headers
}

/**
 * Changes the password of the signed-in account; every other session ends and this one is
 * renewed (its cookie comes back in `headers`); its owner is e-mailed.
 */
export async function changeOwnPassword(
  request: Request,
  caller: Caller,
  input: { currentPassword: string; password: string },
): Promise<{ ok: true; headers: Headers } | { ok: false; error: FieldError }> {
  const response = await withAuthCall({ language: caller.language }, () =>
    auth().api.changePassword({
      body: {
        currentPassword: input.currentPassword,
        newPassword: input.password,
        revokeOtherSessions: true,
      },
      headers: authHeaders(caller, request.headers.get('cookie')),
      asResponse: true,
    }),
  )
  if (response.ok) {
    // Its owner is told, from this browser and address (issue 33 point 11).
    const { user: changed } = (await response.json()) as { user: { id: string } }
    await tellOwner('passwordChanged', changed.id, caller)
    return { ok: true, headers: await cookiesOf(response) }
  }
  const code = ((await response.json().catch(() => ({}))) as { code?: string }).code
  if (code === 'CREDENTIAL_ACCOUNT_NOT_FOUND') {
    return { ok: false, error: { field: 'currentPassword', message: 'noPasswordYet' } }
  }
  if (response.status === 400) {
    return { ok: false, error: { field: 'currentPassword', message: 'currentPasswordWrong' } }
  }
  throw new Error(`password change answered ${response.status}`)
}

/**
 * Asks for a new e-mail address: a link goes to it, and the address counts once it is opened.
 * The answer is the same when the address belongs to another account (nobody learns who is
 * registered). Answers whether the change was asked for (not the same address again).
 */
export async function requestEmailChange(
  request: Request,
  caller: Caller,
  email: string,
): Promise<boolean> {
  const response = await withAuthCall({ language: caller.language }, () =>
    auth().api.changeEmail({
      body: { newEmail: email, callbackURL: '/' },
      headers: authHeaders(caller, request.headers.get('cookie')),
      asResponse: true,
    }),
  )
  // The same address again is nothing to do.
  if (!response.ok && response.status !== 400) {
    throw new Error(`e-mail change answered ${response.status}`)
  }
  return response.ok
}

/** Everything the site keeps about an account, as its owner may download it (LGPD art. 18). */
export async function exportAccountData(userId: string) {
  const [owner] = await db()
    .select({
      email: user.email,
      name: user.name,
      emailVerified: user.emailVerified,
      language: user.language,
      twoFactorEnabled: user.twoFactorEnabled,
      createdAt: user.createdAt,
    })
    .from(user)
    .where(eq(user.id, userId))
  if (!owner) return undefined
  const [sessions, devices, logins, client, ownProfiles] = await Promise.all([
    // Each session with what issue 23 records of it: its second factor, step-up and last use.
    db()
      .select({
        createdAt: session.createdAt,
        expiresAt: session.expiresAt,
        ipAddress: session.ipAddress,
        userAgent: session.userAgent,
        secondFactorAt: sessionAssurance.secondFactorAt,
        confirmedAt: sessionAssurance.confirmedAt,
        lastSeenAt: sessionAssurance.lastSeenAt,
      })
      .from(session)
      .leftJoin(sessionAssurance, eq(sessionAssurance.sessionId, session.id))
      .where(eq(session.userId, userId))
      .orderBy(asc(session.createdAt)),
    // The browsers and systems the account signed in from (the new-device e-mail's memory).
    db()
      .select({ device: knownDevices.device, firstSeenAt: knownDevices.firstSeenAt })
      .from(knownDevices)
      .where(eq(knownDevices.userId, userId))
      .orderBy(asc(knownDevices.firstSeenAt)),
    db()
      .select({ providerId: account.providerId, createdAt: account.createdAt })
      .from(account)
      .where(eq(account.userId, userId)),
    db()
      .select({
        about: clientProfiles.about,
        dateOfBirth: clientProfiles.dateOfBirth,
        keepHistory: clientProfiles.keepHistory,
      })
      .from(clientProfiles)
      .where(eq(clientProfiles.userId, userId)),
    db().select().from(profiles).where(eq(profiles.userId, userId)),
  ])
  const [profile] = ownProfiles
  const provider = profile
    ? {
        profile,
        services: (
          await db()
            .select({ slug: profileServices.serviceSlug })
            .from(profileServices)
            .where(eq(profileServices.profileId, profile.id))
        ).map((row) => row.slug),
        photos: await db()
          .select({
            url: images.url,
            createdAt: images.createdAt,
            isCover: images.isCover,
            width: images.width,
            height: images.height,
            sha256: images.fileHash,
          })
          .from(images)
          .where(
            and(
              eq(images.profileId, profile.id),
              inArray(images.verificationType, ['profile', 'pending']),
            ),
          )
          .orderBy(asc(images.displayOrder)),
        identityChecks: await db()
          .select({
            status: verificationSubmissions.status,
            consentAt: verificationSubmissions.consentAt,
            submittedAt: verificationSubmissions.submittedAt,
            decidedAt: verificationSubmissions.decidedAt,
            reason: verificationSubmissions.reason,
            documentFrontSha256: verificationSubmissions.documentFrontHash,
            documentBackSha256: verificationSubmissions.documentBackHash,
            selfieSha256: verificationSubmissions.selfieHash,
          })
          .from(verificationSubmissions)
          .where(eq(verificationSubmissions.profileId, profile.id)),
        dailyStatistics: await db()
          .select()
          .from(profileDailyStats)
          .where(eq(profileDailyStats.profileId, profile.id))
          .orderBy(asc(profileDailyStats.day)),
        // The gifts she received and her withdrawals, the key masked (issue 22).
        ...(await giftsAndWithdrawalsOf(profile.id)),
      }
    : undefined
  // What the client saved, looked at and reported (issue 9); a report's outcome is the team's.
  const [saved, viewed, filed, reviewData] = await Promise.all([
    db()
      .select({
        savedAt: favorites.createdAt,
        profileId: favorites.profileId,
        username: profiles.username,
        name: profiles.name,
      })
      .from(favorites)
      .leftJoin(profiles, eq(profiles.id, favorites.profileId))
      .where(eq(favorites.userId, userId))
      .orderBy(desc(favorites.createdAt)),
    db()
      .select({
        viewedAt: recentlyViewed.viewedAt,
        profileId: recentlyViewed.profileId,
        username: profiles.username,
        name: profiles.name,
      })
      .from(recentlyViewed)
      .innerJoin(profiles, eq(profiles.id, recentlyViewed.profileId))
      .where(eq(recentlyViewed.userId, userId))
      .orderBy(desc(recentlyViewed.viewedAt)),
    db()
      .select({
        filedAt: reports.createdAt,
        profileId: reports.profileId,
        reason: reports.reason,
        details: reports.details,
        closedAt: reports.resolvedAt,
      })
      .from(reports)
      .where(eq(reports.reporterId, userId))
      .orderBy(desc(reports.createdAt)),
    // The contacts noted for reviews and the reviews written (issue 20), and a provider's replies.
    reviewDataOf(userId, profile?.id),
  ])
  // Her charges, the Pix that paid them and their refunds (issue 21).
  const payments = await paymentRecordsOf(userId)
  // The gifts he gave (issue 22): to whom, how much, where each stands, his message.
  const giftsGiven = await giftsGivenBy(userId)
  return {
    exportedAt: new Date().toISOString(),
    account: { ...owner, role: await roleOf(userId), signInMethods: logins },
    sessions,
    knownDevices: devices,
    ...(client[0] ? { client: client[0] } : {}),
    ...(saved.length > 0 ? { favorites: saved } : {}),
    ...(viewed.length > 0 ? { recentlyViewed: viewed } : {}),
    ...(filed.length > 0 ? { reportsFiled: filed } : {}),
    ...(reviewData.contacts.length > 0 ? { contactsForReviews: reviewData.contacts } : {}),
    ...(reviewData.written.length > 0 ? { reviewsWritten: reviewData.written } : {}),
    ...(reviewData.replies.length > 0 ? { reviewReplies: reviewData.replies } : {}),
    ...(payments.length > 0 ? { payments } : {}),
    ...(giftsGiven.length > 0 ? { giftsGiven } : {}),
    ...(provider ? { provider } : {}),
  }
}

/**
 * Deletes an account and everything that belongs to it: photos and documents (files first,
 * through the same steps as a single deletion, so a crash never leaves a photo row without its
 * files), then the account row, which takes its sessions, logins, role, profile, statistics and
 * details with it. False, with the account still there (its photos hidden, on their way out),
 * when the file store cannot be reached: no file is ever left without a row that names it.
 */
/** Thrown inside the deletion's transaction: she holds gift money (issue 22). */
export class HoldsGiftMoney extends Error {
  override name = 'HoldsGiftMoney'
}

export async function deleteAccount(userId: string): Promise<boolean> {
  const [profile] = await db()
    .select({ id: profiles.id })
    .from(profiles)
    .where(eq(profiles.userId, userId))
  if (profile) {
    // Refused before any file goes: a refusal after would leave her profile without photos.
    const held = await providerBalance(profile.id)
    if (held.pendingCents + held.availableCents + held.payoutCents > 0) throw new HoldsGiftMoney()
    const photos = await db()
      .update(images)
      .set({ verificationType: 'deleting', isCover: false })
      .where(eq(images.profileId, profile.id))
      .returning({ id: images.id })
    const checks = await db()
      .select({ id: verificationSubmissions.id })
      .from(verificationSubmissions)
      .where(eq(verificationSubmissions.profileId, profile.id))
    try {
      await discardPhotoRows(photos.map((photo) => photo.id))
      await discardSubmissionFiles(checks.map((check) => check.id))
    } catch (error) {
      log.error('account not deleted: files could not be deleted', { error: String(error) })
      return false
    }
  }
  await db().transaction(async (tx) => {
    // A gift credited since the page checked her balance would be left with nobody: under her
    // balance's lock (which crediting takes), nothing may be held.
    if (profile) {
      await lockBalance(tx, profile.id)
      const held = await providerBalance(profile.id, tx)
      if (held.pendingCents + held.availableCents + held.payoutCents > 0) throw new HoldsGiftMoney()
    }
    // Reports the account filed: closed ones go (the audit log keeps each decision); open ones
    // stay with the team until reviewed (ADR 0011), linked to nobody, not even by the hashed
    // address kept for the limits.
    await tx
      .delete(reports)
      .where(and(eq(reports.reporterId, userId), isNotNull(reports.resolvedAt)))
    await tx.update(reports).set({ reporterKey: null }).where(eq(reports.reporterId, userId))
    await tx.delete(user).where(eq(user.id, userId))
  })
  return true
}

/** How many admin accounts there are. */
export async function adminCount(): Promise<number> {
  const [row] = await db()
    .select({ count: sql<number>`count(*)::int` })
    .from(userRoles)
    .where(eq(userRoles.role, 'admin'))
  return row?.count ?? 0
}
