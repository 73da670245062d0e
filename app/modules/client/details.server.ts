import { eq, sql } from 'drizzle-orm'
import { db } from '#db/client.server.ts'
import { clientProfiles, user } from '#db/schema/auth.ts'

// A client's display name and about (issue 9 item 1), never shown to providers.

export async function clientDetails(userId: string) {
  const [row] = await db()
    .select({ displayName: user.name, about: clientProfiles.about })
    .from(user)
    .leftJoin(clientProfiles, eq(clientProfiles.userId, user.id))
    .where(eq(user.id, userId))
  return { displayName: row?.displayName ?? '', about: row?.about ?? '' }
}

export async function saveClientDetails(
  userId: string,
  details: { displayName: string; about: string },
): Promise<void> {
  await db().transaction(async (tx) => {
    await tx
      .update(user)
      .set({ name: details.displayName, updatedAt: new Date() })
      .where(eq(user.id, userId))
    await tx
      .insert(clientProfiles)
      .values({ userId, about: details.about })
      .onConflictDoUpdate({
        target: clientProfiles.userId,
        set: { about: details.about, updatedAt: sql`now()` },
      })
  })
}
