import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { isValidCpf } from '#app/domain/gifts.ts'
import { cpfHash } from '#app/modules/payments/withdrawals.server.ts'
import { decideVerification } from '#app/modules/provider/verification-decision.server.ts'
import { serverEnv, setServerEnv } from '#app/platform/env.server.ts'
import { loader as checkLoader } from '#app/routes/admin/check.tsx'
import {
  action as verificationAction,
  loader as verificationLoader,
} from '#app/routes/provider/verification.tsx'
import { db } from '#db/client.server.ts'
import { profiles, verificationSubmissions } from '#db/schema/profiles.ts'
import { signedIn } from '#tests/factories/account.ts'
import { brokenCpf, newCpf, typedCpf } from '#tests/factories/cpf.ts'
import { signedInProvider, testPicture } from '#tests/factories/profile.ts'
import { setUpPixSite } from '#tests/support/pix-site.ts'
import { callRoute } from '#tests/support/route-call.ts'

// The CPF at the identity check (issue 22 point 3): asked only with gifts on, kept plain for the
// team until the decision, its keyed hash becoming her payout key at approval.

setUpPixSite({ gifts: true }, { mute: true })

type Provider = Awaited<ReturnType<typeof signedInProvider>>

/** The page's form as a browser sends it: the three photos, the CPF, the consent. */
async function sendCheck(provider: Provider, fields: Record<string, string>) {
  const form = new FormData()
  form.append('intent', 'submit')
  for (const [name, value] of Object.entries(fields)) form.append(name, value)
  for (const [part, seed] of [
    ['documentFront', 1],
    ['documentBack', 2],
    ['selfie', 3],
  ] as const) {
    const bytes = await testPicture(seed)
    form.append(part, new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), `${part}.jpg`)
  }
  const handler = (args: { request: Request }) =>
    verificationAction({
      ...args,
      request: new Request(args.request.url, {
        method: 'POST',
        headers: { cookie: provider.cookie },
        body: form,
      }),
    } as never)
  return callRoute(handler, '/dashboard/verification', { cookie: provider.cookie, body: {} })
}

const submissionOf = async (profileId: string) =>
  (
    await db()
      .select()
      .from(verificationSubmissions)
      .where(eq(verificationSubmissions.profileId, profileId))
  ).at(-1)

const profileOf = async (id: string) =>
  (await db().select().from(profiles).where(eq(profiles.id, id)))[0]

/** A provider with a complete profile waiting for her first check. */
const draftProvider = () => signedInProvider()

describe('the CPF at the identity check, gifts on', () => {
  it('is asked for, required and checked', async () => {
    const provider = await draftProvider()
    const page = await callRoute(verificationLoader, '/dashboard/verification', {
      cookie: provider.cookie,
    })
    expect(page.data?.askCpf).toBe(true)
    const none = await sendCheck(provider, { consent: 'on' })
    expect(none.status).toBe(422)
    expect(none.data?.error).toEqual({ field: 'cpf', message: 'cpfRequired' })
    const cpf = newCpf()
    const wrong = brokenCpf(cpf)
    expect(isValidCpf(wrong)).toBe(false)
    const invalid = await sendCheck(provider, { consent: 'on', cpf: wrong })
    expect(invalid.data?.error).toEqual({ field: 'cpf', message: 'cpfInvalid' })
    expect(await submissionOf(provider.profile.id)).toBeUndefined()
  })

  it('is kept for the team, and its hash becomes her payout key at approval', async () => {
    const provider = await draftProvider()
    const cpf = newCpf()
    const sent = await sendCheck(provider, { consent: 'on', cpf: typedCpf(cpf) })
    expect(sent.status).toBe(200)
    const submission = await submissionOf(provider.profile.id)
    expect(submission).toMatchObject({ status: 'pending', cpf, cpfHash: cpfHash(cpf) })
    expect(submission?.cpfHash).not.toContain(cpf)
    // The team sees it beside the documents.
    const admin = await signedIn('admin')
    const check = await callRoute(checkLoader, `/admin/verifications/${submission?.id}`, {
      cookie: admin.cookie,
      params: { id: submission?.id ?? '' },
    })
    expect(check.data?.check.cpf).toBe(cpf)
    expect((await profileOf(provider.profile.id))?.payoutCpfHash).toBeNull()
    expect(
      await decideVerification(submission?.id ?? '', { approved: true, reviewerId: admin.id }),
    ).toBe(true)
    const decided = await submissionOf(provider.profile.id)
    // The plain CPF goes with the files; its hash stays.
    expect(decided).toMatchObject({ status: 'approved', cpf: null, cpfHash: cpfHash(cpf) })
    expect(decided?.documentFrontKey).toBeNull()
    expect((await profileOf(provider.profile.id))?.payoutCpfHash).toBe(cpfHash(cpf))
  })

  it('is cleared at a rejection, and gives no payout key', async () => {
    const provider = await draftProvider()
    const cpf = newCpf()
    expect((await sendCheck(provider, { consent: 'on', cpf })).status).toBe(200)
    const submission = await submissionOf(provider.profile.id)
    const admin = await signedIn('admin')
    await decideVerification(submission?.id ?? '', {
      approved: false,
      reviewerId: admin.id,
      reason: 'Documento ilegível',
    })
    expect(await submissionOf(provider.profile.id)).toMatchObject({
      status: 'rejected',
      cpf: null,
    })
    expect((await profileOf(provider.profile.id))?.payoutCpfHash).toBeNull()
  })

  it('lets an approved provider without a CPF on file send a new check with it', async () => {
    const provider = await signedInProvider({ approved: true })
    expect((await profileOf(provider.profile.id))?.payoutCpfHash).toBeNull()
    const cpf = newCpf()
    expect((await sendCheck(provider, { consent: 'on', cpf })).status).toBe(200)
    // She stays public meanwhile.
    expect((await profileOf(provider.profile.id))?.status).toBe('approved')
    const submission = await submissionOf(provider.profile.id)
    const admin = await signedIn('admin')
    await decideVerification(submission?.id ?? '', { approved: true, reviewerId: admin.id })
    expect((await profileOf(provider.profile.id))?.payoutCpfHash).toBe(cpfHash(cpf))
  })
})

describe('the identity check, gifts off', () => {
  it('asks for no CPF and keeps none, even when one is sent', async () => {
    const env = serverEnv()
    setServerEnv({ ...env, gifts: false })
    try {
      const provider = await draftProvider()
      const page = await callRoute(verificationLoader, '/dashboard/verification', {
        cookie: provider.cookie,
      })
      expect(page.data?.askCpf).toBe(false)
      expect((await sendCheck(provider, { consent: 'on' })).status).toBe(200)
      const other = await draftProvider()
      expect((await sendCheck(other, { consent: 'on', cpf: newCpf() })).status).toBe(200)
      for (const one of [provider, other]) {
        expect(await submissionOf(one.profile.id)).toMatchObject({ cpf: null, cpfHash: null })
      }
      const submission = await submissionOf(provider.profile.id)
      const admin = await signedIn('admin')
      await decideVerification(submission?.id ?? '', { approved: true, reviewerId: admin.id })
      expect((await profileOf(provider.profile.id))?.payoutCpfHash).toBeNull()
    } finally {
      setServerEnv(env)
    }
  })
})
