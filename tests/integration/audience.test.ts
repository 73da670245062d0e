import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { audienceOf, verifiedSessionToken } from '#app/modules/auth/audience.server.ts'
import { serverEnv } from '#app/platform/env.server.ts'
import { db } from '#db/client.server.ts'
import { session, userRoles } from '#db/schema/auth.ts'
import { signedIn } from '#tests/factories/account.ts'
import { useTestServerEnv } from '#tests/support/test-server.ts'

// Whom a public page is for (issue 17 item 5): the role of a real, valid session; anything else
// is a signed-out visitor. The HTML cache keys kept pages by it and the header is drawn from it.

beforeAll(async () => {
  await useTestServerEnv()
})

const tokenOf = (cookie: string) => {
  const value = /aprova\.session_token=([^;]+)/.exec(cookie)?.[1] ?? ''
  return verifiedSessionToken(value, serverEnv().authSecret)
}

describe('audienceOf', () => {
  it("is the role of the session's account", async () => {
    for (const role of ['client', 'provider', 'admin'] as const) {
      const account = await signedIn(role)
      expect(await audienceOf(account.cookie)).toBe(role)
    }
    expect(await audienceOf(undefined)).toBe('visitor')
    expect(await audienceOf('aprova-lang=pt')).toBe('visitor')
  })

  it('is a signed-out visitor for a forged, altered or ended session', async () => {
    const account = await signedIn('client')
    const token = tokenOf(account.cookie)
    expect(token).toBeTruthy()
    // The token without the site's signature, or signed with another secret.
    expect(await audienceOf(`aprova.session_token=${token}`)).toBe('visitor')
    const other = encodeURIComponent(`${token}.${'A'.repeat(43)}=`)
    expect(await audienceOf(`aprova.session_token=${other}`)).toBe('visitor')
    expect(await audienceOf('aprova.session_token=%E0%A4%A')).toBe('visitor')
    // Ended: gone from the table (remembered answers last a minute, so a new session here).
    const later = await signedIn('client')
    await db()
      .update(session)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(session.token, tokenOf(later.cookie) ?? ''))
    expect(await audienceOf(later.cookie)).toBe('visitor')
  })

  it('is no-role for an account that has yet to choose one', async () => {
    const account = await signedIn('client')
    await db().delete(userRoles).where(eq(userRoles.userId, account.id))
    expect(await audienceOf(account.cookie)).toBe('no-role')
  })
})
