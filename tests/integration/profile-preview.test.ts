import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { loader as adminPreview } from '#app/routes/admin/profile-preview.tsx'
import { loader as providerPreview } from '#app/routes/provider/preview.tsx'
import { loader as publicProfile } from '#app/routes/public/profile.tsx'
import { db } from '#db/client.server.ts'
import { images } from '#db/schema/profiles.ts'
import { signedIn } from '#tests/factories/account.ts'
import { signedInProvider } from '#tests/factories/profile.ts'
import { callRoute } from '#tests/support/route-call.ts'
import { setUpTestServer } from '#tests/support/test-server.ts'

// A provider's preview of her public profile (issue 19 point 19): the public page's data whatever
// the status, what is missing, never kept or indexed, for her and the team only.

setUpTestServer()

const photo = (profileId: string, verificationType: 'profile' | 'pending', order: number) =>
  db()
    .insert(images)
    .values({
      profileId,
      url: `/media/p-${order}-320.webp`,
      storagePath: `profiles/${profileId}/p-${order}`,
      verificationType,
      displayOrder: order,
      width: 600,
      height: 800,
      variantWidths: [320],
    })

describe('the preview of a profile', () => {
  it('shows a draft to its provider as the public page would, with what is missing; never kept or indexed', async () => {
    const luna = await signedInProvider()
    await photo(luna.profile.id, 'profile', 1)
    // Not public: the public page says so.
    const page = await callRoute(publicProfile, `/acompanhante/${luna.profile.username}`, {
      params: { slug: luna.profile.username },
    })
    expect(page.status).toBe(404)
    const preview = await callRoute(providerPreview, '/dashboard/preview', { cookie: luna.cookie })
    expect(preview.status).toBe(200)
    expect(preview.headers?.get('Cache-Control')).toBe('private, no-store')
    expect(preview.headers?.get('X-Robots-Tag')).toBe('noindex')
    expect(preview.data).toMatchObject({
      isPublic: false,
      profile: {
        id: luna.profile.id,
        name: luna.profile.name,
        age: 27,
        cityName: 'Recife',
        channels: ['whatsapp'],
        photos: [{ storagePath: `profiles/${luna.profile.id}/p-1`, width: 600, height: 800 }],
      },
      breadcrumbCity: { slug: 'recife', name: 'Recife' },
      carousel: null,
      // The identity documents were never sent.
      standing: { kind: 'draft', missing: ['documents'] },
    })
    // No phone number reaches the page, as on the public one.
    expect(JSON.stringify(preview.data)).not.toContain(luna.profile.whatsapp ?? '-')
  })

  it('shows an approved profile with the photos waiting for review, to her and to the team', async () => {
    const sol = await signedInProvider({ approved: true })
    await photo(sol.profile.id, 'profile', 1)
    await photo(sol.profile.id, 'pending', 2)
    const own = await callRoute(providerPreview, '/dashboard/preview', { cookie: sol.cookie })
    expect(own.data).toMatchObject({ isPublic: true, standing: { kind: 'approved' } })
    expect(own.data?.profile.photos).toHaveLength(2)
    // The public page shows only the approved one.
    const page = await callRoute(publicProfile, `/acompanhante/${sol.profile.username}`, {
      params: { slug: sol.profile.username },
    })
    expect(page.data?.profile.photos).toHaveLength(1)

    const admin = await signedIn('admin')
    const path = `/admin/profiles/${sol.profile.id}/preview`
    const team = await callRoute(adminPreview, path, {
      cookie: admin.cookie,
      params: { id: sol.profile.id },
    })
    expect(team).toMatchObject({ status: 200, data: { profile: { id: sol.profile.id } } })
    expect(team.headers?.get('Cache-Control')).toBe('private, no-store')
    // Anyone else, her included, and any other id: 404.
    const client = await signedIn('client')
    for (const cookie of [undefined, client.cookie, sol.cookie]) {
      const refused = await callRoute(adminPreview, path, {
        cookie,
        params: { id: sol.profile.id },
      })
      expect(refused.status).toBe(404)
    }
    for (const id of ['not-an-id', crypto.randomUUID()]) {
      const missing = await callRoute(adminPreview, `/admin/profiles/${id}/preview`, {
        cookie: admin.cookie,
        params: { id },
      })
      expect(missing.status).toBe(404)
    }
    await db().delete(images).where(eq(images.profileId, sol.profile.id))
  })
})
