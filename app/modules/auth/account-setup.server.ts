import { randomInt } from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import type { Role } from '#app/domain/account.ts'
import { usernameFromName, usernameWithSuffix } from '#app/domain/username.ts'
import type { Database } from '#db/client.server.ts'
import { clientProfiles, user, userRoles } from '#db/schema/auth.ts'
import { profiles, reservationHolds } from '#db/schema/profiles.ts'

// What an account holds besides better-auth's rows: its role (user_roles) and the data of that
// role, written together in the transaction that opens the account or assigns the role.

/** The role of a new account and the sign-up details that go with it (SPEC §3 sign-up metadata). */
export type AccountSetup =
  | { role: 'provider'; workingName: string | null }
  | { role: 'client'; about: string | null; dateOfBirth: string | null }
  | { role: 'admin' }

/**
 * Gives the account `userId` its role and role data, unless it has a role already (a role is
 * never changed here; only an admin changes one). Returns whether the role was assigned.
 * - provider: a draft profile (insertDraftProfile).
 * - client: the about text and date of birth.
 * - admin: the e-mail counts as confirmed, and as signed in with its password, by whoever typed
 *   both on the command line (issue 30: granting admin asks for that sign-in).
 */
export async function writeAccountSetup(
  tx: Database,
  account: { id: string; name: string },
  setup: AccountSetup,
): Promise<boolean> {
  const assigned = await tx
    .insert(userRoles)
    .values({ userId: account.id, role: setup.role satisfies Role })
    .onConflictDoNothing()
    .returning({ userId: userRoles.userId })
  if (assigned.length === 0) return false
  if (setup.role === 'provider') {
    await insertDraftProfile(tx, account, setup.workingName)
  } else if (setup.role === 'client') {
    await tx
      .insert(clientProfiles)
      .values({ userId: account.id, about: setup.about, dateOfBirth: setup.dateOfBirth })
  } else {
    const now = new Date()
    await tx
      .update(user)
      .set({ emailVerified: true, confirmedAt: now, passwordSignInAt: now })
      .where(eq(user.id, account.id))
  }
  return true
}

/**
 * A provider's draft profile under her working name (or the account name, after Google), with a
 * free username and the time the terms were accepted; private until approved.
 */
export async function insertDraftProfile(
  tx: Database,
  account: { id: string; name: string },
  workingName: string | null,
): Promise<void> {
  const name = workingName ?? account.name
  // Another sign-up may take the same free username between the check and the insert; the
  // insert runs in a savepoint, so a clash is retried with another name, not a failed sign-up.
  for (let attempt = 1; ; attempt++) {
    const username = await freeUsername(tx, name)
    try {
      // Two requests creating the missing profile of one account at once: the second keeps the
      // first's (one profile per account).
      await tx.transaction((savepoint) =>
        savepoint
          .insert(profiles)
          .values({
            userId: account.id,
            name,
            workingName,
            username,
            status: 'draft',
            termsAcceptedAt: new Date(),
          })
          .onConflictDoNothing({ target: profiles.userId }),
      )
      return
    } catch (error) {
      if (attempt >= 3 || !isUniqueViolation(error)) throw error
    }
  }
}

/** Whether a failed statement broke a unique constraint (PostgreSQL 23505, any driver). */
export function isUniqueViolation(error: unknown): boolean {
  const causes = [error, (error as { cause?: unknown } | undefined)?.cause]
  return causes.some((cause) => (cause as { code?: string } | undefined)?.code === '23505')
}

/** A username for `name` that no profile uses and no reservation holds. */
async function freeUsername(tx: Database, name: string): Promise<string> {
  const base = usernameFromName(name)
  for (let attempt = 0; attempt < 8; attempt++) {
    const candidate = attempt === 0 ? base : usernameWithSuffix(base, randomInt(1000, 10_000))
    const taken = await tx.execute(sql`
      select 1 from profiles where username = ${candidate}
      union all
      select 1 from reserved_usernames where username = ${candidate} and ${reservationHolds}
      limit 1`)
    if ((taken as unknown as { rows: unknown[] }).rows.length === 0) return candidate
  }
  // Eight random suffixes all taken: practically impossible; a longer one is certainly free.
  return usernameWithSuffix(base, randomInt(10_000_000, 100_000_000))
}
