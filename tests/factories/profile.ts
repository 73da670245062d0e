import { randomUUID } from 'node:crypto'
import { db } from '#db/client.server.ts'
import { profiles } from '#db/schema/profiles.ts'

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
