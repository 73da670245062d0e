import { describe, expect, it } from 'vitest'
import { publicProfile } from '#app/modules/profile/queries.server.ts'
import { resolveProfileSlug } from '#app/modules/profile/resolve.server.ts'
import { db } from '#db/client.server.ts'
import { reservedUsernames } from '#db/schema/profiles.ts'
import { createProfile } from '#tests/factories/profile.ts'

describe('resolveProfileSlug (SPEC §4)', () => {
  it('1. finds a public profile by username', async () => {
    const profile = await createProfile({ username: 'luna-clara', name: 'Luna Clara' })
    expect(await resolveProfileSlug('luna-clara')).toEqual({ kind: 'profile', id: profile.id })
    expect(await resolveProfileSlug('LUNA-CLARA')).toEqual({ kind: 'profile', id: profile.id })
  })

  it('1. finds a public profile by id when the slug is a UUID', async () => {
    const profile = await createProfile({ username: 'por-id' })
    expect(await resolveProfileSlug(profile.id)).toEqual({ kind: 'profile', id: profile.id })
    expect(await resolveProfileSlug(profile.id.toUpperCase())).toEqual({
      kind: 'profile',
      id: profile.id,
    })
    expect(await resolveProfileSlug('00000000-0000-4000-8000-000000000000')).toEqual({
      kind: 'missing',
    })
  })

  it('2. redirects a reserved username to the profile it now belongs to', async () => {
    const profile = await createProfile({ username: 'nome-novo', name: 'Nome Novo' })
    await db()
      .insert(reservedUsernames)
      .values({ username: 'nome-antigo', profileId: profile.id, reason: 'renamed' })
    expect(await resolveProfileSlug('nome-antigo')).toEqual({
      kind: 'redirect',
      username: 'nome-novo',
    })
  })

  it('2. ignores a reserved username whose profile is not public', async () => {
    const hidden = await createProfile({ username: 'escondida', visibilityStatus: 'hidden' })
    await db()
      .insert(reservedUsernames)
      .values({ username: 'antiga-escondida', profileId: hidden.id, reason: 'renamed' })
    expect(await resolveProfileSlug('antiga-escondida')).toEqual({ kind: 'missing' })
  })

  it('3. redirects a name slug (hyphens as spaces, any case) to the username', async () => {
    await createProfile({ username: 'mar-123', name: 'Marina Sol' })
    expect(await resolveProfileSlug('marina-sol')).toEqual({
      kind: 'redirect',
      username: 'mar-123',
    })
    expect(await resolveProfileSlug('MARINA-SOL')).toEqual({
      kind: 'redirect',
      username: 'mar-123',
    })
    // LIKE wildcards in the slug match nothing but themselves.
    expect(await resolveProfileSlug('mar%')).toEqual({ kind: 'missing' })
    expect(await resolveProfileSlug('marina_sol')).toEqual({ kind: 'missing' })
  })

  it('4. anything else, and profiles that are not approved and active, is missing', async () => {
    await createProfile({ username: 'pendente', status: 'pending' })
    await createProfile({ username: 'suspensa', status: 'suspended' })
    await createProfile({ username: 'oculta', visibilityStatus: 'hidden' })
    for (const slug of ['pendente', 'suspensa', 'oculta', 'ninguem', '', 'x'.repeat(500), 'a\0b']) {
      expect(await resolveProfileSlug(slug)).toEqual({ kind: 'missing' })
    }
  })
})

describe('publicProfile', () => {
  it('gives the page data without any contact data', async () => {
    const profile = await createProfile({
      username: 'com-contato',
      whatsapp: '+5511900009999',
      telegram: 'segredo_tg',
      xHandle: 'not a handle!',
      neighborhoodSlug: 'moema',
    })
    const page = await publicProfile(profile.id)
    expect(page).toMatchObject({
      username: 'com-contato',
      cityName: 'São Paulo',
      neighborhoodName: 'Moema',
      channels: ['whatsapp', 'telegram'],
    })
    expect(JSON.stringify(page)).not.toMatch(/900009999|segredo_tg/)
  })
})
