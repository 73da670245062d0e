import { readdir } from 'node:fs/promises'
import path from 'node:path'
import { and, eq, inArray } from 'drizzle-orm'
import sharp from 'sharp'
import { openAccount } from '#app/modules/auth/accounts.server.ts'
import { settleAuthTasks } from '#app/modules/auth/auth.server.ts'
import { releaseMaturedGifts } from '#app/modules/payments/gift-credit.server.ts'
import { cpfHash } from '#app/modules/payments/withdrawals.server.ts'
import { decideVerification } from '#app/modules/provider/verification-decision.server.ts'
import { parseEnv } from '#app/platform/env.server.ts'
import { db } from '#db/client.server.ts'
import { user } from '#db/schema/auth.ts'
import { gifts } from '#db/schema/gifts.ts'
import { images, profiles, verificationSubmissions } from '#db/schema/profiles.ts'
import {
  CLIENT_SETUP,
  confirmedAccount,
  printJson,
  recifeProvider,
  sendPhotoAndDocuments,
  withDatabase,
} from './storage.server.ts'

// Test helpers run from the command line against a stopped end-to-end server's storage. The
// reviews specs' helpers live in reviews.server.ts and are exported here too, by their old path.

export {
  ageReviewer,
  createOwnReviews,
  createReviewedProvider,
  createReviewsForAdmin,
  insertReviews,
  reviewStates,
  reviewsBy,
} from './reviews.server.ts'

/** The team approves every identity check waiting (a stand-in for the admin queue). */
export async function approvePending(): Promise<number> {
  return withDatabase(async () => {
    const email = 'equipe-e2e@example.com'
    let [reviewer] = await withReviewer(email)
    if (!reviewer) {
      await openAccount(
        { email, password: 'equipe-senha-123', name: 'Equipe' },
        { role: 'admin' },
        {
          language: 'pt',
        },
      )
      await settleAuthTasks()
      ;[reviewer] = await withReviewer(email)
    }
    const waiting = await db()
      .select({ id: verificationSubmissions.id })
      .from(verificationSubmissions)
      .where(eq(verificationSubmissions.status, 'pending'))
    for (const submission of waiting) {
      await decideVerification(submission.id, { approved: true, reviewerId: reviewer?.id ?? '' })
    }
    printJson({ approved: waiting.length })
    return 0
  })
}

async function withReviewer(email: string) {
  return db().select({ id: user.id }).from(user).where(eq(user.email, email))
}

/**
 * Files and rows of photos agree: every photo (public or waiting for review) has all its
 * variants on disk, and every file on disk belongs to a row (a photo, or an upload or deletion
 * still owning its files). Prints what disagrees; exits 0 either way.
 */
export async function checkMediaConsistency(): Promise<number> {
  return withDatabase(async () => {
    const env = parseEnv(process.env, 'production')
    const rows = await db()
      .select({
        storagePath: images.storagePath,
        variantWidths: images.variantWidths,
        verificationType: images.verificationType,
      })
      .from(images)
      .where(inArray(images.verificationType, ['profile', 'pending', 'uploading', 'deleting']))
    const root = path.join(env.dataDir, 'media')
    const files = new Set(
      (await readdir(path.join(root, 'profiles'), { recursive: true }).catch(() => []))
        .filter((file) => file.endsWith('.webp'))
        .map((file) => `profiles/${file}`),
    )
    const missingFiles = rows.flatMap((row) =>
      row.verificationType === 'profile' || row.verificationType === 'pending'
        ? row.variantWidths
            .map((width) => `${row.storagePath}-${width}.webp`)
            .filter((file) => !files.has(file))
        : [],
    )
    // Half-written files a killed process left in the write area (swept at the next start).
    const partialFiles = (
      await readdir(path.join(env.dataDir, 'uploading')).catch(() => [] as string[])
    ).length
    const owned = new Set(rows.map((row) => row.storagePath))
    const orphanFiles = [...files].filter((file) => !owned.has(file.replace(/-\d+\.webp$/, '')))
    printJson({
      photos: rows.length,
      files: files.size,
      missingFiles,
      orphanFiles,
      partialFiles,
      states: rows.map((row) => row.verificationType),
    })
    return 0
  })
}

/**
 * A confirmed provider whose complete profile (one photo) and identity documents wait in the
 * admin queue; prints her username. Pictures are neutral generated shapes.
 */
export async function createPendingProvider(): Promise<number> {
  return withDatabase(async () => {
    const { accountId, profile } = await recifeProvider(
      { email: 'estrela@example.com', password: 'senha-forte-123', name: 'Estrela Azul' },
      { age: 31, hourlyRate: 350, whatsapp: '+5581977776666' },
    )
    const shape = (hue: number, width: number, height: number) =>
      sharp({
        create: { width, height, channels: 3, background: `hsl(${hue}, 50%, 45%)` },
      })
        .composite([
          {
            input: Buffer.from(
              `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><circle cx="${width / 2}" cy="${height / 2}" r="${width / 4}" fill="hsl(${hue + 150}, 60%, 80%)"/></svg>`,
            ),
          },
        ])
        .jpeg()
        .toBuffer()
    await sendPhotoAndDocuments(accountId, shape, 200)
    printJson({ username: profile.username })
    return 0
  })
}

/** A confirmed client account, `argv[2]` and `argv[3]` being its e-mail and password. */
export async function createClient(): Promise<number> {
  const [email, password] = process.argv.slice(2, 4)
  if (!email || !password) throw new Error('usage: createClient <email> <password>')
  return withDatabase(async () => {
    await confirmedAccount({ email, password, name: 'Rafa' }, CLIENT_SETUP)
    return 0
  })
}

/**
 * A public, verified profile with a WhatsApp number for the reviews spec (issue 20): the pending
 * provider of createPendingProvider, approved by the team. Prints its username.
 */
export async function createReviewableProfile(): Promise<number> {
  await createPendingProvider()
  await approvePending()
  return withDatabase(async () => {
    const [profile] = await db()
      .select({ username: profiles.username })
      .from(profiles)
      .innerJoin(user, eq(user.id, profiles.userId))
      .where(eq(user.email, 'estrela@example.com'))
    printJson({ username: profile?.username })
    return 0
  })
}

/**
 * The plans spec (issue 21): the free, public profile of createReviewableProfile and, in the same
 * city, a rival on the Ouro plan for 20 more days, so a VIP+ bought moves the first ahead of her.
 * Prints both usernames.
 */
export async function createPlanRivals(): Promise<number> {
  await createReviewableProfile()
  return withDatabase(async () => {
    const { profile } = await recifeProvider(
      { email: 'lua-rival@example.com', password: 'senha-forte-456', name: 'Lua Serena' },
      { age: 29, hourlyRate: 300, whatsapp: '+5581966665555', approved: true },
    )
    const until = new Date(Date.now() + 20 * 24 * 60 * 60_000)
    await db()
      .update(profiles)
      .set({
        membershipTier: 'ouro',
        isPremium: true,
        tierExpiresAt: until,
        premiumExpiresAt: until,
      })
      .where(eq(profiles.id, profile.id))
    const [buyer] = await db()
      .select({ username: profiles.username })
      .from(profiles)
      .innerJoin(user, eq(user.id, profiles.userId))
      .where(eq(user.email, 'estrela@example.com'))
    printJson({ buyer: buyer?.username, rival: profile.username })
    return 0
  })
}

/**
 * The gifts spec (issue 22): the public, verified profile of createReviewableProfile, whose
 * identity check carried the CPF `argv[2]` (its keyed hash is her payout key). Prints her
 * username.
 */
export async function createGiftableProfile(): Promise<number> {
  const [cpf] = process.argv.slice(2, 3)
  if (!cpf) throw new Error('usage: createGiftableProfile <cpf digits>')
  await createReviewableProfile()
  return withDatabase(async () => {
    const [profile] = await db()
      .update(profiles)
      .set({ payoutCpfHash: cpfHash(cpf) })
      .from(user)
      .where(and(eq(user.id, profiles.userId), eq(user.email, 'estrela@example.com')))
      .returning({ username: profiles.username })
    printJson({ username: profile?.username })
    return 0
  })
}

/**
 * Issue 22: a business day passes for the gifts paid so far (their release moved to a minute
 * ago), then the sweep makes them available, as the server's clock would. Prints how many.
 */
export async function matureGifts(): Promise<number> {
  return withDatabase(async () => {
    await db()
      .update(gifts)
      .set({ availableAt: new Date(Date.now() - 60_000) })
      .where(eq(gifts.status, 'pending'))
    const moved = await releaseMaturedGifts()
    printJson({ moved })
    return 0
  })
}
