import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { profileCarousel } from '#app/modules/profile/carousel.server.ts'
import { profileStats, recordProfileEvent, statsDay } from '#app/modules/profile/stats.server.ts'
import { CONTACT_LIMIT, loader as contactLoader } from '#app/routes/public/contact.tsx'
import { action as viewAction } from '#app/routes/resources/profile-view.ts'
import { db } from '#db/client.server.ts'
import { images } from '#db/schema/profiles.ts'
import { profileDailyStats } from '#db/schema/stats.ts'
import { createProfile } from '#tests/factories/profile.ts'
import { useTestServerEnv } from '#tests/support/test-server.ts'

// The limits count under a keyed hash made with the site's secret (issue 17).
beforeAll(async () => {
  await useTestServerEnv()
})

type ContactArgs = Parameters<typeof contactLoader>[0]
type ViewArgs = Parameters<typeof viewAction>[0]

let visitor = 0
/** Each call is a new visitor unless `ip` is given, so limits never leak between tests. */
function contact(
  profileId: string,
  channel: string,
  { ip = `198.51.100.${++visitor}`, language = 'pt-BR', agent = 'Mozilla/5.0 Chrome/131.0' } = {},
) {
  const request = new Request(`http://localhost/contato/${profileId}/${channel}`, {
    headers: { 'accept-language': language, 'user-agent': agent },
  })
  return contactLoader({
    request,
    params: { profileId, channel },
    context: { clientIp: ip, cspNonce: '' },
  } as unknown as ContactArgs)
}

/** The status of a loader's answer, whether returned or thrown. */
async function outcome(result: Promise<unknown>) {
  try {
    const response = (await result) as Response
    return { status: response.status, location: response.headers.get('location') }
  } catch (thrown) {
    const init = (thrown as { init?: ResponseInit }).init
    return { status: init?.status, headers: new Headers(init?.headers) }
  }
}

async function statsOf(profileId: string) {
  const [row] = await db()
    .select()
    .from(profileDailyStats)
    .where(eq(profileDailyStats.profileId, profileId))
  return row
}

describe('contact route /contato/{profileId}/{channel}', () => {
  it('counts the click and sends WhatsApp to wa.me with +55 and the prefilled text', async () => {
    const profile = await createProfile({ name: 'Clara Lua', whatsapp: '11 90000-0042' })
    expect(await outcome(contact(profile.id, 'whatsapp'))).toEqual({
      status: 302,
      location: `https://wa.me/5511900000042?text=${encodeURIComponent(
        'Olá, Clara Lua! Vi seu anúncio no Aprova e gostaria de mais informações.',
      )}`,
    })
    const english = await outcome(contact(profile.id, 'whatsapp', { language: 'en-US' }))
    expect(english.location).toContain(encodeURIComponent('Hi Clara Lua! I saw your ad on Aprova'))
    expect(await statsOf(profile.id)).toMatchObject({ day: statsDay(), whatsappClicks: 2 })
  })

  it('keeps an international number as written and sends handles to t.me and x.com', async () => {
    const profile = await createProfile({
      whatsapp: '+351 912 345 678',
      telegram: '@clara_tg',
      xHandle: 'clara_x',
    })
    expect((await outcome(contact(profile.id, 'whatsapp'))).location).toMatch(
      /^https:\/\/wa\.me\/351912345678\?text=/,
    )
    expect((await outcome(contact(profile.id, 'telegram'))).location).toBe('https://t.me/clara_tg')
    expect((await outcome(contact(profile.id, 'x'))).location).toBe('https://x.com/clara_x')
    expect(await statsOf(profile.id)).toMatchObject({
      whatsappClicks: 1,
      telegramClicks: 1,
      xClicks: 1,
      views: 0,
    })
  })

  it('sends crawlers and repeat clicks on without counting them', async () => {
    const profile = await createProfile({ whatsapp: '+5511900000046' })
    const crawler = await outcome(contact(profile.id, 'whatsapp', { agent: 'Googlebot/2.1' }))
    expect(crawler.status).toBe(302)
    const ip = '203.0.113.78'
    for (let i = 0; i < 3; i++) await contact(profile.id, 'whatsapp', { ip })
    expect((await outcome(contact(profile.id, 'telegram', { ip }))).status).toBe(404)
    expect(await statsOf(profile.id)).toMatchObject({ whatsappClicks: 1, telegramClicks: 0 })
  })

  it('answers 404 for unknown, hidden, unapproved profiles and missing channels', async () => {
    const hidden = await createProfile({ whatsapp: '+5511900000043', visibilityStatus: 'hidden' })
    const pending = await createProfile({ whatsapp: '+5511900000044', status: 'pending' })
    const noPhone = await createProfile({ whatsapp: null, telegram: 'not valid!' })
    for (const [id, channel] of [
      [hidden.id, 'whatsapp'],
      [pending.id, 'whatsapp'],
      [noPhone.id, 'whatsapp'],
      [noPhone.id, 'telegram'],
      [noPhone.id, 'email'],
      ['00000000-0000-4000-8000-000000000000', 'whatsapp'],
      ['not-a-uuid', 'whatsapp'],
    ]) {
      const answer = await outcome(contact(id as string, channel as string))
      expect(answer.status, `${id} ${channel}`).toBe(404)
      expect(answer.headers?.get('x-robots-tag')).toBe('noindex, nofollow')
    }
    expect(await statsOf(hidden.id)).toBeUndefined()
  })

  it('a demonstration profile leads nowhere: a notice page (200, noindex), nothing counted', async () => {
    const demo = await createProfile({
      name: 'Demo Lua',
      isDemo: true,
      whatsapp: '+5511900000101',
      telegram: 'demolua_demo',
      xHandle: 'demolua_demo',
    })
    for (const channel of ['whatsapp', 'telegram', 'x']) {
      const answer = (await contact(demo.id, channel)) as unknown as {
        data: unknown
        init?: ResponseInit
      }
      // Not a redirect to wa.me, t.me or x.com: the page's data, for the notice.
      expect(answer).not.toBeInstanceOf(Response)
      expect(answer.data).toEqual({ name: 'Demo Lua', username: demo.username, channel })
      expect(answer.init?.status ?? 200).toBe(200)
      const headers = new Headers(answer.init?.headers)
      expect(headers.get('x-robots-tag')).toBe('noindex, nofollow')
      expect(headers.get('cache-control')).toBe('no-store')
    }
    expect(await statsOf(demo.id)).toBeUndefined()
  })

  it('a public profile without the channel asked for says so (404), not "not found"', async () => {
    const profile = await createProfile({ whatsapp: '+5511900000047', xHandle: null })
    try {
      await contact(profile.id, 'x')
      expect.unreachable('a profile without X must not redirect')
    } catch (thrown) {
      const { data, init } = thrown as { data: unknown; init?: ResponseInit }
      expect(init?.status).toBe(404)
      expect(data).toEqual({ kind: 'channel', channel: 'x', username: profile.username })
    }
    // An unknown profile is still the profile's not-found.
    try {
      await contact('00000000-0000-4000-8000-000000000000', 'x')
    } catch (thrown) {
      expect((thrown as { data: unknown }).data).toEqual({ kind: 'profile' })
    }
  })

  it('is limited per visitor: past the limit 429 with Retry-After, others unaffected', async () => {
    const profile = await createProfile({ whatsapp: '+5511900000045' })
    const ip = '203.0.113.77'
    for (let i = 0; i < CONTACT_LIMIT.limit; i++) {
      expect((await outcome(contact(profile.id, 'whatsapp', { ip }))).status).toBe(302)
    }
    const refused = await outcome(contact(profile.id, 'whatsapp', { ip }))
    expect(refused.status).toBe(429)
    expect(Number(refused.headers?.get('retry-after'))).toBeGreaterThan(0)
    expect((await outcome(contact(profile.id, 'whatsapp'))).status).toBe(302)
    // Counted once per visitor and day: the first visitor's many clicks count one.
    expect((await statsOf(profile.id))?.whatsappClicks).toBe(2)
  })
})

describe('profile views', () => {
  const view = (
    profileId: string,
    {
      ip = `192.0.2.${++visitor % 200}`,
      site = 'same-origin' as string | null,
      agent = 'Mozilla/5.0 Chrome/131.0',
    } = {},
  ) =>
    viewAction({
      request: new Request(`http://localhost/api/profile-views/${profileId}`, {
        method: 'POST',
        headers: { 'user-agent': agent, ...(site ? { 'sec-fetch-site': site } : {}) },
      }),
      params: { profileId },
      context: { clientIp: ip, cspNonce: '' },
    } as unknown as ViewArgs)

  it('counts views of public profiles from this site, once per visitor and day', async () => {
    const profile = await createProfile()
    const hidden = await createProfile({ visibilityStatus: 'hidden' })
    expect((await view(profile.id)).status).toBe(204)
    expect((await view(profile.id)).status).toBe(204)
    expect((await view(profile.id, { ip: '192.0.2.200' })).status).toBe(204)
    expect((await view(profile.id, { ip: '192.0.2.200' })).status).toBe(204)
    expect((await view(hidden.id)).status).toBe(404)
    expect((await view('nope')).status).toBe(404)
    // Not from one of our pages (another site, or no browser at all): refused.
    expect((await view(profile.id, { site: 'cross-site' })).status).toBe(403)
    expect((await view(profile.id, { site: null })).status).toBe(403)
    // A crawler is answered but not counted.
    expect((await view(profile.id, { agent: 'Googlebot/2.1' })).status).toBe(204)
    expect(await statsOf(profile.id)).toMatchObject({ views: 3, whatsappClicks: 0 })
    expect(await statsOf(hidden.id)).toBeUndefined()
  })

  it('starts a new row each day in Brazil time and reads them newest first', async () => {
    const profile = await createProfile()
    // 02:30 UTC on the 2nd is still the 1st in São Paulo (UTC-3).
    expect(statsDay(new Date('2026-03-02T02:30:00Z'))).toBe('2026-03-01')
    await recordProfileEvent(profile.id, 'view', new Date('2026-03-02T02:30:00Z'))
    await recordProfileEvent(profile.id, 'view', new Date('2026-03-02T03:30:00Z'))
    await recordProfileEvent(profile.id, 'view')
    const rows = await db()
      .select({ day: profileDailyStats.day, views: profileDailyStats.views })
      .from(profileDailyStats)
      .where(eq(profileDailyStats.profileId, profile.id))
      .orderBy(profileDailyStats.day)
    expect(rows).toEqual([
      { day: '2026-03-01', views: 1 },
      { day: '2026-03-02', views: 1 },
      { day: statsDay(), views: 1 },
    ])
    expect((await profileStats(profile.id)).map((row) => row.day)).toEqual([statsDay()])
  })
})

describe('profileCarousel (SPEC §7, §9)', () => {
  const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000)

  it('orders the city by tier rank, premium first, newest, and wraps at both ends', async () => {
    const city = { city: 'Recife', citySlug: 'recife' }
    const free = await createProfile({ ...city, name: 'Free', membershipTier: 'free' })
    const goldOld = await createProfile({
      ...city,
      name: 'Gold old',
      membershipTier: 'ouro',
      createdAt: at(60),
    })
    const goldNew = await createProfile({ ...city, name: 'Gold new', membershipTier: 'ouro' })
    const goldPremium = await createProfile({
      ...city,
      name: 'Gold premium',
      membershipTier: 'ouro',
      isPremium: true,
      createdAt: at(120),
    })
    const vip = await createProfile({ ...city, name: 'VIP', membershipTier: 'vip_plus' })
    await createProfile({
      ...city,
      name: 'Hidden',
      membershipTier: 'vip_plus',
      visibilityStatus: 'hidden',
    })
    await createProfile({ name: 'Elsewhere', membershipTier: 'vip_plus' })
    await db()
      .insert(images)
      .values(
        [0, 1, 2, 3].map((order) => ({
          profileId: goldPremium.id,
          url: `/media/x-${order}.webp`,
          storagePath: `x-${order}`,
          variantWidths: [320, 640],
          width: 640,
          height: 853,
          displayOrder: order,
        })),
      )
    const order = [vip, goldPremium, goldNew, goldOld, free]
    const first = await profileCarousel(vip)
    expect(first).toMatchObject({
      position: 1,
      total: 5,
      previous: { username: free.username },
      next: { username: goldPremium.username, name: 'Gold premium' },
    })
    // The neighbour's first three photos, in display order, for preloading.
    expect(first?.next.photos.map((photo) => photo.storagePath)).toEqual(['x-0', 'x-1', 'x-2'])
    const last = await profileCarousel(free)
    expect(last).toMatchObject({
      position: 5,
      previous: { username: goldOld.username },
      next: { username: vip.username },
    })
    const middle = await profileCarousel(goldNew)
    expect(middle?.previous.username).toBe(order[1]?.username)
    expect(middle?.next.username).toBe(order[3]?.username)
  })

  it('keeps the current profile plus 20 others, the current one leading when outside them', async () => {
    const city = { city: 'Goiânia', citySlug: 'goiania' }
    const others = []
    for (let i = 0; i < 22; i++) {
      others.push(await createProfile({ ...city, membershipTier: 'prata', createdAt: at(i) }))
    }
    const lowest = await createProfile({ ...city, membershipTier: 'free' })
    const carousel = await profileCarousel(lowest)
    expect(carousel).toMatchObject({
      position: 1,
      total: 21,
      next: { id: others[0]?.id },
      previous: { id: others[19]?.id },
    })
    expect((await profileCarousel(others[3] as { id: string; citySlug: string }))?.total).toBe(21)
  })

  it('has nothing to step to alone in a city or without a city', async () => {
    const alone = await createProfile({ city: 'Manaus', citySlug: 'manaus' })
    expect(await profileCarousel(alone)).toBeUndefined()
    expect(await profileCarousel({ id: alone.id, citySlug: null })).toBeUndefined()
  })
})
