import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { startPlanCharge } from '#app/modules/payments/payments.server.ts'
import { PixUnavailable, pixApi } from '#app/modules/payments/pix-api.server.ts'
import { db } from '#db/client.server.ts'
import { pixCharges } from '#db/schema/payments.ts'
import { profiles } from '#db/schema/profiles.ts'
import { signedInProvider } from '#tests/factories/profile.ts'
import { pixCrc16, readBrCode } from '#tests/support/pix-brcode.ts'
import { startPixServer } from '#tests/support/pix-server.ts'
import { type PixSite, pixConfigOf, startPixSite } from '#tests/support/pix-site.ts'

// The site against an institution that answers only as the Banco Central's API Pix 2.9 allows
// (issue 31): what a real bank does and the project's first local institution did not.

let site: PixSite

beforeAll(async () => {
  site = await startPixSite()
})

afterAll(async () => {
  await site?.close()
})

beforeEach(() => {
  site.pix.setDown(false)
})

async function approvedProvider() {
  return signedInProvider({ approved: true })
}

async function chargeRow(id: string) {
  const [row] = await db().select().from(pixCharges).where(eq(pixCharges.id, id))
  if (!row) throw new Error('no charge row')
  return row
}

describe('the token (issue 31 point 3)', () => {
  it('is asked for with the scope each call needs', async () => {
    const provider = await approvedProvider()
    site.pix.revokeTokens()
    const before = site.pix.scopesAsked().length
    const started = await startPlanCharge(provider.id, 'basico')
    expect(started.ok).toBe(true)
    const asked = site.pix.scopesAsked().slice(before)
    expect(asked).toContain('cob.write')
    expect(asked).not.toContain('')
  })

  it('carries the credentials in the body when the institution wants them there', async () => {
    const bodyOnly = await startPixServer({ clientAuthentication: 'body' })
    try {
      const config = await pixConfigOf(bodyOnly)
      if (!config) throw new Error('no Pix configuration')
      expect(config.clientAuthentication).toBe('body')
      const charge = await pixApi(config).createCharge({
        txid: 'BodyAuth00000000000000000000000001',
        amountCents: 4900,
        expiresInSeconds: 1800,
        description: 'Aprova: teste',
      })
      expect(charge.amountCents).toBe(4900)
      // The same institution refuses HTTP Basic, which a site set for it never sends.
      const basic = pixApi({ ...config, clientAuthentication: 'basic' })
      await expect(basic.getCharge(charge.txid)).rejects.toThrow(PixUnavailable)
    } finally {
      await bodyOnly.close()
    }
  })

  it('is asked for again once when the institution answers 403, like a 401', async () => {
    const provider = await approvedProvider()
    expect((await startPlanCharge(provider.id, 'basico')).ok).toBe(true)
    site.pix.forbidTokens()
    const before = site.pix.tokensIssued()
    const other = await approvedProvider()
    expect(await startPlanCharge(other.id, 'basico')).toMatchObject({ ok: true })
    expect(site.pix.tokensIssued()).toBe(before + 1)
  })
})

describe('a charge answered without pixCopiaECola (issue 31 point 4)', () => {
  it('is shown with the BR Code built from its location, and paid through it', async () => {
    const provider = await approvedProvider()
    site.pix.editNextChargeAnswer(({ pixCopiaECola: _, ...charge }) => charge)
    const started = await startPlanCharge(provider.id, 'prata')
    if (!started.ok) throw new Error(started.error)
    const row = await chargeRow(started.chargeId)
    const location = site.pix.charge(row.txid)?.location
    const fields = readBrCode(row.brCode)
    expect(Object.fromEntries(fields)).toMatchObject({
      '00': '01',
      '01': '12',
      '52': '0000',
      '53': '986',
      '58': 'BR',
      '59': 'Aprova',
      '62': '0503***',
    })
    expect(Object.fromEntries(readBrCode(fields.get('26') ?? ''))).toEqual({
      '00': 'br.gov.bcb.pix',
      '25': location,
    })
    expect(pixCrc16(row.brCode.slice(0, -4))).toBe(row.brCode.slice(-4))
    await site.pix.payBrCode(row.brCode)
    expect((await chargeRow(row.id)).status).toBe('paid')
    const [profile] = await db()
      .select({ tier: profiles.membershipTier })
      .from(profiles)
      .where(eq(profiles.id, provider.profile.id))
    expect(profile?.tier).toBe('prata')
  })
})

describe('a charge the institution answers amiss (issue 31 point 5)', () => {
  it.each([
    ['another amount', { valor: { original: '37.00' } }],
    ['another key', { chave: 'someone-else@example.com' }],
    ['another txid', { txid: 'NotTheOneAsked0000000000000000000' }],
  ])('is refused when it has %s, and nothing is shown', async (_, change) => {
    const provider = await approvedProvider()
    site.pix.editNextChargeAnswer((charge) => ({ ...charge, ...change }))
    expect(await startPlanCharge(provider.id, 'ouro')).toEqual({ ok: false, error: 'unavailable' })
    const rows = await db()
      .select()
      .from(pixCharges)
      .where(eq(pixCharges.profileId, provider.profile.id))
    expect(rows).toHaveLength(0)
  })
})
