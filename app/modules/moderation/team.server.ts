import { and, eq, isNotNull } from 'drizzle-orm'
import type { Transaction } from '#db/client.server.ts'
import { account as login, twoFactor, user, userRoles } from '#db/schema/auth.ts'
import { profiles } from '#db/schema/profiles.ts'
import { type Actor, type AdminResult, audit, inTransaction, Refusal } from './kernel.server.ts'

// The admin team: who has the admin role; never left without one.

/** Every admin account's row is locked while the roles change, so two removals never race. */
async function lockAdmins(tx: Transaction) {
  return tx
    .select({ userId: userRoles.userId })
    .from(userRoles)
    .where(eq(userRoles.role, 'admin'))
    .for('update')
}

/**
 * Makes the account with `email` an admin. A provider's account never is (staff use their own
 * account, so nobody reviews her own profile); a client's becomes a staff account.
 */
export async function grantAdmin(
  actor: Actor,
  email: string,
  reason: string,
): Promise<AdminResult> {
  return inTransaction(async (tx) => {
    await lockAdmins(tx)
    const [account] = await tx
      .select({
        id: user.id,
        email: user.email,
        role: userRoles.role,
        emailVerified: user.emailVerified,
        confirmedAt: user.confirmedAt,
        passwordSignInAt: user.passwordSignInAt,
        password: login.id,
      })
      .from(user)
      .leftJoin(userRoles, eq(userRoles.userId, user.id))
      .leftJoin(
        login,
        and(
          eq(login.userId, user.id),
          eq(login.providerId, 'credential'),
          isNotNull(login.password),
        ),
      )
      .where(eq(user.email, email.trim().toLowerCase()))
    if (!account) throw new Refusal('noSuchAccount')
    if (account.role === 'admin') throw new Refusal('alreadyAdmin')
    if (account.role === 'provider') throw new Refusal('providerNotAdmin')
    // Only an account whose owner proved the address: else whoever signed up first with a
    // future colleague's address would sign in as an admin.
    if (!account.emailVerified) throw new Refusal('notConfirmed')
    // Issue 30: and only one that has signed in with its own password (and second factor) since
    // its address was confirmed: an account confirmed before the confirmation asked for the
    // password, or by a new password nobody has signed in with yet, waits for that sign-in. A
    // Google-only account has no password to have signed in with.
    if (!account.password) throw new Refusal('noPassword')
    // Confirmed before issue 30 (no confirmed_at): whoever registered the address may hold the
    // password and could supply the sign-in himself; a reset by e-mail settles who chose it.
    if (!account.confirmedAt) throw new Refusal('passwordNotProven')
    if (!account.passwordSignInAt || account.passwordSignInAt < account.confirmedAt)
      throw new Refusal('noPasswordSignIn')
    await tx
      .insert(userRoles)
      .values({ userId: account.id, role: 'admin' })
      .onConflictDoUpdate({ target: userRoles.userId, set: { role: 'admin' } })
    await audit(tx, actor, {
      action: 'grant_admin',
      targetType: 'user',
      targetId: account.id,
      targetLabel: account.email,
      reason,
      details: { previousRole: account.role },
    })
  })
}

/** Takes the admin role away (the account becomes a client's); never from the last admin. */
export async function revokeAdmin(
  actor: Actor,
  userId: string,
  reason: string,
): Promise<AdminResult> {
  return inTransaction(async (tx) => {
    const admins = await lockAdmins(tx)
    if (!admins.some((row) => row.userId === userId)) throw new Refusal('notAdmin')
    if (admins.length <= 1) throw new Refusal('lastAdmin')
    const [account] = await tx.select({ email: user.email }).from(user).where(eq(user.id, userId))
    await tx.update(userRoles).set({ role: 'client' }).where(eq(userRoles.userId, userId))
    await audit(tx, actor, {
      action: 'revoke_admin',
      targetType: 'user',
      targetId: userId,
      targetLabel: account?.email ?? userId,
      reason,
      details: { self: userId === actor.id },
    })
  })
}

/**
 * Resets a provider's two-step verification (issue 23 point 1): she lost her authenticator and
 * her backup codes. She signs in with her password again and may set it up anew; audited.
 */
export async function resetTwoFactor(
  actor: Actor,
  profileId: string,
  reason: string,
): Promise<AdminResult> {
  return inTransaction(async (tx) => {
    const [owner] = await tx
      .select({ id: user.id, email: user.email, enabled: user.twoFactorEnabled })
      .from(profiles)
      .innerJoin(user, eq(user.id, profiles.userId))
      .where(eq(profiles.id, profileId))
      .for('update', { of: user })
    if (!owner) throw new Refusal('notFound')
    if (!owner.enabled) throw new Refusal('wrongState')
    await tx.delete(twoFactor).where(eq(twoFactor.userId, owner.id))
    await tx.update(user).set({ twoFactorEnabled: false }).where(eq(user.id, owner.id))
    await audit(tx, actor, {
      action: 'two_factor_reset',
      targetType: 'user',
      targetId: owner.id,
      targetLabel: owner.email,
      reason,
    })
  })
}
