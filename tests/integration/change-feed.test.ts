import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { DEFAULT_FILTERS } from '#app/domain/filters.ts'
import { rotationMinute } from '#app/domain/ranking.ts'
import { deleteAccount } from '#app/modules/account/account.server.ts'
import { settleAuthTasks } from '#app/modules/auth/auth.server.ts'
import { fileReport } from '#app/modules/client/reports.server.ts'
import {
  onPublicPagesChanged,
  PUBLIC_CHANGES_CHANNEL,
  publicCachesUsable,
  startChangeFeed,
} from '#app/modules/http/public-pages.server.ts'
import { listProfilesOrNull } from '#app/modules/listing/safe-list.server.ts'
import { profileCounts } from '#app/modules/location/suggestions.server.ts'
import { decideChanges, decideCheck } from '#app/modules/moderation/checks.server.ts'
import { expireTiers, setTier } from '#app/modules/moderation/plans.server.ts'
import { releaseUsername, reserveUsername } from '#app/modules/moderation/reserved-names.server.ts'
import {
  banProfile,
  liftSuspension,
  setHidden,
  suspendProfile,
} from '#app/modules/moderation/sanctions.server.ts'
import { ownProfile, saveOwnProfile, setPaused } from '#app/modules/provider/own-profile.server.ts'
import { submitVerification } from '#app/modules/provider/verification.server.ts'
import { runVerificationCalendar } from '#app/modules/provider/verification-calendar.server.ts'
import { serverEnv } from '#app/platform/env.server.ts'
import { storageFor } from '#app/platform/storage.server.ts'
import { databaseHandle, db, LISTENER_APPLICATION_NAME } from '#db/client.server.ts'
import { user } from '#db/schema/auth.ts'
import {
  images,
  profiles,
  reservedUsernames,
  verificationSubmissions,
} from '#db/schema/profiles.ts'
import { syncDemoData } from '#db/seed/demo.server.ts'
import { signedIn } from '#tests/factories/account.ts'
import { createProfile, signedInProvider, testPicture } from '#tests/factories/profile.ts'
import { useTestServerEnv } from '#tests/support/test-server.ts'

// The change feed (issue 17 item 1): every write that changes what a public page shows notifies
// every instance when its transaction commits, and writes no public page shows do not; kept
// lists are used only while the feed is heard. Real triggers, real LISTEN/NOTIFY: PGlite in
// process, and PostgreSQL over its own connection (lost and found again on purpose below).

let stopFeed: () => Promise<void>
let stopRecording: () => Promise<void>
/** Every payload on the channel, in commit order, as another instance would hear them. */
const heard: string[] = []
/** Whether that recording connection listens (it is cut below with the feed's, by its name). */
let recording = false

beforeAll(async () => {
  await useTestServerEnv()
  const handle = databaseHandle()
  if (!handle) throw new Error('no database')
  stopFeed = await startChangeFeed(handle)
  stopRecording = await handle.listen(PUBLIC_CHANGES_CHANNEL, {
    onNotify: (payload) => heard.push(payload),
    onState: (listening) => {
      recording = listening
    },
  })
})

afterAll(async () => {
  await settleAuthTasks()
  await stopRecording()
  await stopFeed()
})

beforeEach(() => {
  vi.spyOn(process.stdout, 'write').mockImplementation(() => true)
  vi.spyOn(process.stderr, 'write').mockImplementation(() => true)
})

let markers = 0
/**
 * Sends a marker notification and waits for it (5 s at most, on a busy machine): notifications
 * arrive in commit order, so every earlier commit's has arrived too. Returns its place in `heard`.
 */
async function mark(): Promise<number> {
  const marker = `marker-${++markers}`
  await db().execute(sql`select pg_notify(${PUBLIC_CHANGES_CHANNEL}, ${marker})`)
  await expect.poll(() => heard.includes(marker), { timeout: 5000, interval: 5 }).toBe(true)
  return heard.indexOf(marker)
}

/** How many notifications the commits of `write` sent (all arrived before the second marker). */
async function notificationsOf(write: () => Promise<unknown>): Promise<number> {
  const from = await mark()
  await write()
  const to = await mark()
  return heard.slice(from + 1, to).filter((payload) => payload === 'changed').length
}

async function admin() {
  const account = await signedIn('admin')
  return { id: account.id, email: account.email }
}

/** A provider's own profile, complete; public (approved) unless `approved` is false. */
const provider = (approved = true) => signedInProvider({ approved })

/** What the profile editor sends for `current`, with a few public fields filled in. */
function editorInput(current: NonNullable<Awaited<ReturnType<typeof ownProfile>>>) {
  return {
    workingName: current.workingName ?? current.name,
    username: current.username,
    age: 30,
    citySlug: 'recife',
    neighborhoodSlug: null,
    description: current.description ?? '',
    hourlyRate: 400,
    whatsapp: current.whatsapp ?? '',
    telegram: null,
    xHandle: null,
    touringAvailable: false,
    showAvailabilityStatus: false,
    availableNow: false,
    services: ['gfe'],
  }
}

const SUSPENSION = { days: 3, dailyValueCents: 1000, reason: 'Teste de suspensão' }

describe('what notifies', () => {
  it('every moderation decision on a public profile notifies once it commits', async () => {
    const team = await admin()
    const one = await provider()
    expect(await notificationsOf(() => suspendProfile(team, one.profile.id, SUSPENSION))).toBe(1)
    expect(await notificationsOf(() => liftSuspension(team, one.profile.id, 'Fim'))).toBe(1)
    expect(await notificationsOf(() => setHidden(team, one.profile.id, true, 'Oculto'))).toBe(1)
    expect(await notificationsOf(() => setHidden(team, one.profile.id, false, 'Visível'))).toBe(1)
    const plan = {
      tier: 'ouro' as const,
      expiresAt: new Date(Date.now() + 86_400_000),
      reason: 'P',
    }
    expect(await notificationsOf(() => setTier(team, one.profile.id, plan))).toBe(1)
    expect(
      await notificationsOf(() => expireTiers(new Date(Date.now() + 2 * 86_400_000))),
    ).toBeGreaterThanOrEqual(1)
    expect(await notificationsOf(() => banProfile(team, one.profile.id, 'Banida'))).toBe(1)
    // A refused decision changes nothing and tells nothing.
    expect(await notificationsOf(() => setHidden(team, one.profile.id, false, 'x'))).toBe(0)
  })

  it('approving an identity check, approving changes and a lapsed check notify', async () => {
    const team = await admin()
    const draft = await provider(false)
    await submitVerification(
      draft.id,
      {
        documentFront: await testPicture(1),
        documentBack: await testPicture(2),
        selfie: await testPicture(3),
      },
      true,
    )
    const [submission] = await db()
      .select()
      .from(verificationSubmissions)
      .where(eq(verificationSubmissions.profileId, draft.profile.id))
    if (!submission) throw new Error('no submission')
    expect(await notificationsOf(() => decideCheck(team, submission.id, { approved: true }))).toBe(
      1,
    )

    const edited = await provider()
    await db()
      .update(images)
      .set({ verificationType: 'pending' })
      .where(eq(images.profileId, edited.profile.id))
    // A photo waiting for review shows nowhere: adding it said nothing; approving it does.
    expect(
      await notificationsOf(() =>
        db()
          .update(profiles)
          .set({ changesSubmittedAt: new Date(), pendingWorkingName: 'Nome Novo' })
          .where(eq(profiles.id, edited.profile.id)),
      ),
    ).toBe(0)
    expect(
      await notificationsOf(() =>
        decideChanges(team, edited.profile.id, { approved: true, note: '' }),
      ),
    ).toBe(1)

    const old = await provider()
    await db()
      .update(profiles)
      .set({ verifiedAt: new Date(Date.now() - 200 * 86_400_000) })
      .where(eq(profiles.id, old.profile.id))
    expect(await notificationsOf(() => runVerificationCalendar())).toBe(1)
  })

  it("a 'minor' report that hides a profile notifies; another reason does not", async () => {
    const one = await provider()
    const input = { profileId: one.profile.id, details: null }
    expect(
      await notificationsOf(() =>
        fileReport({ clientIp: '198.51.100.7' }, { ...input, reason: 'fake_photos' }),
      ),
    ).toBe(0)
    expect(
      await notificationsOf(() =>
        fileReport({ clientIp: '198.51.100.8' }, { ...input, reason: 'minor' }),
      ),
    ).toBe(1)
  })

  it("a provider's pause, republish, public edits and username change notify; private ones do not", async () => {
    const one = await provider()
    expect(await notificationsOf(() => setPaused(one.id, true))).toBe(1)
    expect(await notificationsOf(() => setPaused(one.id, false))).toBe(1)
    const current = await ownProfile(one.id)
    if (!current) throw new Error('no profile')
    const input = editorInput(current)
    expect(await notificationsOf(() => saveOwnProfile(one.id, input))).toBeGreaterThanOrEqual(1)
    // The same again changes nothing a visitor sees.
    expect(await notificationsOf(() => saveOwnProfile(one.id, input))).toBe(0)
    expect(
      await notificationsOf(() =>
        saveOwnProfile(one.id, { ...input, username: `${input.username}-b` }),
      ),
    ).toBeGreaterThanOrEqual(1)
    // Counters and reminders are the provider's and the team's business only.
    expect(
      await notificationsOf(() =>
        db()
          .update(profiles)
          .set({ monthlyPhotoUploads: 3, verificationReminderAt: new Date() })
          .where(eq(profiles.id, one.profile.id)),
      ),
    ).toBe(0)
  })

  it('nothing about a profile that is not public notifies, until it becomes public', async () => {
    // A draft's username changes, however often, tell nobody (issue 17 review).
    const newcomer = await provider(false)
    const current = await ownProfile(newcomer.id)
    if (!current) throw new Error('no profile')
    for (const username of [`${current.username}-a`, `${current.username}-b`]) {
      expect(
        await notificationsOf(() =>
          saveOwnProfile(newcomer.id, { ...editorInput(current), username }),
        ),
      ).toBe(0)
    }
    const draft = await createProfile({ status: 'draft' })
    expect(
      await notificationsOf(() =>
        db().update(profiles).set({ age: 31, description: 'x' }).where(eq(profiles.id, draft.id)),
      ),
    ).toBe(0)
    expect(
      await notificationsOf(() =>
        db().insert(images).values({ profileId: draft.id, url: '/media/y.webp' }),
      ),
    ).toBe(0)
    expect(
      await notificationsOf(() =>
        db().update(profiles).set({ status: 'approved' }).where(eq(profiles.id, draft.id)),
      ),
    ).toBe(1)
    // A rolled-back change never notifies.
    expect(
      await notificationsOf(() =>
        db()
          .transaction(async (tx) => {
            await tx.update(profiles).set({ age: 40 }).where(eq(profiles.id, draft.id))
            throw new Error('rolled back')
          })
          .catch(() => undefined),
      ),
    ).toBe(0)
  })

  it('account deletion, reserved usernames and demo data removal notify', async () => {
    const team = await admin()
    const one = await provider()
    expect(await notificationsOf(() => deleteAccount(one.id))).toBeGreaterThanOrEqual(1)
    // A name reserved for nobody is a 404 before and after: nothing to forget.
    expect(await notificationsOf(() => reserveUsername(team, 'reservada-x', 'teste'))).toBe(0)
    expect(await notificationsOf(() => releaseUsername(team, 'reservada-x', 'teste'))).toBe(0)
    // An old username of a public profile redirects to it: releasing it ends the redirect.
    const renamed = await provider()
    const old = renamed.profile.username
    await db()
      .update(profiles)
      .set({ username: `${old}-nova` })
      .where(eq(profiles.id, renamed.profile.id))
    await db()
      .insert(reservedUsernames)
      .values({ username: old, profileId: renamed.profile.id, reason: 'renamed' })
    expect(await notificationsOf(() => releaseUsername(team, old, 'teste'))).toBe(1)
    await createProfile({ isDemo: true })
    const storage = storageFor(serverEnv())
    expect(
      await notificationsOf(() => syncDemoData(db(), { enabled: false, storage })),
    ).toBeGreaterThanOrEqual(1)
  })
})

describe('what the feed drops', () => {
  it('a hidden profile leaves the memoised listing and counts at once', async () => {
    const team = await admin()
    const one = await provider()
    const query = {
      citySlug: 'recife',
      filters: DEFAULT_FILTERS,
      minute: rotationMinute(new Date()),
      limit: 50,
      offset: 0,
    }
    const ids = async () => (await listProfilesOrNull(query))?.profiles.map((card) => card.id)
    expect(await ids()).toContain(one.profile.id)
    const countBefore = (await profileCounts()).byCity.get('recife') ?? 0
    let dropped = 0
    const stop = onPublicPagesChanged(() => {
      dropped += 1
    })
    await setHidden(team, one.profile.id, true, 'Oculto')
    await expect.poll(() => dropped, { timeout: 5000, interval: 5 }).toBeGreaterThan(0)
    stop()
    expect(await ids()).not.toContain(one.profile.id)
    expect((await profileCounts()).byCity.get('recife') ?? 0).toBe(countBefore - 1)
  })
})

describe.runIf(process.env.TEST_DB_KIND === 'postgres')('a lost listening connection', () => {
  it('stops the kept copies until it listens again, then drops everything', async () => {
    expect(publicCachesUsable()).toBe(true)
    const states: boolean[] = []
    let drops = 0
    const stop = onPublicPagesChanged(() => {
      drops += 1
      states.push(publicCachesUsable())
    })
    const result = (await db().execute(sql`
      select bool_or(pg_terminate_backend(pid)) as ended from pg_stat_activity
      where application_name = ${`${LISTENER_APPLICATION_NAME} ${process.pid}`}
        and datname = current_database()`)) as {
      rows: { ended: boolean }[]
    }
    expect(result.rows[0]?.ended).toBe(true)
    // Lost: nothing kept is used…
    await expect.poll(() => states.includes(false), { timeout: 5000, interval: 5 }).toBe(true)
    // …until it listens again, when everything kept before is dropped once more.
    await expect.poll(() => publicCachesUsable(), { timeout: 5000, interval: 20 }).toBe(true)
    expect(states.at(-1)).toBe(true)
    expect(drops).toBeGreaterThanOrEqual(2)
    stop()
    // And it hears changes again. The test's own recording connection was cut too (it has the
    // same name) and comes back on its own schedule: a marker sent before it listens again
    // would never be heard.
    await expect.poll(() => recording, { timeout: 5000, interval: 20 }).toBe(true)
    expect(
      await notificationsOf(() =>
        db().update(user).set({ name: 'x' }).where(eq(user.email, 'nobody@example.com')),
      ),
    ).toBe(0)
  })
})
