import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import sharp from 'sharp'
import { db } from '#db/client.server.ts'
import { images, profiles } from '#db/schema/profiles.ts'
import { signedIn } from './account.ts'

type NewProfile = typeof profiles.$inferInsert

/** Inserts a public (approved, active) profile in São Paulo; `overrides` change any field. */
export async function createProfile(overrides: Partial<NewProfile> = {}) {
  const suffix = randomUUID().slice(0, 8)
  const [row] = await db()
    .insert(profiles)
    .values({
      name: `Perfil ${suffix}`,
      username: `perfil-${suffix}`,
      age: 25,
      city: 'São Paulo',
      citySlug: 'sao-paulo',
      hourlyRate: 300,
      status: 'approved',
      visibilityStatus: 'active',
      ...overrides,
    })
    .returning()
  if (!row) throw new Error('profile not inserted')
  return row
}

/** A plain generated photo (no person), a different colour for each `seed`. */
export const testPicture = (seed: number) =>
  sharp({
    create: { width: 800, height: 500, channels: 3, background: { r: seed * 20, g: 90, b: 140 } },
  })
    .jpeg()
    .toBuffer()

/** A provider with a complete profile and a number; `approved` makes it public and verified. */
export async function signedInProvider(options: { approved?: boolean; whatsapp?: string } = {}) {
  const account = await signedIn('provider')
  const [profile] = await db()
    .update(profiles)
    .set({
      age: 27,
      citySlug: 'recife',
      city: 'Recife',
      description: 'Olá! Sou a Luna, atendo em Boa Viagem com hora marcada e discrição.',
      whatsapp: options.whatsapp ?? `+55819${String(Date.now()).slice(-8)}`,
      ...(options.approved
        ? {
            status: 'approved' as const,
            verifiedAt: new Date(),
            verificationStatus: 'approved' as const,
          }
        : {}),
    })
    .where(eq(profiles.userId, account.id))
    .returning()
  if (!profile) throw new Error('no profile')
  await db()
    .insert(images)
    .values({
      profileId: profile.id,
      url: '/media/x-320.webp',
      storagePath: `profiles/${profile.id}/x`,
    })
  return { ...account, profile }
}
