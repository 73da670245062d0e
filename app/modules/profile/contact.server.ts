import { and, eq } from 'drizzle-orm'
import type { ContactChannel } from '#app/domain/contact.ts'
import { db } from '#db/client.server.ts'
import { profiles } from '#db/schema/profiles.ts'

const STORED = {
  whatsapp: profiles.whatsapp,
  telegram: profiles.telegram,
  x: profiles.xHandle,
} as const

/**
 * A public profile's name, whether it is a demonstration profile and the stored value of one
 * contact channel, or undefined when the profile is unknown, not approved or hidden. Only the
 * contact route reads these values: they never reach a page (DESIGN.md).
 */
export async function contactTarget(profileId: string, channel: ContactChannel) {
  const [row] = await db()
    .select({
      name: profiles.name,
      username: profiles.username,
      isDemo: profiles.isDemo,
      value: STORED[channel],
    })
    .from(profiles)
    .where(
      and(
        eq(profiles.id, profileId),
        eq(profiles.status, 'approved'),
        eq(profiles.visibilityStatus, 'active'),
      ),
    )
    .limit(1)
  return row
}
