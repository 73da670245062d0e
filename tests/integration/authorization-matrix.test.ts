import { randomUUID } from 'node:crypto'
import { once } from 'node:events'
import { readdir, readFile } from 'node:fs/promises'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import { and, eq, inArray, like, type SQL, sql } from 'drizzle-orm'
import express from 'express'
import sharp from 'sharp'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { LEDGER_ACCOUNTS } from '#app/domain/gifts.ts'
import type { DocumentPart } from '#app/domain/provider.ts'
import { ADMIN_INTENTS } from '#app/modules/admin/answer.ts'
import { issueVitalsToken } from '#app/modules/analytics/vitals-token.server.ts'
import { requestPasswordReset, signIn } from '#app/modules/auth/accounts.server.ts'
import { settleAuthTasks } from '#app/modules/auth/auth.server.ts'
import { CONFIRMATION_INTENTS } from '#app/modules/auth/confirmation-answer.ts'
import { AUTH_INTENTS } from '#app/modules/auth/form-state.ts'
import { secureAccount, sendEmailChangeNotice } from '#app/modules/auth/secure-account.server.ts'
import { keepForm } from '#app/modules/auth/step-up-forms.server.ts'
import { startEnrolment, verifyCode } from '#app/modules/auth/two-factor.server.ts'
import { addFavorites, recordView, setKeepHistory } from '#app/modules/client/saved.server.ts'
import { suspendProfile } from '#app/modules/moderation/sanctions.server.ts'
import { startGift } from '#app/modules/payments/gifts.server.ts'
import {
  checkCharge,
  createCharge,
  startPlanCharge,
} from '#app/modules/payments/payments.server.ts'
import { cpfHash } from '#app/modules/payments/withdrawals.server.ts'
import { uploadPhoto } from '#app/modules/provider/photos.server.ts'
import { submitVerification } from '#app/modules/provider/verification.server.ts'
import * as exportRoute from '#app/routes/account/export.ts'
import * as securityPage from '#app/routes/account/security.tsx'
import * as documentRoute from '#app/routes/account/verification-document.ts'
import * as adminAccount from '#app/routes/admin/account.tsx'
import * as adminAudit from '#app/routes/admin/audit.tsx'
import * as adminCheck from '#app/routes/admin/check.tsx'
import * as adminGifts from '#app/routes/admin/gifts.tsx'
import * as adminLayout from '#app/routes/admin/layout.tsx'
import * as adminOverview from '#app/routes/admin/overview.tsx'
import * as adminPayments from '#app/routes/admin/payments.tsx'
import * as adminPlans from '#app/routes/admin/plans.tsx'
import * as adminProfile from '#app/routes/admin/profile.tsx'
import * as adminProfilePreview from '#app/routes/admin/profile-preview.tsx'
import * as adminQueue from '#app/routes/admin/queue.tsx'
import * as adminReports from '#app/routes/admin/reports.tsx'
import * as adminReviews from '#app/routes/admin/reviews.tsx'
import * as adminSearch from '#app/routes/admin/search.tsx'
import * as adminTeam from '#app/routes/admin/team.tsx'
import * as adminUsernames from '#app/routes/admin/usernames.tsx'
import * as adminVitals from '#app/routes/admin/vitals.tsx'
import * as authPage from '#app/routes/auth/auth.tsx'
import * as confirmPage from '#app/routes/auth/confirm.tsx'
import * as emailConfirmation from '#app/routes/auth/email-confirmation.tsx'
import * as signOut from '#app/routes/auth/sign-out.ts'
import * as twoFactorPage from '#app/routes/auth/two-factor.tsx'
import * as clientAccount from '#app/routes/client/account.tsx'
import * as clientFavorites from '#app/routes/client/favorites.tsx'
import * as clientGiftPix from '#app/routes/client/gift-pix.tsx'
import * as clientGiftReceipt from '#app/routes/client/gift-receipt.tsx'
import * as clientGifts from '#app/routes/client/gifts.tsx'
import * as clientHistory from '#app/routes/client/history.tsx'
import * as clientLayout from '#app/routes/client/layout.tsx'
import * as clientReviews from '#app/routes/client/reviews.tsx'
import * as providerAccount from '#app/routes/provider/account.tsx'
import * as providerDashboard from '#app/routes/provider/dashboard.tsx'
import * as providerGifts from '#app/routes/provider/gifts.tsx'
import * as providerOverview from '#app/routes/provider/overview.tsx'
import * as photoUpload from '#app/routes/provider/photo-upload.ts'
import * as providerPhotos from '#app/routes/provider/photos.tsx'
import * as providerPlan from '#app/routes/provider/plan.tsx'
import * as providerPlanPix from '#app/routes/provider/plan-pix.tsx'
import * as providerPlanReceipt from '#app/routes/provider/plan-receipt.tsx'
import * as providerPreview from '#app/routes/provider/preview.tsx'
import * as providerProfile from '#app/routes/provider/profile.tsx'
import * as providerReviews from '#app/routes/provider/reviews.tsx'
import * as providerVerification from '#app/routes/provider/verification.tsx'
import * as contact from '#app/routes/public/contact.tsx'
import * as giftForm from '#app/routes/public/gift.tsx'
import * as report from '#app/routes/public/report.tsx'
import * as reviewForm from '#app/routes/public/review.tsx'
import * as ageGate from '#app/routes/resources/age-gate.ts'
import * as authApi from '#app/routes/resources/auth-api.ts'
import * as favoritesApi from '#app/routes/resources/favorites.ts'
import * as pixWebhook from '#app/routes/resources/pix-webhook.ts'
import * as profileView from '#app/routes/resources/profile-view.ts'
import * as setLanguage from '#app/routes/resources/set-language.ts'
import * as webVitals from '#app/routes/resources/web-vitals.ts'
import routes from '#app/routes.ts'
import { db } from '#db/client.server.ts'
import {
  clientProfiles,
  account as credentials,
  session,
  sessionAssurance,
  stepUpForms,
  twoFactor,
  user,
  userRoles,
  verification,
} from '#db/schema/auth.ts'
import { favorites, recentlyViewed } from '#db/schema/clients.ts'
import { balanceFreezes, gifts, ledgerTransfers, withdrawals } from '#db/schema/gifts.ts'
import { profileSanctions, reports } from '#db/schema/moderation.ts'
import { pixCharges, pixPayments, pixRefunds, planPrices } from '#db/schema/payments.ts'
import {
  images,
  photoFlags,
  profiles,
  reservedUsernames,
  verificationSubmissions,
} from '#db/schema/profiles.ts'
import { profileContacts, reviews } from '#db/schema/reviews.ts'
import { profileDailyStats } from '#db/schema/stats.ts'
import { webVitalsDaily } from '#db/schema/web-vitals.ts'
import { type PixTestServer, startPixServer } from '#sandbox/pix/institution.ts'
import { metricsEndpoint } from '#server/metrics.server.ts'
import {
  codeFor,
  createAccount,
  enrolTwoFactor,
  sessionCookie,
  TEST_PASSWORD,
  updatedCookie,
} from '#tests/factories/account.ts'
import { newCpf } from '#tests/factories/cpf.ts'
import { createProfile } from '#tests/factories/profile.ts'
import { OIDC_CLIENT_ID, OIDC_CLIENT_SECRET, startOidcServer } from '#tests/support/oidc-server.ts'
import { pixConfigOf } from '#tests/support/pix-site.ts'
import { callRoute, type Handler, type RouteAnswer } from '#tests/support/route-call.ts'
import { decodeQuotedPrintable } from '#tests/support/smtp-server.ts'
import { TEST_BASE_URL, useTestServerEnv } from '#tests/support/test-server.ts'
import { nextCode, totpCode } from '#tests/support/totp.ts'

// The authorisation matrix (issue 10 item 5): every state-changing action and every loader that
// needs a session, against every kind of caller. Each row names who may succeed; everyone else
// must be refused (sent to sign in, sent to their own area, 401/403/404) with a body that would
// have worked for an allowed caller, and the database must not change at all (but for the limits'
// counters of a row whose every call counts, Row.counted). The last describe reads app/routes.ts
// and fails when a route module with an action or a guarded loader is not in the matrix, so a new
// route cannot be forgotten.

// ---------------------------------------------------------------- the callers

const ACTORS = [
  'visitor',
  // An account without a role yet (after a first Google sign-in): it may only choose one.
  'roleless',
  'client',
  // Another client, against the first client's favourites and history.
  'otherClient',
  // The owner of the profile, photos and identity check the rows act on.
  'provider',
  // Another provider, against the first provider's photos, documents and profile.
  'otherProvider',
  // An admin with two-step verification (every admin must have it, issue 23) whose session
  // passed it and proved who she is in the last minutes.
  'admin',
  // Issue 23's two admins that lack something; their expectations follow the admin's (see
  // expectationOf). An admin account without a second factor: sent to set one up before any
  // admin page or action, as for an admin anywhere else.
  'unenrolledAdmin',
  // An admin whose session last proved who she is 11 minutes ago: sent to confirm it before
  // the rows behind the step-up (stepUp), as for an admin anywhere else.
  'staleAdmin',
] as const
type Actor = (typeof ACTORS)[number]
type SignedIn = Exclude<Actor, 'visitor'>
const EVERYONE: readonly Actor[] = ACTORS

/** Where requireRole sends a signed-in caller that lacks the role: their own area. */
const AREA: Record<SignedIn, string> = {
  roleless: '/auth',
  client: '/client-dashboard',
  otherClient: '/client-dashboard',
  provider: '/dashboard',
  otherProvider: '/dashboard',
  admin: '/admin',
  unenrolledAdmin: '/admin',
  staleAdmin: '/admin',
}

interface Account {
  id: string
  email: string
  /** The Cookie header of a session ('' when none was opened). */
  cookie: string
  /** The key of its authenticator (base32), when it has two-step verification. */
  totpSecret?: string
}

interface Provider extends Account {
  profileId: string
  username: string
  name: string
  whatsapp: string
  /** The profile's first photo, kept by every row. */
  photoId: string
}

interface World extends Record<SignedIn, Account> {
  provider: Provider
  otherProvider: Provider
  /** An account the login rows sign in to. */
  loginTarget: Account
  /** A second admin, for the refused attempts to remove one. */
  spareAdmin: Account
  /** A provider with two-step verification, whose reset the refused callers attempt. */
  twoFactorProvider: Provider
}

let world: World
let dataDir = ''
let oidc: Awaited<ReturnType<typeof startOidcServer>> | undefined
let pixServer: PixTestServer | undefined
let documents: Record<DocumentPart, Buffer>
let restoreStdout = () => {}

// ---------------------------------------------------------------- the matrix's types

type Expected = 'ok' | 'own' | 'refused'

interface Ctx {
  actor: Actor
  /** The caller's account (undefined for a visitor): fresh when the row asks for it. */
  me: Account | undefined
  expected: Expected
}

interface Target {
  url: string
  params?: Record<string, string>
  /** A form body; an action without one posts an empty form. */
  body?: Record<string, string> | URLSearchParams
  /** A multipart body (files). */
  form?: FormData
  /** A JSON body. */
  json?: unknown
  headers?: Record<string, string>
  /** What an allowed call changes. */
  state?: () => PromiseLike<unknown>
  /** The owner's data, which a caller acting on their own ('own') must leave as it was. */
  owner?: () => PromiseLike<unknown>
  /** Values of the owner that the owner's answer shows and nobody else's may. */
  secrets?: string[]
  /** Whether an allowed call changes `state` (default: actions do, loaders do not). */
  changes?: boolean
}

type Success = (answer: RouteAnswer, label: string) => void

interface Row {
  /** Method and address, as React Router matches it. */
  route: string
  /** The route module (as app/routes.ts names it). */
  file: string
  kind: 'loader' | 'action'
  intent?: string
  handler: Handler
  /** Callers that succeed. */
  ok: readonly Actor[]
  /** Callers that succeed on their own data only: the owner's stays as it was. */
  own?: readonly Actor[]
  /**
   * Callers refused whatever the admin's expectation (only unenrolledAdmin and staleAdmin need
   * naming: the others are refused unless listed in ok or own).
   */
  refused?: readonly Actor[]
  /**
   * Allowed callers act from a fresh session or account (the call ends or changes it), or from a
   * password sign-in stopped at its second factor ('challenge': no session yet).
   */
  fresh?: 'session' | 'account' | 'challenge'
  /** The fresh accounts have two-step verification (admins' always have). */
  enrolled?: boolean
  /** Behind the step-up (issue 23 point 2): a stale session is sent to /auth/confirm first. */
  stepUp?: boolean
  /**
   * Where refused signed-in callers named here go instead of their own area: an address, STEP_UP
   * (the step-up's /auth/confirm, back to the row's address) or an answer's status.
   */
  sentTo?: Partial<Record<SignedIn, string | number>>
  /**
   * The call counts against the per-address or per-account limits (shared_counters) before its
   * answer, refused or not: that table is left out of the refused callers' fingerprint.
   */
  counted?: boolean
  prepare: (ctx: Ctx) => Promise<Target>
  /** What success looks like (default: a 2xx answer). */
  success?: Success
  /** Its callers may run at once: all succeed and each checks only its own target. */
  concurrent?: boolean
}

const answered2xx: Success = (answer, label) => {
  expect(answer.status, label).toBeGreaterThanOrEqual(200)
  expect(answer.status, label).toBeLessThan(300)
}
const status =
  (code: number): Success =>
  (answer, label) =>
    expect(answer.status, label).toBe(code)
const redirectTo =
  (where: string | RegExp, code = 302): Success =>
  (answer, label) => {
    expect(answer.status, label).toBe(code)
    expect(answer.location ?? '', label).toMatch(where)
  }

// ---------------------------------------------------------------- helpers

const REASON = 'Motivo do teste'
const BROWSER =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36'
const NEW_PASSWORD = 'outra-senha-456'
let serial = 0
/** Something new each call, for addresses, usernames and texts. */
const unique = () => `${++serial}${randomUUID().slice(0, 6)}`
/**
 * A unique word of letters, for texts checked for contact data: unique()'s digits alone can
 * make a run the phone check rightly refuses (a review edit answered 400 once in ~16 runs).
 */
const uniqueWord = () => unique().replace(/\d/g, (digit) => 'abcdefghij'[Number(digit)] ?? '')

// Every call from its own address: the per-address limits must not answer for the roles.
let addresses = 0
const nextAddress = () => {
  addresses += 1
  return `198.18.${Math.floor(addresses / 250)}.${(addresses % 250) + 1}`
}

const must = <T>(value: T | undefined, what: string): T => {
  if (value === undefined) throw new Error(`no ${what}`)
  return value
}

/** A neutral test picture, different for each seed. */
const picture = (seed: number) =>
  sharp({
    create: {
      width: 640,
      height: 480,
      channels: 3,
      background: { r: (seed * 37) % 256, g: (seed * 91) % 256, b: (seed * 53) % 256 },
    },
  })
    .composite([
      {
        input: Buffer.from(
          `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="480"><circle cx="${(seed * 97) % 640}" cy="${(seed * 53) % 480}" r="${60 + (seed % 7) * 20}" fill="#fff"/></svg>`,
        ),
      },
    ])
    .jpeg()
    .toBuffer()

function multipart(fields: Record<string, string>, files: Record<string, Buffer>): FormData {
  const form = new FormData()
  for (const [name, value] of Object.entries(fields)) form.append(name, value)
  for (const [name, bytes] of Object.entries(files)) {
    form.append(name, new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), `${name}.jpg`)
  }
  return form
}

const DESCRIPTION = 'Olá! Sou a Luna, atendo em Boa Viagem com hora marcada e discrição.'
let phones = 0
const nextPhone = () => `+55819${String(10_000_000 + ++phones)}`

/** A provider with a complete, approved and public profile and one photo. */
async function approvedProvider(
  name = 'Luna Clara',
  options: { session?: boolean } = {},
): Promise<Provider> {
  const account = await createAccount({ role: 'provider', name })
  const whatsapp = nextPhone()
  const [profile] = await db()
    .update(profiles)
    .set({
      age: 27,
      citySlug: 'recife',
      city: 'Recife',
      description: DESCRIPTION,
      whatsapp,
      status: 'approved',
      verifiedAt: new Date(),
      verificationStatus: 'approved',
    })
    .where(eq(profiles.userId, account.id))
    .returning()
  const owned = must(profile, 'profile')
  const [photo] = await db()
    .insert(images)
    .values({ profileId: owned.id, url: '/media/x-320.webp', isCover: true, displayOrder: 0 })
    .returning()
  return {
    id: account.id,
    email: account.email,
    cookie: options.session === false ? '' : await sessionCookie(account.email),
    profileId: owned.id,
    username: owned.username,
    name,
    whatsapp,
    photoId: must(photo, 'photo').id,
  }
}

/**
 * A client or admin account with the Cookie header of a session (none with `session: false`).
 * An admin's has two-step verification and its session passed it, unless `enrolled: false`.
 */
async function signedInAccount(
  role: 'client' | 'admin',
  options: { session?: boolean; enrolled?: boolean } = {},
): Promise<Account> {
  const created = await createAccount({ role })
  const account = { id: created.id, email: created.email, cookie: '' }
  const enrolled = options.enrolled ?? role === 'admin'
  if (options.session === false && !enrolled) return account
  const ready = await withSession(account, enrolled)
  return options.session === false ? { ...ready, cookie: '' } : ready
}

const CALLER = { language: 'pt', clientIp: '192.0.2.1', userAgent: 'vitest' } as const

/**
 * `account` with a new session and, when `enrolled`, two-step verification set up from it (its
 * set-up ends that session and opens another, past the second factor).
 */
async function withSession<T extends Account>(account: T, enrolled: boolean): Promise<T> {
  const cookie = await sessionCookie(account.email)
  if (!enrolled) return { ...account, cookie }
  const set = await enrolTwoFactor(cookie)
  return { ...account, cookie: set.cookie, totpSecret: set.secret }
}

/** A password sign-in of an account with a second factor, stopped at it: the challenge's cookie. */
async function challengeCookie(email: string): Promise<string> {
  const result = await signIn({ email, password: TEST_PASSWORD, rememberMe: true }, CALLER)
  if (result.kind !== 'second-factor') throw new Error(`${email} signed in: ${result.kind}`)
  return result.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ')
}

/** The Cookie header of a new session of `account`, past its second factor when it has one. */
async function openSession(account: Account): Promise<string> {
  if (!account.totpSecret) return sessionCookie(account.email)
  const challenge = await challengeCookie(account.email)
  const request = new Request(`${TEST_BASE_URL}/auth/two-factor`, {
    method: 'POST',
    headers: { cookie: challenge },
  })
  const passed = await verifyCode(request, CALLER, await codeFor(account))
  if (!passed.ok) throw new Error(`second factor of ${account.email}: ${passed.reason}`)
  return updatedCookie(challenge, passed.headers.getSetCookie())
}

/** The session row of a Cookie header, if it has one. */
async function sessionOf(cookie: string) {
  const token = /session_token=([^.;]+)/.exec(cookie)?.[1]
  if (!token) return undefined
  const [row] = await db()
    .select({ id: session.id })
    .from(session)
    .where(eq(session.token, decodeURIComponent(token)))
  return must(row, 'session of the cookie')
}

const ELEVEN_MINUTES_AGO = sql`now() - interval '11 minutes'`

/**
 * Sets when the session of `cookie` last proved who it is (issue 23): just now, or `stale`, 11
 * minutes ago (the step-up asks again after 10), as if it were opened then. Its 'last seen' is
 * set to now, so the call itself records nothing more. Every call of the matrix starts from here:
 * however long the run, the admin is never stale and the stale admin always is.
 */
async function setProof(cookie: string, stale: boolean): Promise<void> {
  const row = await sessionOf(cookie)
  if (!row) return
  if (stale) {
    await db().update(session).set({ createdAt: ELEVEN_MINUTES_AGO }).where(eq(session.id, row.id))
  }
  const proof = stale ? ELEVEN_MINUTES_AGO : sql`now()`
  await db()
    .insert(sessionAssurance)
    .values({ sessionId: row.id, confirmedAt: proof, lastSeenAt: sql`now()` })
    .onConflictDoUpdate({
      target: sessionAssurance.sessionId,
      set: {
        confirmedAt: proof,
        lastSeenAt: sql`now()`,
        ...(stale
          ? {
              secondFactorAt: sql`case when ${sessionAssurance.secondFactorAt} is null then null else ${proof} end`,
            }
          : {}),
      },
    })
}

/** A client account whose role was never chosen, as after a first Google sign-in. */
async function rolelessAccount(): Promise<Account> {
  const account = await createAccount({ role: 'client' })
  await db().delete(clientProfiles).where(eq(clientProfiles.userId, account.id))
  await db().delete(userRoles).where(eq(userRoles.userId, account.id))
  return { id: account.id, email: account.email, cookie: await sessionCookie(account.email) }
}

/**
 * A new account standing in for `actor` (the call will end or change it), with two-step
 * verification when `enrolled` (an admin's always, but the unenrolled admin's).
 */
async function freshAccount(actor: SignedIn, enrolled = false): Promise<Account> {
  switch (actor) {
    case 'roleless':
      return rolelessAccount()
    case 'provider':
    case 'otherProvider': {
      const provider = await approvedProvider(actor === 'provider' ? 'Luna Clara' : 'Sol Dourada')
      return enrolled ? withSession(provider, true) : provider
    }
    case 'admin':
    case 'staleAdmin':
      return signedInAccount('admin')
    case 'unenrolledAdmin':
      return signedInAccount('admin', { enrolled: false })
    default:
      return signedInAccount('client', { enrolled })
  }
}

// The outbox's messages read so far (a message file never changes once written). Only rows that
// run their callers one at a time read it, so no file is read while it is being written.
const outboxRead = new Map<string, string>()

async function mailsTo(email: string): Promise<string[]> {
  await settleAuthTasks()
  const outbox = path.join(dataDir, 'outbox')
  for (const file of await readdir(outbox).catch(() => [])) {
    if (!outboxRead.has(file)) {
      const mail = await readFile(path.join(outbox, file), 'utf8')
      outboxRead.set(file, decodeQuotedPrintable(mail))
    }
  }
  return [...outboxRead.values()].filter((mail) => mail.includes(`To: ${email}`))
}

const profileOf = async (id: string) =>
  must((await db().select().from(profiles).where(eq(profiles.id, id)))[0], 'profile')
const userOf = (id: string) => db().select().from(user).where(eq(user.id, id))
const rolesOf = (id: string) => db().select().from(userRoles).where(eq(userRoles.userId, id))
const passwordOf = async (id: string) =>
  (await db().select().from(credentials).where(eq(credentials.userId, id))).map(
    (row) => row.password,
  )
const sessionsOf = async (id: string) =>
  (await db().select().from(session).where(eq(session.userId, id))).length
/** Two-step verification of an account: on or not, its key and backup codes. */
const twoFactorOf = async (id: string) => ({
  enabled: (await userOf(id))[0]?.twoFactorEnabled,
  set: await db().select().from(twoFactor).where(eq(twoFactor.userId, id)),
})
/** What the session of `cookie` has proved, and when. */
const assuranceOf = async (cookie: string) => {
  const row = must(await sessionOf(cookie), 'session')
  return db()
    .select({
      secondFactorAt: sessionAssurance.secondFactorAt,
      confirmedAt: sessionAssurance.confirmedAt,
    })
    .from(sessionAssurance)
    .where(eq(sessionAssurance.sessionId, row.id))
}
const photosOf = (profileId: string) =>
  db()
    .select({
      id: images.id,
      isCover: images.isCover,
      displayOrder: images.displayOrder,
      type: images.verificationType,
      // A rotation or crop changes where the photo's files are (issue 19 point 20).
      storagePath: images.storagePath,
    })
    .from(images)
    .where(eq(images.profileId, profileId))
    .orderBy(images.id)
const favoritesOf = (userId: string) =>
  db()
    .select({ id: favorites.id, profileId: favorites.profileId })
    .from(favorites)
    .where(eq(favorites.userId, userId))
    .orderBy(favorites.id)
const historyOf = async (userId: string) => ({
  views: await db()
    .select({ profileId: recentlyViewed.profileId })
    .from(recentlyViewed)
    .where(eq(recentlyViewed.userId, userId))
    .orderBy(recentlyViewed.profileId),
  keep: (await db().select().from(clientProfiles).where(eq(clientProfiles.userId, userId)))[0]
    ?.keepHistory,
})
const detailsOf = (userId: string) =>
  db().select().from(clientProfiles).where(eq(clientProfiles.userId, userId))
const submissionsOf = (profileId: string) =>
  db()
    .select({ id: verificationSubmissions.id, status: verificationSubmissions.status })
    .from(verificationSubmissions)
    .where(eq(verificationSubmissions.profileId, profileId))
    .orderBy(verificationSubmissions.id)
const statsOf = (profileId: string) =>
  db().select().from(profileDailyStats).where(eq(profileDailyStats.profileId, profileId))

/** The profile's identity check waiting for the team, sent now if none waits. */
async function pendingCheck(provider: Provider): Promise<string> {
  const waiting = (await submissionsOf(provider.profileId)).find((one) => one.status === 'pending')
  if (waiting) return waiting.id
  const cpf = newCpf()
  expect(
    await submitVerification(provider.id, documents, true, { digits: cpf, hash: cpfHash(cpf) }),
  ).toEqual({ ok: true })
  return pendingCheck(provider)
}

/** Removes the identity checks waiting for the team, so a new one may be sent. */
const clearChecks = (provider: Provider) =>
  db()
    .delete(verificationSubmissions)
    .where(
      and(
        eq(verificationSubmissions.profileId, provider.profileId),
        inArray(verificationSubmissions.status, ['pending', 'receiving']),
      ),
    )

/** Leaves the provider her first photo (the cover) and two more; returns those two. */
async function twoMorePhotos(provider: Provider): Promise<[string, string]> {
  await db()
    .delete(images)
    .where(and(eq(images.profileId, provider.profileId), sql`${images.id} <> ${provider.photoId}`))
  await db()
    .update(images)
    .set({ isCover: true, displayOrder: 0, verificationType: 'profile' })
    .where(eq(images.id, provider.photoId))
  const added = await db()
    .insert(images)
    .values(
      [1, 2].map((order) => ({
        profileId: provider.profileId,
        url: `/media/extra-${order}-320.webp`,
        displayOrder: order,
      })),
    )
    .returning()
  return [must(added[0], 'photo').id, must(added[1], 'photo').id]
}

/** A photo with its files (rotated and cropped by the edit rows), beside twoMorePhotos'. */
async function storedPhoto(provider: Provider): Promise<string> {
  await db()
    .update(profiles)
    .set({ monthlyPhotoUploads: 0 })
    .where(eq(profiles.id, provider.profileId))
  const result = await uploadPhoto(provider.id, await picture(++serial))
  if (!result.ok) throw new Error(result.error)
  return result.photo.id
}

/** The editor's form with the provider's own values and a new description. */
const profileForm = (provider: Provider) => ({
  intent: 'save',
  workingName: provider.name,
  username: provider.username,
  age: '27',
  citySlug: 'recife',
  neighborhoodSlug: '',
  description: `Descrição ${uniqueWord()}: atendo em Boa Viagem com hora marcada.`,
  hourlyRate: '300',
  whatsapp: provider.whatsapp,
  telegram: '',
  xHandle: '',
})

/** The id of the client's favourite of `profileId`, saved now if need be. */
async function favoriteEntry(client: Account, profileId: string): Promise<string> {
  expect(await addFavorites(client.id, [profileId])).toMatchObject({ ok: true, kept: 1, left: 0 })
  const [row] = await db()
    .select()
    .from(favorites)
    .where(and(eq(favorites.userId, client.id), eq(favorites.profileId, profileId)))
  return must(row, 'favourite').id
}

/** A public profile both clients opened lately. */
async function viewedByBoth(): Promise<string> {
  const viewed = await createProfile()
  for (const client of [world.client, world.otherClient]) {
    await setKeepHistory(client.id, true)
    expect(await recordView(client.id, viewed.id)).toBe(true)
  }
  return viewed.id
}

let fingerprintQuery: SQL | undefined

/**
 * A digest of every table but the reference data (cities, neighbourhoods, services): equal
 * digests mean that nothing at all changed in the database.
 */
async function fingerprint(row?: Row, actor?: Actor): Promise<Record<string, string>> {
  const result = await db().execute(must(fingerprintQuery, 'fingerprint query'))
  const rows = (result as unknown as { rows: { t: string; h: string }[] }).rows
  // A row whose every call counts against a limit (Row.counted): the counters left out. A form
  // sent with a stale proof is kept for the sender's own session (issue 30 point 7).
  const left = rows.filter(
    (one) =>
      !(row?.counted && one.t === 'shared_counters') &&
      !(row?.stepUp && actor === 'staleAdmin' && one.t === 'step_up_forms'),
  )
  return Object.fromEntries(left.map((one) => [one.t, one.h]))
}

/**
 * A client account secured by the link of a change notice (issue 30): the proof screen's token,
 * and the key of its authenticator when `enrolled`.
 */
async function securedAccount({ enrolled = false } = {}) {
  const target = await createAccount({ role: 'client' })
  const secret = enrolled
    ? (await enrolTwoFactor(await sessionCookie(target.email))).secret
    : undefined
  await sendEmailChangeNotice(target.id, `novo-${target.id.slice(0, 8).toLowerCase()}@example.com`)
  const mail = (await mailsTo(target.email)).find((m) => m.includes('mode=secure')) ?? ''
  const secured = await secureAccount(
    must(/mode=secure&(?:amp;)?token=([\w-]+)/.exec(mail)?.[1], 'secure link token'),
  )
  if (!secured.ok) throw new Error('the secure link did not work')
  return { target, proof: secured.proof, secret }
}

// ---------------------------------------------------------------- the rows

/** A loader row: address, module, its loader, who succeeds, the target, anything more. */
const loader = (
  route: string,
  file: string,
  handler: Handler,
  ok: readonly Actor[],
  prepare: Row['prepare'],
  more: Partial<Row> = {},
): Row => ({ route: `GET ${route}`, file, kind: 'loader', handler, ok, prepare, ...more })

/** An action row: address, module, intent, its action, who succeeds, the target, more. */
const action = (
  route: string,
  file: string,
  intent: string | undefined,
  handler: Handler,
  ok: readonly Actor[],
  prepare: Row['prepare'],
  more: Partial<Row> = {},
): Row => ({ route: `POST ${route}`, file, kind: 'action', intent, handler, ok, prepare, ...more })

/** A target that needs nothing prepared. */
const at =
  (url: string, more: Partial<Target> = {}) =>
  async (): Promise<Target> => ({
    url,
    ...more,
  })

// The provider's area: her own profile, photos, identity check and account. The other provider
// reaches only her own (the owner's data stays as it was), and nobody else gets in.
const PROVIDER_ROWS: Row[] = [
  loader(
    '/dashboard',
    'routes/provider/dashboard.tsx',
    providerDashboard.loader,
    ['provider'],
    async () => ({
      url: '/dashboard',
      secrets: [world.provider.email, `"${world.provider.username}"`],
    }),
    { own: ['otherProvider'] },
  ),
  loader(
    '/dashboard',
    'routes/provider/overview.tsx',
    providerOverview.loader,
    ['provider'],
    async () => ({ url: '/dashboard', secrets: [`"${world.provider.username}"`] }),
    { own: ['otherProvider'] },
  ),
  loader(
    '/dashboard/profile',
    'routes/provider/profile.tsx',
    providerProfile.loader,
    ['provider'],
    async () => ({
      url: '/dashboard/profile',
      secrets: [world.provider.profileId, `"${world.provider.username}"`],
    }),
    { own: ['otherProvider'] },
  ),
  loader(
    '/dashboard/photos',
    'routes/provider/photos.tsx',
    providerPhotos.loader,
    ['provider'],
    async () => ({ url: '/dashboard/photos', secrets: [world.provider.photoId] }),
    { own: ['otherProvider'] },
  ),
  // Issue 19 point 19: her own profile as the public will see it.
  loader(
    '/dashboard/preview',
    'routes/provider/preview.tsx',
    providerPreview.loader,
    ['provider'],
    async () => ({ url: '/dashboard/preview', secrets: [world.provider.profileId] }),
    { own: ['otherProvider'] },
  ),
  loader(
    '/dashboard/verification',
    'routes/provider/verification.tsx',
    providerVerification.loader,
    ['provider'],
    async () => ({
      url: '/dashboard/verification',
      secrets: [await pendingCheck(world.provider)],
    }),
    { own: ['otherProvider'] },
  ),
  loader(
    '/dashboard/account',
    'routes/provider/account.tsx',
    providerAccount.loader,
    ['provider'],
    async () => ({ url: '/dashboard/account', secrets: [world.provider.email] }),
    { own: ['otherProvider'] },
  ),
  ...(['pause', 'republish'] as const).map((intent) =>
    action(
      '/dashboard',
      'routes/provider/overview.tsx',
      intent,
      providerOverview.action,
      ['provider'],
      async () => {
        if (intent === 'republish') {
          await db()
            .update(profiles)
            .set({ visibilityStatus: 'paused' })
            .where(inArray(profiles.id, [world.provider.profileId, world.otherProvider.profileId]))
        }
        return {
          url: '/dashboard',
          body: { intent },
          state: async () => (await profileOf(world.provider.profileId)).visibilityStatus,
        }
      },
      { own: ['otherProvider'] },
    ),
  ),
  action(
    '/dashboard/profile',
    'routes/provider/profile.tsx',
    'save',
    providerProfile.action,
    ['provider'],
    async ({ actor }) => ({
      url: '/dashboard/profile',
      // Each provider sends her own values (another's username would be taken).
      body: profileForm(actor === 'otherProvider' ? world.otherProvider : world.provider),
      state: async () => (await profileOf(world.provider.profileId)).description,
    }),
    { own: ['otherProvider'] },
  ),
  action(
    '/dashboard/verification',
    'routes/provider/verification.tsx',
    'submit',
    providerVerification.action,
    ['provider'],
    async () => {
      await clearChecks(world.provider)
      await clearChecks(world.otherProvider)
      return {
        url: '/dashboard/verification',
        form: multipart({ intent: 'submit', consent: 'on', cpf: newCpf() }, documents),
        state: () => submissionsOf(world.provider.profileId),
      }
    },
    { own: ['otherProvider'] },
  ),
  action(
    '/dashboard/photos',
    'routes/provider/photos.tsx',
    'upload',
    providerPhotos.action,
    ['provider'],
    async () => {
      await twoMorePhotos(world.provider)
      await twoMorePhotos(world.otherProvider)
      return {
        url: '/dashboard/photos',
        form: multipart({ intent: 'upload' }, { photo: await picture(++serial) }),
        state: () => photosOf(world.provider.profileId),
      }
    },
    { own: ['otherProvider'] },
  ),
  action(
    '/dashboard/photos/upload',
    'routes/provider/photo-upload.ts',
    undefined,
    photoUpload.action,
    ['provider'],
    async () => {
      await twoMorePhotos(world.provider)
      await twoMorePhotos(world.otherProvider)
      return {
        url: '/dashboard/photos/upload',
        form: multipart({}, { photo: await picture(++serial) }),
        state: () => photosOf(world.provider.profileId),
      }
    },
    { own: ['otherProvider'] },
  ),
  // The owner's photos by id: the other provider sends the owner's ids and gets 404.
  ...(['cover', 'move', 'reorder', 'delete', 'edit'] as const).map((intent) =>
    action(
      '/dashboard/photos',
      'routes/provider/photos.tsx',
      intent,
      providerPhotos.action,
      ['provider'],
      async () => {
        const [first, second] = await twoMorePhotos(world.provider)
        const body: Record<string, string> | URLSearchParams =
          intent === 'reorder'
            ? new URLSearchParams([
                ['intent', intent],
                ['order', second],
                ['order', first],
              ])
            : intent === 'edit'
              ? {
                  intent,
                  id: await storedPhoto(world.provider),
                  rotation: '90',
                  crop: 'square',
                  position: 'center',
                }
              : { intent, id: second, direction: 'earlier' }
        return {
          url: '/dashboard/photos',
          body,
          state: () => photosOf(world.provider.profileId),
        }
      },
    ),
  ),
]

// The client's area: favourites, history and details are the client's own; the other client
// naming the first client's entries changes only her own list.
const CLIENT_ROWS: Row[] = [
  loader(
    '/client-dashboard',
    'routes/client/layout.tsx',
    clientLayout.loader,
    ['client'],
    at('/client-dashboard'),
    {
      own: ['otherClient'],
    },
  ),
  loader(
    '/client-dashboard',
    'routes/client/favorites.tsx',
    clientFavorites.loader,
    ['client'],
    async () => {
      const saved = await createProfile()
      return {
        url: '/client-dashboard',
        secrets: [await favoriteEntry(world.client, saved.id)],
      }
    },
    { own: ['otherClient'] },
  ),
  loader(
    '/client-dashboard/history',
    'routes/client/history.tsx',
    clientHistory.loader,
    ['client'],
    async () => {
      const viewed = await createProfile()
      await setKeepHistory(world.client.id, true)
      await recordView(world.client.id, viewed.id)
      return { url: '/client-dashboard/history', secrets: [viewed.id] }
    },
    { own: ['otherClient'] },
  ),
  loader(
    '/client-dashboard/account',
    'routes/client/account.tsx',
    clientAccount.loader,
    ['client'],
    async () => ({ url: '/client-dashboard/account', secrets: [world.client.email] }),
    { own: ['otherClient'] },
  ),
  ...(['forget', 'clear', 'keep'] as const).map((intent) =>
    action(
      '/client-dashboard/history',
      'routes/client/history.tsx',
      intent,
      clientHistory.action,
      ['client'],
      async () => {
        const viewed = await viewedByBoth()
        const body: Record<string, string> =
          intent === 'forget'
            ? { intent, profileId: viewed }
            : intent === 'keep'
              ? { intent, keep: '' }
              : { intent }
        return {
          url: '/client-dashboard/history',
          body,
          state: () => historyOf(world.client.id),
        }
      },
      { own: ['otherClient'] },
    ),
  ),
  action(
    '/client-dashboard/account',
    'routes/client/account.tsx',
    'details',
    clientAccount.action,
    ['client'],
    async () => ({
      url: '/client-dashboard/account',
      body: {
        intent: 'details',
        displayName: `Cliente ${unique()}`,
        about: 'Gosto de conversar e de viajar.',
      },
      state: () => detailsOf(world.client.id),
    }),
    { own: ['otherClient'] },
  ),
  // The hearts (JSON with js=1): a visitor gets 401, another role 403.
  ...(['add', 'remove', 'toggle', 'remove-entry', 'import'] as const).map((intent) =>
    action(
      '/api/favorites',
      'routes/resources/favorites.ts',
      intent,
      favoritesApi.action,
      ['client'],
      async () => {
        const saved = await createProfile()
        const entry =
          intent === 'add' || intent === 'import' || intent === 'toggle'
            ? undefined
            : await favoriteEntry(world.client, saved.id)
        if (entry) await favoriteEntry(world.otherClient, saved.id)
        const body: Record<string, string> =
          intent === 'import'
            ? { js: '1', intent, profileIds: saved.id }
            : intent === 'remove-entry'
              ? { js: '1', intent, entryId: entry ?? '' }
              : { js: '1', intent, profileId: saved.id }
        return { url: '/api/favorites', body, state: () => favoritesOf(world.client.id) }
      },
      { own: ['otherClient'], success: status(200) },
    ),
  ),
]

/**
 * The account section every role has (e-mail, password, deletion), on `file`; `owner` is the
 * account the section belongs to and `other` another account of the same role.
 */
function accountRows(
  route: string,
  file: string,
  handler: Handler,
  owner: () => Account,
  role: 'provider' | 'client' | 'admin',
): Row[] {
  const other: readonly Actor[] =
    role === 'provider' ? ['otherProvider'] : role === 'client' ? ['otherClient'] : []
  return [
    action(
      route,
      file,
      'email',
      handler,
      [role],
      async () => {
        const address = `novo-${unique()}@example.com`
        return {
          url: route,
          body: { intent: 'email', email: address },
          // The confirmation link goes to the new address; the account changes once it is opened.
          state: async () => (await mailsTo(address)).length,
          owner: () => userOf(owner().id),
        }
      },
      { own: other, stepUp: true },
    ),
    action(
      route,
      file,
      'password',
      handler,
      [role],
      async ({ me }) => ({
        url: route,
        body: {
          intent: 'password',
          currentPassword: TEST_PASSWORD,
          password: NEW_PASSWORD,
          confirmPassword: NEW_PASSWORD,
        },
        state: () => passwordOf(me?.id ?? ''),
        owner: () => passwordOf(owner().id),
      }),
      { own: other, fresh: 'account', stepUp: true },
    ),
    action(
      route,
      file,
      'delete',
      handler,
      [role],
      // Each caller confirms with her own address: the one that would delete her account.
      async ({ me }) => ({
        url: route,
        body: { intent: 'delete', confirmEmail: (me ?? owner()).email },
        state: () => userOf(me?.id ?? ''),
        owner: () => userOf(owner().id),
      }),
      { own: other, fresh: 'account', stepUp: true, success: redirectTo('/pt/') },
    ),
  ]
}

const ACCOUNT_ROWS: Row[] = [
  // Anyone signed in downloads her own data, never someone else's.
  loader(
    '/account/export',
    'routes/account/export.ts',
    exportRoute.loader,
    ['provider'],
    async () => ({ url: '/account/export', secrets: [world.provider.email] }),
    { own: ['roleless', 'client', 'otherClient', 'otherProvider', 'admin'] },
  ),
  ...accountRows(
    '/dashboard/account',
    'routes/provider/account.tsx',
    providerAccount.action,
    () => world.provider,
    'provider',
  ),
  ...accountRows(
    '/client-dashboard/account',
    'routes/client/account.tsx',
    clientAccount.action,
    () => world.client,
    'client',
  ),
  ...accountRows(
    '/admin/account',
    'routes/admin/account.tsx',
    adminAccount.action,
    () => world.admin,
    'admin',
  ),
]

/** sentTo: the step-up's /auth/confirm, back to the row's address. */
const STEP_UP = 'step-up'

/** The accounts with a role other than admin. */
const NOT_ADMINS = ['client', 'otherClient', 'provider', 'otherProvider'] as const
/** The accounts with a role (the unenrolled and stale admins follow the admin). */
const WITH_ROLE: readonly Actor[] = [...NOT_ADMINS, 'admin']
/** Every signed-in account (the unenrolled and stale admins follow the admin). */
const SIGNED_IN: readonly Actor[] = ['roleless', ...WITH_ROLE]

/** Starts setting up two-step verification from `account`'s session: its key and otpauth address. */
async function startedSetUp(account: Account) {
  const request = new Request(`${TEST_BASE_URL}/account/security`, {
    method: 'POST',
    headers: { cookie: account.cookie },
  })
  const started = await startEnrolment(request, CALLER, TEST_PASSWORD)
  if (!started.ok) throw new Error(`two-factor set-up refused: ${started.reason}`)
  return { secret: started.enrolment.secret.replaceAll(' ', ''), uri: started.enrolment.uri }
}

let spareSetUp: Promise<{ secret: string; uri: string }> | undefined
/** A set-up started by another account and not confirmed yet, for the refused callers' forms. */
const someoneElsesSetUp = () => {
  spareSetUp ??= signedInAccount('client').then(startedSetUp)
  return spareSetUp
}

// Issue 23: the second step of signing in, confirming who you are before a sensitive action, and
// the account's security page (two-step verification and the sessions list), for every role.
const SECURITY_ROWS: Row[] = [
  // Only a sign-in stopped at its second factor gets the page: a signed-in account is sent to its
  // area (a roleless one to sign in, which sends it on to choose a role), a visitor to sign in.
  loader(
    '/auth/two-factor',
    'routes/auth/two-factor.tsx',
    twoFactorPage.loader,
    ['admin'],
    at('/auth/two-factor'),
    { fresh: 'challenge', refused: ['unenrolledAdmin'], sentTo: { roleless: '/auth?mode=login' } },
  ),
  // The admin's code completes her own sign-in and opens a session. Everyone else sends it with
  // their own session, or none: there is no challenge of theirs, and no session of hers opens.
  action(
    '/auth/two-factor',
    'routes/auth/two-factor.tsx',
    'second-factor',
    twoFactorPage.action,
    ['admin'],
    async ({ me, expected }) => {
      const holder = expected === 'refused' ? world.admin : must(me, 'caller')
      return {
        url: '/auth/two-factor',
        body: {
          intent: 'second-factor',
          code: await codeFor(holder),
          next: '',
        },
        state: () => sessionsOf(holder.id),
      }
    },
    {
      fresh: 'challenge',
      refused: ['unenrolledAdmin'],
      counted: true,
      success: redirectTo('/admin'),
    },
  ),
  loader(
    '/auth/confirm',
    'routes/auth/confirm.tsx',
    confirmPage.loader,
    SIGNED_IN,
    at('/auth/confirm?next=%2Faccount%2Fsecurity'),
    // A session that proved itself minutes ago goes straight on; a stale one gets the page.
    {
      success: (answer, label) => {
        if (answer.status === 200) return
        redirectTo('/account/security')(answer, label)
      },
    },
  ),
  // Each caller confirms a new session of hers with her own password: it is recorded as proved.
  action(
    '/auth/confirm',
    'routes/auth/confirm.tsx',
    'password',
    confirmPage.action,
    SIGNED_IN,
    async ({ me }) => ({
      url: '/auth/confirm',
      body: { intent: 'password', password: TEST_PASSWORD, next: '/account/security' },
      state: async () => (me ? assuranceOf(me.cookie) : []),
    }),
    { fresh: 'session', success: redirectTo('/account/security') },
  ),
  // A code from her authenticator: only an account with two-step verification has one to type.
  // The others send the admin's code: a bad request (their form has no such field).
  action(
    '/auth/confirm',
    'routes/auth/confirm.tsx',
    'code',
    confirmPage.action,
    ['admin'],
    async ({ me, expected }) => {
      const holder = expected === 'refused' ? world.admin : must(me, 'caller')
      return {
        url: '/auth/confirm',
        body: {
          intent: 'code',
          code: await codeFor(holder),
          next: '/account/security',
        },
        state: async () => (me ? assuranceOf(me.cookie) : []),
      }
    },
    {
      fresh: 'session',
      refused: ['unenrolledAdmin'],
      counted: true,
      sentTo: {
        roleless: 400,
        client: 400,
        otherClient: 400,
        provider: 400,
        otherProvider: 400,
        unenrolledAdmin: 400,
      },
      success: redirectTo('/account/security'),
    },
  ),
  // Google again, for an account that signs in with it only (any signed-in caller may start it).
  action(
    '/auth/confirm',
    'routes/auth/confirm.tsx',
    'google',
    confirmPage.action,
    SIGNED_IN,
    at('/auth/confirm', {
      body: { intent: 'google', next: '/account/security' },
      state: async () => (await db().select().from(verification)).length,
    }),
    { success: (answer, label) => redirectTo(new RegExp(`^${oidc?.issuer}/`))(answer, label) },
  ),
  // Leaving the page drops the form kept for it (issue 30 point 7): the provider's own; anyone
  // else naming it leaves it be (it is bound to her session).
  action(
    '/auth/confirm',
    'routes/auth/confirm.tsx',
    'cancel',
    confirmPage.action,
    ['provider'],
    async () => {
      const owner = must(await sessionOf(world.provider.cookie), 'session').id
      const form = new FormData()
      form.set('intent', 'email')
      form.set('email', 'novo-endereco@example.com')
      const id = must(await keepForm(owner, '/dashboard/account', form), 'kept form')
      return {
        url: '/auth/confirm',
        body: { intent: 'cancel', next: '/dashboard/account', form: id },
        state: () =>
          db().select({ id: stepUpForms.id }).from(stepUpForms).where(eq(stepUpForms.id, id)),
      }
    },
    {
      own: ['roleless', 'client', 'otherClient', 'otherProvider', 'admin'],
      success: redirectTo('/dashboard/account'),
    },
  ),
  // Each account sees its own sessions only.
  loader(
    '/account/security',
    'routes/account/security.tsx',
    securityPage.loader,
    ['provider'],
    async () => ({
      url: '/account/security',
      secrets: [must(await sessionOf(world.provider.cookie), 'session').id],
    }),
    { own: ['client', 'otherClient', 'otherProvider', 'admin'] },
  ),
  // Setting it up, from a new account (it stays set up): any account without it. The admin has
  // it: she is sent back to the page and nothing starts.
  action(
    '/account/security',
    'routes/account/security.tsx',
    'enrol',
    securityPage.action,
    [...NOT_ADMINS, 'unenrolledAdmin'],
    async ({ me }) => ({
      url: '/account/security',
      body: { intent: 'enrol', password: TEST_PASSWORD },
      state: () => twoFactorOf(me?.id ?? ''),
    }),
    {
      fresh: 'account',
      stepUp: true,
      counted: true,
      sentTo: { admin: '/account/security', staleAdmin: STEP_UP },
    },
  ),
  // The app's first code turns it on (a set-up the caller started; the refused callers send
  // another account's). The admin has it on already: back to the page, nothing changes.
  action(
    '/account/security',
    'routes/account/security.tsx',
    'enrol-confirm',
    securityPage.action,
    [...NOT_ADMINS, 'unenrolledAdmin'],
    async ({ me, expected }) => {
      const setUp =
        me && expected !== 'refused' ? await startedSetUp(me) : await someoneElsesSetUp()
      return {
        url: '/account/security',
        body: { intent: 'enrol-confirm', code: await nextCode(setUp.secret), uri: setUp.uri },
        state: () => twoFactorOf(me?.id ?? ''),
      }
    },
    {
      fresh: 'account',
      sentTo: { admin: '/account/security', staleAdmin: '/account/security' },
      success: redirectTo('/account/security'),
    },
  ),
  // New backup codes: every account that has two-step verification (new ones, set up). The
  // unenrolled admin has none to renew: back to the page.
  action(
    '/account/security',
    'routes/account/security.tsx',
    'backup-codes',
    securityPage.action,
    WITH_ROLE,
    async ({ me }) => ({
      url: '/account/security',
      body: { intent: 'backup-codes', password: TEST_PASSWORD },
      state: () => twoFactorOf(me?.id ?? ''),
    }),
    {
      fresh: 'account',
      enrolled: true,
      stepUp: true,
      counted: true,
      refused: ['unenrolledAdmin'],
      sentTo: { unenrolledAdmin: '/account/security' },
    },
  ),
  // Turning it off: any account that has it but an admin's (403: every admin keeps it).
  action(
    '/account/security',
    'routes/account/security.tsx',
    'turn-off',
    securityPage.action,
    NOT_ADMINS,
    async ({ me }) => ({
      url: '/account/security',
      body: { intent: 'turn-off', password: TEST_PASSWORD },
      state: () => twoFactorOf(me?.id ?? ''),
    }),
    {
      fresh: 'account',
      enrolled: true,
      stepUp: true,
      counted: true,
      sentTo: { admin: 403, unenrolledAdmin: '/account/security', staleAdmin: STEP_UP },
      success: redirectTo('/account/security'),
    },
  ),
  // Ending one session: the provider ends another of hers; anyone else naming it ends nothing.
  action(
    '/account/security',
    'routes/account/security.tsx',
    'end-session',
    securityPage.action,
    ['provider'],
    async () => {
      const other = must(await sessionOf(await openSession(world.provider)), 'session')
      return {
        url: '/account/security',
        body: { intent: 'end-session', sessionId: other.id },
        state: () => sessionsOf(world.provider.id),
      }
    },
    {
      own: ['client', 'otherClient', 'otherProvider', 'admin'],
      success: redirectTo('/account/security'),
    },
  ),
  // Ending every other session of the caller's: a new account, with a second session.
  action(
    '/account/security',
    'routes/account/security.tsx',
    'end-others',
    securityPage.action,
    WITH_ROLE,
    async ({ me, expected }) => {
      if (me && expected !== 'refused') await openSession(me)
      return {
        url: '/account/security',
        body: { intent: 'end-others' },
        state: () => sessionsOf(me?.id ?? ''),
      }
    },
    { fresh: 'account', success: redirectTo('/account/security') },
  ),
]

/**
 * The provider whose profile an admin row acts on: the shared owner for the refused callers
 * (the provider among them trying to decide on her own profile), a new one for the admin, whose
 * decision stays.
 */
const ownerFor = (ctx: Ctx): Promise<Provider> =>
  ctx.expected === 'ok'
    ? approvedProvider('Luna Clara', { session: false })
    : Promise.resolve(world.provider)

/** An admin form on the owner's profile, after `setUp` put the profile in the right state. */
const onProfile =
  (
    intent: string,
    fields: Record<string, string>,
    setUp?: (owner: Provider) => Promise<unknown>,
  ): Row['prepare'] =>
  async (ctx) => {
    const owner = await ownerFor(ctx)
    await setUp?.(owner)
    return {
      url: `/admin/profiles/${owner.profileId}`,
      params: { id: owner.profileId },
      body: { intent, profileId: owner.profileId, ...fields },
      state: async () => ({
        profile: await profileOf(owner.profileId),
        sanctions: await db()
          .select()
          .from(profileSanctions)
          .where(eq(profileSanctions.profileId, owner.profileId)),
      }),
    }
  }

const ADMIN = ['admin'] as const

const ADMIN_ROWS: Row[] = [
  loader('/admin', 'routes/admin/layout.tsx', adminLayout.loader, ADMIN, at('/admin')),
  loader('/admin', 'routes/admin/overview.tsx', adminOverview.loader, ADMIN, at('/admin')),
  loader(
    '/admin/verifications',
    'routes/admin/queue.tsx',
    adminQueue.loader,
    ADMIN,
    at('/admin/verifications'),
  ),
  loader(
    '/admin/verifications/:id',
    'routes/admin/check.tsx',
    adminCheck.loader,
    ADMIN,
    async () => {
      const id = await pendingCheck(world.provider)
      return { url: `/admin/verifications/${id}`, params: { id } }
    },
    { stepUp: true },
  ),
  loader(
    '/admin/profiles',
    'routes/admin/search.tsx',
    adminSearch.loader,
    ADMIN,
    at('/admin/profiles?q=luna'),
  ),
  loader(
    '/admin/profiles/:id',
    'routes/admin/profile.tsx',
    adminProfile.loader,
    ADMIN,
    async () => ({
      url: `/admin/profiles/${world.provider.profileId}`,
      params: { id: world.provider.profileId },
    }),
  ),
  // Issue 19 point 19: a profile's preview, for the team (everyone else: 404).
  loader(
    '/admin/profiles/:id/preview',
    'routes/admin/profile-preview.tsx',
    adminProfilePreview.loader,
    ADMIN,
    async () => ({
      url: `/admin/profiles/${world.provider.profileId}/preview`,
      params: { id: world.provider.profileId },
      secrets: [world.provider.profileId],
    }),
  ),
  loader(
    '/admin/reports',
    'routes/admin/reports.tsx',
    adminReports.loader,
    ADMIN,
    at('/admin/reports'),
  ),
  loader(
    '/admin/reviews',
    'routes/admin/reviews.tsx',
    adminReviews.loader,
    ADMIN,
    at('/admin/reviews'),
  ),
  // The team's decisions on reviews (issue 20): each on a new review of the owner's profile.
  ...(
    [
      ['review-publish', { status: 'pending', signals: ['burst'] }, {}],
      ['review-hide', {}, { reason: 'offensive', note: '' }],
      // Shown before it was hidden: only such a review is shown again ('restore').
      [
        'review-restore',
        { status: 'hidden', moderationReason: 'fake', publishedAt: new Date() },
        {},
      ],
      ['review-remove', {}, { reason: 'other', note: REASON }],
      ['review-close-report', { reportedAt: new Date(), reportReason: 'never_met' }, {}],
      ['review-feature', { quotable: true }, {}],
      ['review-unfeature', { quotable: true, featured: true }, {}],
    ] as const
  ).map(([intent, values, fields]) =>
    action(
      '/admin/reviews',
      'routes/admin/reviews.tsx',
      intent,
      adminReviews.action,
      ADMIN,
      async () => {
        const status = 'status' in values ? values.status : 'published'
        const [written] = await db()
          .insert(reviews)
          .values({
            profileId: world.provider.profileId,
            authorId: world.client.id,
            rating: 4,
            photosMatch: true,
            body: `Avaliação ${uniqueWord()} de teste, educada e pontual, recomendo.`,
            publishedAt: status === 'published' ? new Date() : null,
            ...values,
            signals: 'signals' in values ? [...values.signals] : [],
          })
          .returning()
        const id = must(written, 'review').id
        return {
          url: '/admin/reviews',
          body: { intent, subject: id, ...fields },
          state: () => db().select().from(reviews).where(eq(reviews.id, id)),
        }
      },
    ),
  ),
  loader(
    '/admin/usernames',
    'routes/admin/usernames.tsx',
    adminUsernames.loader,
    ADMIN,
    at('/admin/usernames'),
  ),
  // Plans and payments (issue 21).
  loader('/admin/plans', 'routes/admin/plans.tsx', adminPlans.loader, ADMIN, at('/admin/plans')),
  loader(
    '/admin/payments',
    'routes/admin/payments.tsx',
    adminPayments.loader,
    ADMIN,
    at('/admin/payments?pagina=1'),
  ),
  // Real visitors' web vitals (issue 24 point 4).
  loader(
    '/admin/vitals',
    'routes/admin/vitals.tsx',
    adminVitals.loader,
    ADMIN,
    at('/admin/vitals'),
  ),
  action(
    '/admin/plans',
    'routes/admin/plans.tsx',
    'plan-price',
    adminPlans.action,
    ADMIN,
    // A price no call has set yet, so an allowed call changes it.
    async () => ({
      url: '/admin/plans',
      body: {
        intent: 'plan-price',
        subject: 'ouro',
        price: `${100 + ++serial},00`,
        reason: REASON,
      },
      state: () => db().select().from(planPrices).where(eq(planPrices.tier, 'ouro')),
    }),
    // Issue 30 point 7: every money action of the team asks for a fresh proof.
    { stepUp: true },
  ),
  action(
    '/admin/payments',
    'routes/admin/payments.tsx',
    'refund-payment',
    adminPayments.action,
    ADMIN,
    async () => {
      // A credited payment: a charge paid at the Pix server, recorded by asking about it (its
      // webhook cannot reach the matrix).
      const payer = await approvedProvider('Lia Paga', { session: false })
      const started = await startPlanCharge(payer.id, 'basico')
      if (!started.ok) throw new Error(`no charge: ${started.error}`)
      const [charge] = await db()
        .select({ txid: pixCharges.txid })
        .from(pixCharges)
        .where(eq(pixCharges.id, started.chargeId))
      const txid = must(charge, 'charge').txid
      const { endToEndId } = await must(pixServer, 'Pix server').pay(txid)
      await checkCharge(txid)
      expect(
        (await db().select().from(pixPayments).where(eq(pixPayments.endToEndId, endToEndId)))[0]
          ?.outcome,
      ).toBe('credited')
      return {
        url: '/admin/payments',
        body: { intent: 'refund-payment', subject: endToEndId, note: REASON, plan: 'keep' },
        state: async () => ({
          payment: await db()
            .select()
            .from(pixPayments)
            .where(eq(pixPayments.endToEndId, endToEndId)),
          refunds: await db()
            .select()
            .from(pixRefunds)
            .where(eq(pixRefunds.endToEndId, endToEndId)),
        }),
      }
    },
    { stepUp: true },
  ),
  // Issue 33 point 14: a refund the institution did not make, sent again.
  action(
    '/admin/payments',
    'routes/admin/payments.tsx',
    'retry-refund',
    adminPayments.action,
    ADMIN,
    async () => {
      const payer = await approvedProvider('Lia Devolvida', { session: false })
      const started = await startPlanCharge(payer.id, 'basico')
      if (!started.ok) throw new Error(`no charge: ${started.error}`)
      const [charge] = await db()
        .select({ txid: pixCharges.txid })
        .from(pixCharges)
        .where(eq(pixCharges.id, started.chargeId))
      const txid = must(charge, 'charge').txid
      const { endToEndId } = await must(pixServer, 'Pix server').pay(txid)
      await checkCharge(txid)
      // A team refund the institution did not make (NAO_REALIZADO).
      await db()
        .insert(pixRefunds)
        .values({
          id: `R${randomUUID().replaceAll('-', '')}`.slice(0, 35),
          endToEndId,
          amountCents: 100,
          reason: 'team',
          note: REASON,
          status: 'failed',
        })
      return {
        url: '/admin/payments',
        body: { intent: 'retry-refund', subject: endToEndId },
        state: () => db().select().from(pixRefunds).where(eq(pixRefunds.endToEndId, endToEndId)),
      }
    },
    { stepUp: true },
  ),
  // Gifts (issue 22): the team's page, a gift sent back, a balance frozen and released.
  loader(
    '/admin/gifts',
    'routes/admin/gifts.tsx',
    adminGifts.loader,
    ADMIN,
    at('/admin/gifts?pagina=1'),
  ),
  action(
    '/admin/gifts',
    'routes/admin/gifts.tsx',
    'gift-refund',
    adminGifts.action,
    ADMIN,
    async () => {
      // A paid gift, pending in her balance: its charge paid at the Pix server and recorded by
      // asking about it (its webhook cannot reach the matrix).
      const giver = await signedInAccount('client', { session: false })
      const receiver = await approvedProvider('Rosa Paga', { session: false })
      const started = await startGift({
        clientId: giver.id,
        profileId: receiver.profileId,
        amountCents: 2_000,
        message: '',
      })
      if (!started.ok) throw new Error(`no gift: ${started.error}`)
      const [charge] = await db()
        .select({ txid: pixCharges.txid })
        .from(pixCharges)
        .where(eq(pixCharges.id, started.chargeId))
      const txid = must(charge, 'charge').txid
      await must(pixServer, 'Pix server').pay(txid)
      await checkCharge(txid)
      const giftOf = () => db().select().from(gifts).where(eq(gifts.id, started.giftId))
      expect((await giftOf())[0]?.status).toBe('pending')
      return {
        url: '/admin/gifts',
        body: { intent: 'gift-refund', subject: started.giftId, note: REASON },
        state: giftOf,
      }
    },
    { stepUp: true },
  ),
  action(
    '/admin/gifts',
    'routes/admin/gifts.tsx',
    'balance-freeze',
    adminGifts.action,
    ADMIN,
    async () => {
      const frozen = await approvedProvider('Rosa Fria', { session: false })
      return {
        url: '/admin/gifts',
        body: { intent: 'balance-freeze', subject: frozen.profileId, reason: REASON },
        state: () =>
          db().select().from(balanceFreezes).where(eq(balanceFreezes.profileId, frozen.profileId)),
      }
    },
    { stepUp: true },
  ),
  action(
    '/admin/gifts',
    'routes/admin/gifts.tsx',
    'balance-release',
    adminGifts.action,
    ADMIN,
    async () => {
      const held = await approvedProvider('Rosa Presa', { session: false })
      const [freeze] = await db()
        .insert(balanceFreezes)
        .values({ profileId: held.profileId, cause: 'team', note: REASON })
        .returning({ id: balanceFreezes.id })
      const id = must(freeze, 'freeze').id
      return {
        url: '/admin/gifts',
        body: { intent: 'balance-release', subject: id, reason: REASON },
        state: () => db().select().from(balanceFreezes).where(eq(balanceFreezes.id, id)),
      }
    },
    { stepUp: true },
  ),
  loader('/admin/team', 'routes/admin/team.tsx', adminTeam.loader, ADMIN, at('/admin/team')),
  loader('/admin/audit', 'routes/admin/audit.tsx', adminAudit.loader, ADMIN, at('/admin/audit')),
  loader(
    '/admin/account',
    'routes/admin/account.tsx',
    adminAccount.loader,
    ADMIN,
    at('/admin/account'),
  ),
  // The identity documents: not even their owner reads them back.
  loader(
    '/admin/verification/:id/:part',
    'routes/account/verification-document.ts',
    documentRoute.loader,
    ADMIN,
    async () => {
      const id = await pendingCheck(world.provider)
      return {
        url: `/admin/verification/${id}/documentFront`,
        params: { id, part: 'documentFront' },
      }
    },
    {
      stepUp: true,
      // Shown inside the check's page: a stale session is answered 403, not sent to confirm.
      sentTo: { staleAdmin: 403 },
      success: (answer, label) => {
        expect(answer.status, label).toBe(200)
        expect(answer.headers?.get('content-type'), label).toBe('image/webp')
      },
    },
  ),
  ...(['approve-check', 'reject-check'] as const).map((intent) =>
    action(
      '/admin/verifications/:id',
      'routes/admin/check.tsx',
      intent,
      adminCheck.action,
      ADMIN,
      async (ctx) => {
        const owner = await ownerFor(ctx)
        const submissionId = await pendingCheck(owner)
        return {
          url: `/admin/verifications/${submissionId}`,
          params: { id: submissionId },
          body: {
            intent,
            submissionId,
            ...(intent === 'reject-check' ? { code: 'unreadable' } : {}),
          },
          state: () => submissionsOf(owner.profileId),
        }
      },
      { stepUp: true },
    ),
  ),
  ...(
    [
      [
        'approve-changes',
        {},
        (owner: Provider) =>
          db()
            .update(profiles)
            .set({ pendingWorkingName: 'Luna Nova', changesSubmittedAt: new Date() })
            .where(eq(profiles.id, owner.profileId)),
      ],
      [
        'reject-changes',
        { note: REASON },
        (owner: Provider) =>
          db()
            .update(profiles)
            .set({ pendingWorkingName: 'Luna Nova', changesSubmittedAt: new Date() })
            .where(eq(profiles.id, owner.profileId)),
      ],
      ['suspend', { days: '3', dailyValue: '10', reason: REASON }],
      [
        'lift',
        { reason: REASON },
        async (owner: Provider) => {
          const until = new Date(Date.now() + 3 * 86_400_000)
          await db()
            .update(profiles)
            .set({ status: 'suspended', suspendedUntil: until })
            .where(eq(profiles.id, owner.profileId))
          await db().insert(profileSanctions).values({
            profileId: owner.profileId,
            kind: 'suspension',
            reason: REASON,
            endsAt: until,
          })
        },
      ],
      ['ban', { reason: REASON, confirm: 'on' }],
      ['hide', { reason: REASON }],
      [
        'unhide',
        { reason: REASON },
        (owner: Provider) =>
          db()
            .update(profiles)
            .set({ visibilityStatus: 'hidden', hiddenAt: new Date() })
            .where(eq(profiles.id, owner.profileId)),
      ],
      ['tier', { tier: 'ouro', expires: '2099-01-01', reason: REASON }],
      [
        'waive-fee',
        { reason: REASON },
        // Suspended with a return fee to pay (issue 21 point 4).
        async (owner: Provider) => {
          const until = new Date(Date.now() + 3 * 86_400_000)
          await db()
            .update(profiles)
            .set({ status: 'suspended', suspendedUntil: until })
            .where(eq(profiles.id, owner.profileId))
          await db().insert(profileSanctions).values({
            profileId: owner.profileId,
            kind: 'suspension',
            reason: REASON,
            days: 3,
            dailyValueCents: 500,
            feeCents: 1500,
            endsAt: until,
          })
        },
      ],
    ] as const
  ).map(([intent, fields, setUp]) =>
    action(
      '/admin/profiles/:id',
      'routes/admin/profile.tsx',
      intent,
      adminProfile.action,
      ADMIN,
      onProfile(intent, fields, setUp),
      // A ban, and (issue 30 point 7) what moves money or sets a price: a return fee set by a
      // suspension or waived, a paid plan given.
      { stepUp: ['ban', 'suspend', 'tier', 'waive-fee'].includes(intent) },
    ),
  ),
  // Issue 23: a provider who lost her authenticator and backup codes has it reset by the team.
  // The refused callers try it on a provider who has one; the admin on a new one.
  action(
    '/admin/profiles/:id',
    'routes/admin/profile.tsx',
    'reset-two-factor',
    adminProfile.action,
    ADMIN,
    async (ctx) => {
      const owner =
        ctx.expected === 'ok'
          ? await withSession(await approvedProvider('Luna Clara', { session: false }), true)
          : world.twoFactorProvider
      return {
        url: `/admin/profiles/${owner.profileId}`,
        params: { id: owner.profileId },
        body: { intent: 'reset-two-factor', profileId: owner.profileId, reason: REASON },
        state: () => twoFactorOf(owner.id),
      }
    },
    { stepUp: true },
  ),
  action(
    '/admin/reports',
    'routes/admin/reports.tsx',
    'resolve-report',
    adminReports.action,
    ADMIN,
    async () => {
      // A report against the owner: she may not close it herself.
      const [filed] = await db()
        .insert(reports)
        .values({ profileId: world.provider.profileId, reason: 'fake_photos' })
        .returning()
      const id = must(filed, 'report').id
      return {
        url: '/admin/reports',
        body: { intent: 'resolve-report', subject: id, resolution: 'no_action', note: REASON },
        state: () => db().select().from(reports).where(eq(reports.id, id)),
      }
    },
  ),
  action(
    '/admin/reports',
    'routes/admin/reports.tsx',
    'resolve-flag',
    adminReports.action,
    ADMIN,
    async () => {
      // The other provider's photo looks like the owner's.
      const [original, copy] = await db()
        .insert(images)
        .values([
          { profileId: world.provider.profileId, url: '/media/original-320.webp', displayOrder: 5 },
          {
            profileId: world.otherProvider.profileId,
            url: '/media/copy-320.webp',
            displayOrder: 5,
          },
        ])
        .returning()
      const [flag] = await db()
        .insert(photoFlags)
        .values({
          imageId: must(copy, 'copy').id,
          matchedImageId: must(original, 'original').id,
          distance: 2,
        })
        .returning()
      const id = must(flag, 'flag').id
      return {
        url: '/admin/reports',
        body: { intent: 'resolve-flag', subject: id, resolution: 'no_action', note: REASON },
        state: () => db().select().from(photoFlags).where(eq(photoFlags.id, id)),
      }
    },
  ),
  // Bulk decisions (issue 19 point 21): two reports against the owner, two flags of her photos.
  action(
    '/admin/reports',
    'routes/admin/reports.tsx',
    'resolve-reports',
    adminReports.action,
    ADMIN,
    async () => {
      const filed = await db()
        .insert(reports)
        .values([
          { profileId: world.provider.profileId, reason: 'fake_photos' },
          { profileId: world.provider.profileId, reason: 'threats' },
        ])
        .returning()
      const ids = filed.map((row) => row.id)
      return {
        url: '/admin/reports',
        body: new URLSearchParams([
          ['intent', 'resolve-reports'],
          ...ids.map((id) => ['subjects', id]),
          ['resolution', 'no_action'],
          ['note', REASON],
        ]),
        state: () => db().select().from(reports).where(inArray(reports.id, ids)),
      }
    },
  ),
  action(
    '/admin/reports',
    'routes/admin/reports.tsx',
    'resolve-flags',
    adminReports.action,
    ADMIN,
    async () => {
      const [original, ...copies] = await db()
        .insert(images)
        .values([
          { profileId: world.provider.profileId, url: '/media/original-320.webp', displayOrder: 6 },
          ...[7, 8].map((order) => ({
            profileId: world.otherProvider.profileId,
            url: `/media/copy-${order}-320.webp`,
            displayOrder: order,
          })),
        ])
        .returning()
      const flags = await db()
        .insert(photoFlags)
        .values(
          copies.map((copy) => ({
            imageId: copy.id,
            matchedImageId: must(original, 'original').id,
            distance: 2,
          })),
        )
        .returning()
      const ids = flags.map((row) => row.id)
      return {
        url: '/admin/reports',
        body: new URLSearchParams([
          ['intent', 'resolve-flags'],
          ...ids.map((id) => ['subjects', id]),
          ['resolution', 'no_action'],
          ['note', REASON],
        ]),
        state: () => db().select().from(photoFlags).where(inArray(photoFlags.id, ids)),
      }
    },
  ),
  action(
    '/admin/usernames',
    'routes/admin/usernames.tsx',
    'reserve',
    adminUsernames.action,
    ADMIN,
    async () => {
      const username = `reservado-${unique()}`
      return {
        url: '/admin/usernames',
        body: { intent: 'reserve', username, reason: REASON },
        state: () =>
          db().select().from(reservedUsernames).where(eq(reservedUsernames.username, username)),
      }
    },
  ),
  action(
    '/admin/usernames',
    'routes/admin/usernames.tsx',
    'release',
    adminUsernames.action,
    ADMIN,
    async () => {
      const username = `reservado-${unique()}`
      await db().insert(reservedUsernames).values({ username, reason: 'teste' })
      return {
        url: '/admin/usernames',
        body: { intent: 'release', subject: username, reason: REASON },
        state: () =>
          db().select().from(reservedUsernames).where(eq(reservedUsernames.username, username)),
      }
    },
  ),
  action(
    '/admin/team',
    'routes/admin/team.tsx',
    'grant-admin',
    adminTeam.action,
    ADMIN,
    async (ctx) => {
      // Refused callers try to make the client an admin (the client herself among them).
      const target =
        ctx.expected === 'ok' ? await signedInAccount('client', { session: false }) : world.client
      return {
        url: '/admin/team',
        body: { intent: 'grant-admin', email: target.email, reason: REASON },
        state: () => rolesOf(target.id),
      }
    },
    { stepUp: true },
  ),
  action(
    '/admin/team',
    'routes/admin/team.tsx',
    'revoke-admin',
    adminTeam.action,
    ADMIN,
    async (ctx) => {
      // Refused callers try to remove the spare admin; the admin removes a new one.
      const target =
        ctx.expected === 'ok'
          ? await signedInAccount('admin', { session: false })
          : world.spareAdmin
      return {
        url: '/admin/team',
        body: { intent: 'revoke-admin', subject: target.id, reason: REASON },
        state: () => rolesOf(target.id),
      }
    },
    { stepUp: true },
  ),
]

// Open to everyone (limited per address or account), and the closed better-auth endpoints.
const PUBLIC_ROWS: Row[] = [
  action(
    '/acompanhante/:slug/denunciar',
    'routes/public/report.tsx',
    undefined,
    report.action,
    EVERYONE,
    async () => {
      const reported = await createProfile()
      return {
        url: `/acompanhante/${reported.username}/denunciar`,
        params: { slug: reported.username },
        body: { reason: 'fake_photos', details: '' },
        state: () => db().select().from(reports).where(eq(reports.profileId, reported.id)),
      }
    },
    { concurrent: true },
  ),
  action(
    '/api/profile-views/:profileId',
    'routes/resources/profile-view.ts',
    undefined,
    profileView.action,
    EVERYONE,
    async () => {
      const viewed = await createProfile()
      return {
        url: `/api/profile-views/${viewed.id}`,
        params: { profileId: viewed.id },
        headers: { 'sec-fetch-site': 'same-origin', 'user-agent': BROWSER },
        state: () => statsOf(viewed.id),
      }
    },
    { success: status(204), concurrent: true },
  ),
  // A page view's web vitals (issue 24 point 4): anyone's browser, no session read; every
  // allowed call adds to the day's histograms.
  action(
    '/api/vitals',
    'routes/resources/web-vitals.ts',
    undefined,
    webVitals.action,
    EVERYONE,
    // With the token of a page just rendered (issue 30 point 8).
    async () => ({
      url: '/api/vitals',
      json: {
        token: issueVitalsToken('profile'),
        page: 'profile',
        device: 'phone',
        LCP: 1800,
        CLS: 0.01,
        TTFB: 240,
      },
      headers: { 'sec-fetch-site': 'same-origin', 'user-agent': BROWSER },
      state: () => db().select().from(webVitalsDaily),
    }),
    { success: status(204) },
  ),
  loader(
    '/contato/:profileId/:channel',
    'routes/public/contact.tsx',
    contact.loader,
    EVERYONE,
    async () => {
      const contacted = await createProfile({ whatsapp: nextPhone() })
      return {
        url: `/contato/${contacted.id}/whatsapp`,
        params: { profileId: contacted.id, channel: 'whatsapp' },
        headers: { 'user-agent': BROWSER },
        state: () => statsOf(contacted.id),
        changes: true,
      }
    },
    { success: redirectTo(/^https:\/\/wa\.me\/55819/), concurrent: true },
  ),
  action(
    '/age-gate',
    'routes/resources/age-gate.ts',
    undefined,
    ageGate.action,
    EVERYONE,
    at('/age-gate', { body: { to: '/pt/acompanhantes' }, changes: false }),
    { success: redirectTo('/pt/acompanhantes', 303), concurrent: true },
  ),
  loader(
    '/language/:lang',
    'routes/resources/set-language.ts',
    setLanguage.loader,
    EVERYONE,
    at('/language/en?to=%2Fen%2Fservicos', { params: { lang: 'en' } }),
    { success: redirectTo('/en/servicos'), concurrent: true },
  ),
  action(
    '/sign-out',
    'routes/auth/sign-out.ts',
    undefined,
    signOut.action,
    EVERYONE,
    async ({ me }) => ({
      url: '/sign-out',
      state: () => sessionsOf(me?.id ?? ''),
      changes: me !== undefined,
    }),
    { fresh: 'session', success: redirectTo('/pt/'), concurrent: true },
  ),
  action(
    '/auth',
    'routes/auth/auth.tsx',
    'login',
    authPage.action,
    EVERYONE,
    async () => ({
      url: '/auth',
      body: { intent: 'login', email: world.loginTarget.email, password: TEST_PASSWORD },
      state: () => sessionsOf(world.loginTarget.id),
    }),
    { success: redirectTo('/client-dashboard'), concurrent: true },
  ),
  action(
    '/auth',
    'routes/auth/auth.tsx',
    'provider-sign-up',
    authPage.action,
    EVERYONE,
    async () => {
      const email = `nova-${unique()}@example.com`
      return {
        url: '/auth',
        body: {
          intent: 'provider-sign-up',
          email,
          password: TEST_PASSWORD,
          confirmPassword: TEST_PASSWORD,
          workingName: 'Estrela Nova',
          acceptTerms: 'on',
          acceptPolicies: 'on',
        },
        state: () => db().select().from(user).where(eq(user.email, email)),
      }
    },
    { success: redirectTo(/^\/auth\?mode=login/), concurrent: true },
  ),
  action(
    '/auth',
    'routes/auth/auth.tsx',
    'client-sign-up',
    authPage.action,
    EVERYONE,
    async () => {
      const email = `novo-${unique()}@example.com`
      return {
        url: '/auth',
        body: {
          intent: 'client-sign-up',
          email,
          password: TEST_PASSWORD,
          confirmPassword: TEST_PASSWORD,
          displayName: 'Cliente Novo',
          about: 'Gosto de conversar.',
          dateOfBirth: '20/05/1990',
          acceptTerms: 'on',
          acceptPolicies: 'on',
        },
        state: () => db().select().from(user).where(eq(user.email, email)),
      }
    },
    { success: redirectTo(/^\/auth\?mode=login/), concurrent: true },
  ),
  action(
    '/auth',
    'routes/auth/auth.tsx',
    'forgot',
    authPage.action,
    EVERYONE,
    async () => {
      const target = await createAccount({ role: 'client' })
      return {
        url: '/auth',
        body: { intent: 'forgot', email: target.email },
        // The reset link's token.
        state: () => db().select().from(verification).where(eq(verification.value, target.id)),
      }
    },
    { concurrent: true },
  ),
  action(
    '/auth',
    'routes/auth/auth.tsx',
    'secure-account',
    authPage.action,
    EVERYONE,
    async () => {
      // The link sent to the old address when the e-mail changes (issue 19 point 15).
      const target = await createAccount({ role: 'client' })
      await sendEmailChangeNotice(
        target.id,
        `novo-${target.id.slice(0, 8).toLowerCase()}@example.com`,
      )
      const mail = (await mailsTo(target.email)).find((m) => m.includes('mode=secure')) ?? ''
      const token = /mode=secure&(?:amp;)?token=([\w-]+)/.exec(mail)?.[1]
      return {
        url: '/auth',
        body: { intent: 'secure-account', token: must(token, 'secure link token') },
        // The link's row (used up on success) and the reset token it makes.
        state: () =>
          db()
            .select()
            .from(verification)
            .where(like(verification.value, `%${target.id}%`)),
      }
    },
    { success: redirectTo(/^\/auth\?mode=secure&proof=/), concurrent: true },
  ),
  // Issue 30: after the link, a new password only with the account's proof. The proof screen's
  // token is the key (anyone holding it, signed in or not, as the old mailbox is); the password
  // or a code of the account opens the reset screen.
  action(
    '/auth',
    'routes/auth/auth.tsx',
    'prove-password',
    authPage.action,
    EVERYONE,
    async () => {
      const { target, proof } = await securedAccount()
      return {
        url: '/auth',
        body: { intent: 'prove-password', proof, password: TEST_PASSWORD },
        state: () =>
          db()
            .select()
            .from(verification)
            .where(like(verification.value, `%${target.id}%`)),
      }
    },
    { success: redirectTo(/^\/auth\?mode=reset&token=/), counted: true, concurrent: true },
  ),
  action(
    '/auth',
    'routes/auth/auth.tsx',
    'prove-code',
    authPage.action,
    EVERYONE,
    async () => {
      const { target, proof, secret } = await securedAccount({ enrolled: true })
      return {
        url: '/auth',
        body: {
          intent: 'prove-code',
          proof,
          code: totpCode(must(secret, 'key'), Date.now() + 30_000),
        },
        state: () =>
          db()
            .select()
            .from(verification)
            .where(like(verification.value, `%${target.id}%`)),
      }
    },
    { success: redirectTo(/^\/auth\?mode=reset&token=/), counted: true, concurrent: true },
  ),
  action('/auth', 'routes/auth/auth.tsx', 'resend', authPage.action, EVERYONE, async () => {
    const target = await createAccount({ role: 'client', confirmed: false })
    return {
      url: '/auth',
      body: { intent: 'resend', email: target.email },
      state: async () => (await mailsTo(target.email)).length,
    }
  }),
  action(
    '/auth',
    'routes/auth/auth.tsx',
    'reset',
    authPage.action,
    EVERYONE,
    async () => {
      const target = await createAccount({ role: 'client' })
      await requestPasswordReset(target.email, { language: 'pt', clientIp: nextAddress() })
      await settleAuthTasks()
      const [token] = await db()
        .select({ identifier: verification.identifier })
        .from(verification)
        .where(eq(verification.value, target.id))
      return {
        url: '/auth',
        body: {
          intent: 'reset',
          token: must(token, 'reset token').identifier.replace('reset-password:', ''),
          password: NEW_PASSWORD,
          confirmPassword: NEW_PASSWORD,
        },
        state: () => passwordOf(target.id),
      }
    },
    { success: redirectTo('/auth?mode=login'), concurrent: true },
  ),
  action(
    '/auth',
    'routes/auth/auth.tsx',
    'google',
    authPage.action,
    EVERYONE,
    at('/auth', {
      body: { intent: 'google' },
      state: async () => (await db().select().from(verification)).length,
    }),
    {
      success: (answer, label) => redirectTo(new RegExp(`^${oidc?.issuer}/`))(answer, label),
    },
  ),
  // Only an account without a role chooses one; with a role the choice is made for good.
  action(
    '/auth',
    'routes/auth/auth.tsx',
    'choose-role',
    authPage.action,
    ['roleless'],
    async ({ me }) => ({
      url: '/auth',
      body: { intent: 'choose-role', role: 'provider', acceptTerms: 'on' },
      state: () => rolesOf(me?.id ?? ''),
    }),
    { fresh: 'account', success: redirectTo('/dashboard') },
  ),
  // A confirmation link is anyone's who holds it; it confirms only with the account's password,
  // or a new one (issue 30). The link alone confirms nothing but in the browser that signed up
  // (tests/integration/account-confirmation.test.ts): here, for nobody.
  ...(['confirm', 'password', 'new-password'] as const).map((intent) =>
    action(
      '/',
      'routes/auth/email-confirmation.tsx',
      intent,
      emailConfirmation.action,
      EVERYONE,
      async () => {
        const target = await createAccount({ role: 'client', confirmed: false })
        const [mail] = await mailsTo(target.email)
        const token = must(/\?token=([\w.-]+)/.exec(mail ?? '')?.[1], 'confirmation token')
        const proof: Record<string, string> =
          intent === 'password'
            ? { password: TEST_PASSWORD }
            : intent === 'new-password'
              ? { password: 'outra-senha-123', confirmPassword: 'outra-senha-123' }
              : {}
        return {
          url: '/?index',
          body: { intent, token, ...proof },
          state: async () => (await userOf(target.id))[0]?.emailVerified,
          changes: intent !== 'confirm',
        }
      },
    ),
  ),
  // better-auth's own endpoints are closed to everyone (only the OAuth callback is open).
  action(
    '/api/auth/*',
    'routes/resources/auth-api.ts',
    undefined,
    authApi.action,
    [],
    at('/api/auth/sign-up/email', {
      json: { email: 'direto@example.com', password: TEST_PASSWORD, name: 'Direto' },
      headers: { origin: TEST_BASE_URL },
    }),
  ),
  loader(
    '/api/auth/*',
    'routes/resources/auth-api.ts',
    authApi.loader,
    [],
    at('/api/auth/get-session'),
  ),
]

/** A published review of `provider`'s profile by the client, unanswered and unreported. */
async function publishedReview(provider: Provider) {
  const [row] = await db()
    .insert(reviews)
    .values({
      profileId: provider.profileId,
      authorId: world.client.id,
      rating: 4,
      photosMatch: true,
      body: `Avaliação ${uniqueWord()}: pontual, educada e o lugar era tranquilo e limpo.`,
      publishedAt: new Date(),
    })
    .returning()
  return must(row, 'review')
}

const reviewState = async (id: string) => {
  const [row] = await db()
    .select({ reply: reviews.reply, reportedAt: reviews.reportedAt })
    .from(reviews)
    .where(eq(reviews.id, id))
  return row
}

// Issue 20 point 3: the provider's reviews, her reply and her report. Another provider's call
// names a review that is not of her profile: not found, and nothing changes.
const PROVIDER_REVIEW_ROWS: Row[] = [
  loader(
    '/dashboard/reviews',
    'routes/provider/reviews.tsx',
    providerReviews.loader,
    ['provider'],
    async () => ({
      url: '/dashboard/reviews',
      secrets: [(await publishedReview(world.provider)).body],
    }),
    { own: ['otherProvider'] },
  ),
  action(
    '/dashboard/reviews',
    'routes/provider/reviews.tsx',
    'reply',
    providerReviews.action,
    ['provider'],
    async () => {
      const review = await publishedReview(world.provider)
      return {
        url: '/dashboard/reviews',
        body: { intent: 'reply', reviewId: review.id, reply: 'Obrigada pela visita!' },
        state: () => reviewState(review.id),
      }
    },
  ),
  action(
    '/dashboard/reviews',
    'routes/provider/reviews.tsx',
    'report',
    providerReviews.action,
    ['provider'],
    async () => {
      const review = await publishedReview(world.provider)
      return {
        url: '/dashboard/reviews',
        body: { intent: 'report', reviewId: review.id, reason: 'never_met' },
        state: () => reviewState(review.id),
      }
    },
  ),
]

// Issue 33 point 8: the client's own reviews, their edit and their withdrawal. Only the author:
// the other client sees his own list and naming the first client's review is not found; a
// provider, an admin or a visitor never gets in, and nothing changes.
const ownReviewState = async (id: string) =>
  db()
    .select({ body: reviews.body, rating: reviews.rating, status: reviews.status })
    .from(reviews)
    .where(eq(reviews.id, id))

const CLIENT_REVIEW_ROWS: Row[] = [
  loader(
    '/client-dashboard/reviews',
    'routes/client/reviews.tsx',
    clientReviews.loader,
    ['client'],
    async () => ({
      url: '/client-dashboard/reviews',
      secrets: [(await publishedReview(world.provider)).body],
    }),
    { own: ['otherClient'] },
  ),
  action(
    '/client-dashboard/reviews',
    'routes/client/reviews.tsx',
    'edit',
    clientReviews.action,
    ['client'],
    async () => {
      const review = await publishedReview(world.provider)
      return {
        url: '/client-dashboard/reviews',
        body: {
          intent: 'edit',
          reviewId: review.id,
          rating: '2',
          photosMatch: 'no',
          body: `Mudei de ideia ${uniqueWord()}: atrasou bastante e o ambiente era barulhento demais.`,
        },
        state: () => ownReviewState(review.id),
      }
    },
    { sentTo: { otherClient: 404 } },
  ),
  action(
    '/client-dashboard/reviews',
    'routes/client/reviews.tsx',
    'withdraw',
    clientReviews.action,
    ['client'],
    async () => {
      const review = await publishedReview(world.provider)
      return {
        url: '/client-dashboard/reviews',
        body: { intent: 'withdraw', reviewId: review.id },
        state: () => ownReviewState(review.id),
      }
    },
    { sentTo: { otherClient: 404 } },
  ),
]

// Issue 21: her plan page and her charges. The other provider reaches only her own (a charge of
// the owner's is a 404), and a charge or a return fee is started on the caller's own profile.
const chargesOf = (userId: string) =>
  db()
    .select({ id: pixCharges.id, purpose: pixCharges.purpose, tier: pixCharges.tier })
    .from(pixCharges)
    .where(eq(pixCharges.userId, userId))
    .orderBy(pixCharges.id)

/** A fresh end-to-end id (E, 31 letters and digits), as the institution gives a Pix. */
const endToEndId = () => `E${randomUUID().replaceAll('-', '')}`.slice(0, 32)

/**
 * A paid plan charge of the provider's and the Pix that paid it, as her history lists it and
 * her receipt shows it (their ids are hers alone).
 */
async function paidPlanPix(provider: Provider) {
  const paidAt = new Date(Date.now() - 120_000)
  const [row] = await db()
    .insert(pixCharges)
    .values({
      txid: `matrix${randomUUID().replaceAll('-', '')}`,
      purpose: 'plan',
      userId: provider.id,
      profileId: provider.profileId,
      tier: 'basico',
      days: 30,
      amountCents: 4_900,
      status: 'paid',
      brCode: 'pago',
      expiresAt: new Date(Date.now() - 60_000),
      paidAt,
    })
    .returning({ id: pixCharges.id, txid: pixCharges.txid })
  const charge = must(row, 'charge')
  const pix = endToEndId()
  await db().insert(pixPayments).values({
    endToEndId: pix,
    txid: charge.txid,
    chargeId: charge.id,
    amountCents: 4_900,
    paidAt,
    outcome: 'credited',
  })
  return { chargeId: charge.id, txid: charge.txid, endToEndId: pix }
}

async function paidCharge(provider: Provider): Promise<string> {
  return (await paidPlanPix(provider)).chargeId
}

const PLAN_ROWS: Row[] = [
  loader(
    '/dashboard/plan',
    'routes/provider/plan.tsx',
    providerPlan.loader,
    ['provider'],
    async () => ({ url: '/dashboard/plan', secrets: [await paidCharge(world.provider)] }),
    { own: ['otherProvider'] },
  ),
  loader(
    '/dashboard/plan/pix/:chargeId',
    'routes/provider/plan-pix.tsx',
    providerPlanPix.loader,
    ['provider'],
    async () => {
      const started = await startPlanCharge(world.provider.id, 'bronze')
      if (!started.ok) throw new Error(`no charge: ${started.error}`)
      const [charge] = await db()
        .select({ brCode: pixCharges.brCode })
        .from(pixCharges)
        .where(eq(pixCharges.id, started.chargeId))
      return {
        url: `/dashboard/plan/pix/${started.chargeId}`,
        params: { chargeId: started.chargeId },
        secrets: [must(charge, 'charge').brCode],
      }
    },
  ),
  // Issue 33 point 10: the receipt of one of her Pix; another provider's is a 404.
  loader(
    '/dashboard/plan/receipt/:endToEndId',
    'routes/provider/plan-receipt.tsx',
    providerPlanReceipt.loader,
    ['provider'],
    async () => {
      const pix = await paidPlanPix(world.provider)
      return {
        url: `/dashboard/plan/receipt/${pix.endToEndId}`,
        params: { endToEndId: pix.endToEndId },
        secrets: [pix.txid],
      }
    },
  ),
  action(
    '/dashboard/plan',
    'routes/provider/plan.tsx',
    'buy',
    providerPlan.action,
    ['provider'],
    async ({ me }) => ({
      url: '/dashboard/plan',
      body: { intent: 'buy', tier: 'ouro' },
      state: () => chargesOf(me?.id ?? ''),
      owner: () => chargesOf(world.provider.id),
    }),
    { own: ['otherProvider'], fresh: 'account', success: redirectTo(/^\/dashboard\/plan\/pix\//) },
  ),
  action(
    '/dashboard/plan',
    'routes/provider/plan.tsx',
    'return-fee',
    providerPlan.action,
    ['provider'],
    async ({ me, expected }) => {
      // The caller allowed to pay is suspended, with a fee; the others act on nothing of hers.
      if (me && expected !== 'refused') {
        const suspended = await suspendProfile(
          { id: world.admin.id, email: world.admin.email },
          (me as Provider).profileId,
          { days: 3, dailyValueCents: 500, reason: REASON },
        )
        expect(suspended.ok).toBe(true)
      }
      return {
        url: '/dashboard/plan',
        body: { intent: 'return-fee' },
        state: () => chargesOf(me?.id ?? ''),
        owner: () => chargesOf(world.provider.id),
      }
    },
    { own: ['otherProvider'], fresh: 'account', success: redirectTo(/^\/dashboard\/plan\/pix\//) },
  ),
]

// Issue 22 point 3: her gifts and withdrawals. The other provider reaches only her own: her
// balance, her quote, her withdrawal, from her own CPF key; the owner's stay as they were.

/**
 * The provider's payout key (a new CPF, as her approved identity check would give) and R$100
 * more available to withdraw, as a gift paid and matured leaves; the key is returned.
 */
async function readyToWithdraw(provider: Provider): Promise<string> {
  const cpf = newCpf()
  await db()
    .update(profiles)
    .set({ payoutCpfHash: cpfHash(cpf), verificationStatus: 'approved' })
    .where(eq(profiles.id, provider.profileId))
  await db()
    .insert(ledgerTransfers)
    .values({
      fromAccount: LEDGER_ACCOUNTS.world,
      toAccount: LEDGER_ACCOUNTS.available(provider.profileId),
      amountCents: 10_000,
      kind: 'gift_available',
    })
  return cpf
}

/** A paid gift to the provider, its message hers alone. */
async function receivedGift(provider: Provider): Promise<string> {
  const message = `Presente ${uniqueWord()}`
  await db()
    .insert(gifts)
    .values({
      clientId: world.client.id,
      profileId: provider.profileId,
      amountCents: 5_000,
      message,
      status: 'pending',
      paidAt: new Date(),
      availableAt: new Date(Date.now() + 86_400_000),
    })
  return message
}

const withdrawalsOf = (profileId: string) =>
  db()
    .select({ id: withdrawals.id, status: withdrawals.status })
    .from(withdrawals)
    .where(eq(withdrawals.profileId, profileId))
    .orderBy(withdrawals.id)

const PROVIDER_GIFT_ROWS: Row[] = [
  loader(
    '/dashboard/gifts',
    'routes/provider/gifts.tsx',
    providerGifts.loader,
    ['provider'],
    async () => ({ url: '/dashboard/gifts', secrets: [await receivedGift(world.provider)] }),
    { own: ['otherProvider'] },
  ),
  action(
    '/dashboard/gifts',
    'routes/provider/gifts.tsx',
    'quote',
    providerGifts.action,
    ['provider'],
    async ({ me, expected }) => ({
      url: '/dashboard/gifts',
      body: {
        intent: 'quote',
        amount: '60,00',
        key: await readyToWithdraw(expected === 'refused' ? world.provider : (me as Provider)),
      },
      // The quote writes nothing: the owner's withdrawals stay as they were.
      state: () => withdrawalsOf(world.provider.profileId),
      changes: false,
    }),
    { own: ['otherProvider'], stepUp: true },
  ),
  action(
    '/dashboard/gifts',
    'routes/provider/gifts.tsx',
    'confirm',
    providerGifts.action,
    ['provider'],
    async ({ me, expected }) => ({
      url: '/dashboard/gifts',
      body: {
        intent: 'confirm',
        amount: '60.00',
        key: await readyToWithdraw(expected === 'refused' ? world.provider : (me as Provider)),
      },
      state: async () => (me && 'profileId' in me ? withdrawalsOf(String(me.profileId)) : []),
      owner: () => withdrawalsOf(world.provider.profileId),
    }),
    {
      own: ['otherProvider'],
      fresh: 'account',
      stepUp: true,
      success: redirectTo(/^\/dashboard\/gifts\?withdrawal=asked$/),
    },
  ),
]

// Issue 20 point 1: only a client writes a review, here one whose account is old enough and who
// contacted the (fresh) profile two days before; everyone else is refused and nothing is written.
const REVIEW_FORM_ROWS: Row[] = [
  action(
    '/acompanhante/:slug/avaliar',
    'routes/public/review.tsx',
    undefined,
    reviewForm.action,
    ['client', 'otherClient'],
    async ({ me }) => {
      // Other rows write reviews as the shared client: a fresh account has its own daily limit.
      const reviewed = await createProfile()
      if (me) {
        const twoDaysAgo = new Date(Date.now() - 2 * 24 * 60 * 60_000)
        await db()
          .update(user)
          .set({ createdAt: new Date(Date.now() - 30 * 24 * 60 * 60_000) })
          .where(eq(user.id, me.id))
        await db().insert(profileContacts).values({
          userId: me.id,
          profileId: reviewed.id,
          firstAt: twoDaysAgo,
          lastAt: twoDaysAgo,
        })
      }
      return {
        url: `/acompanhante/${reviewed.username}/avaliar`,
        params: { slug: reviewed.username },
        body: {
          rating: '4',
          photosMatch: 'yes',
          // Letters only: digits could read as a phone number.
          body: `Avaliação ${randomUUID().replace(/[^a-f]/g, '')}: atenciosa, pontual e tranquila.`,
        },
        state: () => db().select().from(reviews).where(eq(reviews.profileId, reviewed.id)),
      }
    },
    { fresh: 'account' },
  ),
]

// Issue 22 point 1: the client's gifts. Only a client gives one (from a fresh account: gifts a
// day are limited), and each client sees only his own gifts and their charges.
const giftsBy = (clientId: string) =>
  db()
    .select({ id: gifts.id, amountCents: gifts.amountCents, chargeId: gifts.chargeId })
    .from(gifts)
    .where(eq(gifts.clientId, clientId))
    .orderBy(gifts.id)

/** A gift of the client's to the provider, waiting for its (real) Pix charge: its charge id. */
async function openGift(client: Account, message: string): Promise<string> {
  const charge = await createCharge({
    purpose: 'gift',
    userId: client.id,
    profileId: world.provider.profileId,
    amountCents: 2_000,
    description: 'Aprova: presente',
  })
  if (!charge.ok) throw new Error(`no charge: ${charge.error}`)
  await db().insert(gifts).values({
    clientId: client.id,
    profileId: world.provider.profileId,
    chargeId: charge.chargeId,
    amountCents: 2_000,
    message,
  })
  return charge.chargeId
}

const CLIENT_GIFT_ROWS: Row[] = [
  action(
    '/acompanhante/:slug/presente',
    'routes/public/gift.tsx',
    undefined,
    giftForm.action,
    ['client', 'otherClient'],
    async ({ me }) => ({
      url: `/acompanhante/${world.provider.username}/presente`,
      params: { slug: world.provider.username },
      body: { intent: 'gift', amount: '20', otherAmount: '', message: 'Um mimo' },
      state: () => giftsBy(me?.id ?? ''),
    }),
    { fresh: 'account', success: redirectTo(/^\/client-dashboard\/gifts\/pix\/[0-9a-f-]{36}$/) },
  ),
  loader(
    '/client-dashboard/gifts',
    'routes/client/gifts.tsx',
    clientGifts.loader,
    ['client'],
    async () => {
      const message = `Presente ${uniqueWord()}`
      await openGift(world.client, message)
      return { url: '/client-dashboard/gifts', secrets: [message] }
    },
    { own: ['otherClient'] },
  ),
  loader(
    '/client-dashboard/gifts/pix/:chargeId',
    'routes/client/gift-pix.tsx',
    clientGiftPix.loader,
    ['client'],
    async () => {
      const chargeId = await openGift(world.client, `Presente ${uniqueWord()}`)
      const [charge] = await db()
        .select({ brCode: pixCharges.brCode })
        .from(pixCharges)
        .where(eq(pixCharges.id, chargeId))
      return {
        url: `/client-dashboard/gifts/pix/${chargeId}`,
        params: { chargeId },
        secrets: [must(charge, 'charge').brCode],
      }
    },
  ),
  // Issue 33 point 10: the receipt of a gift he paid; another client's is a 404.
  loader(
    '/client-dashboard/gifts/receipt/:giftId',
    'routes/client/gift-receipt.tsx',
    clientGiftReceipt.loader,
    ['client'],
    async () => {
      const chargeId = await openGift(world.client, `Presente ${uniqueWord()}`)
      const paidAt = new Date()
      const [charge] = await db()
        .update(pixCharges)
        .set({ status: 'paid', paidAt })
        .where(eq(pixCharges.id, chargeId))
        .returning({ txid: pixCharges.txid })
      const [gift] = await db()
        .update(gifts)
        .set({ status: 'pending', paidAt, availableAt: paidAt })
        .where(eq(gifts.chargeId, chargeId))
        .returning({ id: gifts.id })
      const { txid } = must(charge, 'charge')
      await db().insert(pixPayments).values({
        endToEndId: endToEndId(),
        txid,
        chargeId,
        amountCents: 2_000,
        paidAt,
        outcome: 'credited',
      })
      const giftId = must(gift, 'gift').id
      return {
        url: `/client-dashboard/gifts/receipt/${giftId}`,
        params: { giftId },
        secrets: [txid],
      }
    },
  ),
]

// The institution's webhook (issue 21): no session opens it; only the secret in its address
// does, with the institution's client certificate (issue 31, pix-webhook-mtls.test.ts), and a
// call with any other secret is a 404 that changes nothing, whoever sends it.
const WEBHOOK_ROWS: Row[] = [
  action(
    '/webhooks/pix/:secret',
    'routes/resources/pix-webhook.ts',
    undefined,
    pixWebhook.action,
    [],
    async () => {
      const secret = 'segredo-errado-0123456789abcdef'
      return {
        url: `/webhooks/pix/${secret}`,
        params: { secret },
        json: { pix: [{ endToEndId: `E${'1'.repeat(31)}`, txid: 'x'.repeat(32), valor: '1.00' }] },
      }
    },
  ),
]

const MATRIX: Row[] = [
  ...PROVIDER_ROWS,
  ...PROVIDER_REVIEW_ROWS,
  ...CLIENT_REVIEW_ROWS,
  ...PLAN_ROWS,
  ...PROVIDER_GIFT_ROWS,
  ...REVIEW_FORM_ROWS,
  ...CLIENT_GIFT_ROWS,
  ...CLIENT_ROWS,
  ...ACCOUNT_ROWS,
  ...SECURITY_ROWS,
  ...ADMIN_ROWS,
  ...PUBLIC_ROWS,
  ...WEBHOOK_ROWS,
]

/** Route modules whose loader is public, and why (a guarded loader belongs in the matrix). */
const PUBLIC_LOADERS: Record<string, string> = {
  'routes/auth/email-confirmation.tsx': 'the confirmation screen of a link',
  'routes/auth/auth.tsx': 'the sign-in page; a signed-in account is sent to its area',
  'routes/auth/sign-out.ts': 'a redirect to the home page',
  'routes/public/language-layout.tsx': 'public pages',
  'routes/public/home.tsx': 'public page',
  'routes/public/all-profiles.tsx': 'public page',
  'routes/public/city.tsx': 'public page',
  'routes/public/city-service.tsx': 'public page',
  'routes/public/neighborhood.tsx': 'public page',
  'routes/public/cities.tsx': 'public page',
  'routes/public/services.tsx': 'public page',
  'routes/public/service.tsx': 'public page',
  'routes/public/search.tsx': 'public page',
  'routes/public/about.tsx': 'public page',
  'routes/public/terms.tsx': 'public page',
  'routes/public/profile-redirect.tsx': 'a redirect to a public profile',
  'routes/public/profile.tsx': 'public page',
  'routes/public/report.tsx': 'the report form of a public profile',
  'routes/public/review.tsx':
    'the review form of a public profile; the page says who may write one',
  'routes/public/gift.tsx': 'the gift form of a public profile; the page says who may give one',
  'routes/public/not-found.tsx': 'the 404 page',
  'routes/resources/age-gate.ts': 'a redirect to the home page',
  'routes/resources/age-check.ts':
    "the age gate's verification (AGE_ASSURANCE=oidc): a redirect to the provider, or a 404",
  'routes/resources/age-check-callback.ts':
    "the provider's answer: back to the page, admitted or with the reason; or a 404",
  'routes/resources/favorites.ts': '405: the hearts only post',
  'routes/resources/me.ts': "the caller's own favourites, null without a client session",
  'routes/resources/profile-view.ts': '405: the beacon only posts',
  'routes/resources/web-vitals.ts': '405: the web-vitals beacon only posts',
  'routes/resources/locations.ts': 'public location suggestions',
  'routes/resources/robots.ts': 'robots.txt',
  'routes/resources/sitemap.ts': 'the sitemaps',
  'routes/resources/pix-webhook.ts': '404: the institution only posts',
}

// ---------------------------------------------------------------- running a row

async function send(row: Row, target: Target, cookie: string | undefined): Promise<RouteAnswer> {
  let handler = row.handler
  if (target.form || target.json !== undefined) {
    // callRoute posts forms; a multipart or JSON body replaces its request's body.
    handler = (args: { request: Request }) => {
      const headers = new Headers(args.request.headers)
      headers.delete('content-type')
      if (target.json !== undefined) headers.set('content-type', 'application/json')
      const body = target.form ?? JSON.stringify(target.json)
      const request = new Request(args.request.url, { method: 'POST', headers, body })
      return row.handler({ ...args, request } as never)
    }
  }
  return callRoute(handler, target.url, {
    cookie: cookie || undefined,
    params: target.params,
    headers: target.headers,
    body: row.kind === 'action' ? (target.body ?? {}) : undefined,
    context: { clientIp: nextAddress() },
  })
}

/** The rows behind requireRole(…, 'admin'): the admin area and the identity documents. */
const adminOnly = (row: Row) =>
  row.file.startsWith('routes/admin/') || row.file === 'routes/account/verification-document.ts'

/**
 * Who succeeds: the callers the row names; the unenrolled and stale admins, when not named, as
 * the admin, but refused where she needs what they lack: her second factor for the admin-only
 * rows, a recent proof for those behind the step-up.
 */
function expectationOf(row: Row, actor: Actor): Expected {
  if (row.ok.includes(actor)) return 'ok'
  if (row.own?.includes(actor)) return 'own'
  if (row.refused?.includes(actor)) return 'refused'
  if (actor !== 'unenrolledAdmin' && actor !== 'staleAdmin') return 'refused'
  const lacking = actor === 'unenrolledAdmin' ? adminOnly(row) : row.stepUp
  return lacking ? 'refused' : expectationOf(row, 'admin')
}

/**
 * Where a refused caller goes: a visitor to sign in, the caller the row names where it says, an
 * admin lacking a second factor to set it up, one lacking a recent proof to confirm it (back to
 * the row's address), anyone else to their own area. A number: the answer's status.
 */
function refusalOf(row: Row, actor: Actor, target: Target): string | RegExp | number {
  if (actor === 'visitor') return /^\/auth\?mode=login(&|$)/
  const named = row.sentTo?.[actor]
  const page = `/auth/confirm?next=${encodeURIComponent(target.url)}`
  // A form sent with a stale proof is kept and named in the address (issue 30 point 7).
  const confirm =
    row.kind === 'action'
      ? new RegExp(`^${page.replaceAll('?', '\\?')}(?:&form=[\\w-]{24})?$`)
      : page
  if (named !== undefined) return named === STEP_UP ? confirm : named
  if (expectationOf(row, 'admin') !== 'refused') {
    if (actor === 'unenrolledAdmin' && adminOnly(row)) return '/account/security?setup=1'
    if (actor === 'staleAdmin' && row.stepUp) return confirm
  }
  return AREA[actor]
}

/** A refusal: sent where refusalOf says, or answered 401, 403 or 404 (or the status it names). */
function expectRefused(answer: RouteAnswer, where: string | RegExp | number, label: string) {
  if (typeof where === 'number') {
    expect(answer.status, label).toBe(where)
  } else if (answer.status === 302 || answer.status === 303) {
    if (typeof where === 'string') expect(answer.location, label).toBe(where)
    else expect(answer.location ?? '', label).toMatch(where)
  } else {
    expect([401, 403, 404], `${label}: status ${answer.status}`).toContain(answer.status)
  }
}

async function run(row: Row, actor: Actor) {
  const expected = expectationOf(row, actor)
  const shared = actor === 'visitor' ? undefined : world[actor]
  let me = shared
  if (shared && expected !== 'refused' && row.fresh === 'session') {
    me = { ...shared, cookie: await openSession(shared) }
  } else if (shared && expected !== 'refused' && row.fresh === 'challenge') {
    me = { ...shared, cookie: await challengeCookie(shared.email) }
  } else if (actor !== 'visitor' && expected !== 'refused' && row.fresh === 'account') {
    me = await freshAccount(actor, row.enrolled)
  }
  if (me?.cookie) await setProof(me.cookie, actor === 'staleAdmin')
  const ctx: Ctx = { actor, me, expected }
  const target = await row.prepare(ctx)
  const ownerState = target.owner ?? target.state
  const changes = target.changes ?? row.kind === 'action'
  await settleAuthTasks()
  const before = {
    database:
      expected === 'refused' || (changes && !target.state) ? await fingerprint(row, actor) : {},
    state: await target.state?.(),
    owner: await ownerState?.(),
  }

  const answer = await send(row, target, me?.cookie)
  await settleAuthTasks()

  const label = `${row.route}${row.intent ? ` (${row.intent})` : ''} as ${actor}`
  if (expected === 'refused') {
    expectRefused(answer, refusalOf(row, actor, target), label)
    expect(await fingerprint(row, actor), `${label}: refused, yet the database changed`).toEqual(
      before.database,
    )
    return
  }
  ;(row.success ?? answered2xx)(answer, label)
  const shown = JSON.stringify(answer.data ?? null)
  if (expected === 'own') {
    if (row.kind === 'action') expect(ownerState, `${label}: the owner's data`).toBeDefined()
    expect(await ownerState?.(), `${label}: the owner's data changed`).toEqual(before.owner)
    for (const secret of target.secrets ?? []) {
      expect(shown, `${label}: shows the owner's data`).not.toContain(secret)
    }
    return
  }
  // The owner's answer shows what nobody else's may: the check above can see it.
  for (const secret of target.secrets ?? []) expect(shown, label).toContain(secret)
  if (changes) {
    const after = target.state ? await target.state() : await fingerprint(row)
    expect(after, `${label}: allowed, yet nothing changed`).not.toEqual(
      target.state ? before.state : before.database,
    )
  }
}

// ---------------------------------------------------------------- set-up

beforeAll(async () => {
  oidc = await startOidcServer(TEST_BASE_URL)
  // Pix on (issue 21): the plan, payment and gift rows make real charges at the local Pix server.
  pixServer = await startPixServer()
  dataDir = await useTestServerEnv({
    google: {
      clientId: OIDC_CLIENT_ID,
      clientSecret: OIDC_CLIENT_SECRET,
      discoveryUrl: oidc.discoveryUrl,
    },
    pix: await pixConfigOf(pixServer),
    // Gifts on (issue 22): gift rows start real charges, the identity check asks for a CPF.
    gifts: true,
  })
  // The mailer logs each message it writes to the outbox: not in the test output.
  const write = process.stdout.write
  process.stdout.write = (() => true) as typeof write
  restoreStdout = () => {
    process.stdout.write = write
  }
  const [front, back, selfie] = await Promise.all([picture(1001), picture(1002), picture(1003)])
  documents = { documentFront: front, documentBack: back, selfie }
  world = {
    roleless: await rolelessAccount(),
    client: await signedInAccount('client'),
    otherClient: await signedInAccount('client'),
    provider: await approvedProvider('Luna Clara'),
    otherProvider: await approvedProvider('Sol Dourada'),
    admin: await signedInAccount('admin'),
    unenrolledAdmin: await signedInAccount('admin', { enrolled: false }),
    // Made stale before each of its calls (setProof).
    staleAdmin: await signedInAccount('admin'),
    loginTarget: await signedInAccount('client', { session: false }),
    spareAdmin: await signedInAccount('admin', { session: false }),
    twoFactorProvider: {
      ...(await withSession(await approvedProvider('Lis Segura', { session: false }), true)),
      cookie: '',
    },
  }
  const tables = await db().execute(
    sql`select table_name as name from information_schema.tables
      where table_schema = 'public' and table_type = 'BASE TABLE'
        and table_name not in ('cities', 'neighborhoods', 'services')
      order by table_name`,
  )
  const names = (tables as unknown as { rows: { name: string }[] }).rows.map((row) => row.name)
  fingerprintQuery = sql.join(
    names.map(
      (name) =>
        sql`select ${name}::text as t, md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as h from ${sql.identifier(name)} x`,
    ),
    sql` union all `,
  )
})

afterAll(async () => {
  restoreStdout()
  await oidc?.close()
  await pixServer?.close()
})

beforeEach(async () => {
  // Whatever an earlier row did, both providers start public and unpaused.
  await db()
    .update(profiles)
    .set({
      status: 'approved',
      visibilityStatus: 'active',
      statusReason: null,
      pendingWorkingName: null,
      changesSubmittedAt: null,
      suspendedUntil: null,
      hiddenAt: null,
      monthlyPhotoUploads: 0,
    })
    .where(inArray(profiles.id, [world.provider.profileId, world.otherProvider.profileId]))
})

// ---------------------------------------------------------------- the tests

for (const row of MATRIX) {
  // Rows open to everyone, whose checks read only their own target, run their callers at once.
  const title = `${row.route}${row.intent ? ` (${row.intent})` : ''} [${row.file}]`
  describe(title, { concurrent: row.concurrent }, () => {
    for (const actor of ACTORS) {
      it(`${actor}: ${expectationOf(row, actor)}`, () => run(row, actor))
    }
  })
}

/** Every route module app/routes.ts names. */
function routeFiles(): string[] {
  const files: string[] = []
  const walk = (list: readonly { file: string; children?: unknown }[]) => {
    for (const one of list) {
      files.push(one.file)
      if (Array.isArray(one.children)) walk(one.children)
    }
  }
  walk(routes)
  return [...new Set(files)]
}

/** The server half of a route module's source (loader and action come before the page). */
const serverSource = async (file: string) =>
  (await readFile(path.resolve('app', file), 'utf8')).split(/^export default function/m)[0] ?? ''

/** The intents a route's action tells apart, read from its source. */
/**
 * The intents an action names in `parseForm(request, { intent: schema, … })` (or
 * `checkIntent(form, …)`), or in an object of
 * the file passed by name (`parseForm(request, PHOTO_FORMS)`): the object's keys.
 */
function parseFormIntents(source: string): string[] {
  const intents: string[] = []
  const starts: number[] = []
  for (const call of source.matchAll(
    /(?:parseForm\(\s*request|checkIntent\(\s*form),\s*(?:\{|([A-Za-z_]\w*))/g,
  )) {
    const name = call[1]
    if (!name) starts.push((call.index ?? 0) + call[0].length)
    const defined = name && new RegExp(`\\b${name}\\b[^=\\n]*=\\s*\\{`).exec(source)
    if (defined) starts.push(defined.index + defined[0].length)
  }
  for (const start of starts) {
    let depth = 1
    let at = start
    let expectKey = true
    while (depth > 0 && at < source.length) {
      const rest = source.slice(at)
      const key = expectKey && depth === 1 ? /^\s*'?([\w-]+)'?\s*:/.exec(rest) : null
      if (key) {
        intents.push(key[1] ?? '')
        expectKey = false
        at += key[0].length
        continue
      }
      const char = source[at]
      if (char === '{' || char === '(' || char === '[') depth++
      else if (char === '}' || char === ')' || char === ']') depth--
      else if (char === ',' && depth === 1) expectKey = true
      at++
    }
  }
  return intents
}

async function intentsOf(file: string): Promise<string[]> {
  const source = await serverSource(file)
  const found = new Set<string>()
  const compared = /(?:\bintent|get\('intent'\)) [!=]== '([\w-]+)'/g
  const listed = /(?:INTENTS = |adminAction\(request, )\[([^\]]*)\]/g
  for (const match of source.matchAll(compared)) found.add(match[1] ?? '')
  for (const match of source.matchAll(listed)) {
    for (const one of (match[1] ?? '').matchAll(/'([\w-]+)'/g)) found.add(one[1] ?? '')
  }
  for (const intent of parseFormIntents(source)) found.add(intent)
  if (source.includes('accountPageAction(')) {
    const shared = await readFile(
      path.resolve('app/modules/account/account-page.server.ts'),
      'utf8',
    )
    for (const match of shared.matchAll(compared)) found.add(match[1] ?? '')
  }
  if (source.includes('authAction(')) for (const intent of AUTH_INTENTS) found.add(intent)
  // The confirmation screen's forms (issue 30), read by confirmation-page.server.ts.
  if (source.includes('confirmationAction('))
    for (const intent of CONFIRMATION_INTENTS) found.add(intent)
  // Issue 23's pages hand the request to a function that security-pages.server.ts exports (its
  // own, or one of the page files it re-exports): the intents of that function.
  if (source.includes('/security-pages.server.ts')) {
    const pages = [
      'security-pages.server.ts',
      'two-factor-page.server.ts',
      'confirm-identity-page.server.ts',
    ]
    const shared = (
      await Promise.all(
        pages.map((file) => readFile(path.resolve('app/modules/auth', file), 'utf8')),
      )
    ).join('\n')
    for (const call of source.matchAll(/\b(\w+Action)\(request/g)) {
      const start = shared.indexOf(`export async function ${call[1]}(`)
      if (start < 0) continue
      const end = shared.indexOf('\nexport ', start + 1)
      const body = shared.slice(start, end < 0 ? undefined : end)
      for (const match of body.matchAll(compared)) found.add(match[1] ?? '')
      for (const intent of parseFormIntents(body)) found.add(intent)
    }
  }
  return [...found].sort()
}

describe('the matrix covers every route', () => {
  it('has a row for each intent of every action, and each row calls its module', async () => {
    const files = routeFiles()
    for (const file of files) {
      const module = (await import(path.resolve('app', file))) as Record<string, unknown>
      const rows = MATRIX.filter((row) => row.file === file)
      for (const row of rows) expect(row.handler, `${row.route}: ${file}`).toBe(module[row.kind])
      if (!('action' in module)) {
        expect(
          rows.filter((row) => row.kind === 'action'),
          file,
        ).toEqual([])
        continue
      }
      const intents = await intentsOf(file)
      const covered = rows.filter((row) => row.kind === 'action').map((row) => row.intent ?? '')
      expect(covered.sort(), `${file}: an action missing from the matrix`).toEqual(
        intents.length > 0 ? intents : [''],
      )
    }
    const adminIntents = MATRIX.filter(
      (row) => row.file.startsWith('routes/admin/') && row.file !== 'routes/admin/account.tsx',
    )
      .map((row) => row.intent)
      .filter(Boolean)
    expect(adminIntents.sort()).toEqual([...ADMIN_INTENTS].sort())
  })

  it('has every loader that needs a session; the others are named public', async () => {
    const files = routeFiles()
    for (const file of files) {
      const module = (await import(path.resolve('app', file))) as Record<string, unknown>
      if (!('loader' in module)) continue
      if (MATRIX.some((row) => row.file === file && row.kind === 'loader')) continue
      expect(PUBLIC_LOADERS, `${file}: a loader missing from the matrix`).toHaveProperty([file])
      expect(await serverSource(file), `${file} checks the session`).not.toMatch(
        /requireRole|requireUser|accountPageLoader/,
      )
    }
    for (const file of [...MATRIX.map((row) => row.file), ...Object.keys(PUBLIC_LOADERS)]) {
      expect(files, `${file} is not a route`).toContain(file)
    }
  })
})

describe('the endpoints outside React Router', () => {
  it('/metrics (issue 32 point 5): every caller of the matrix is refused, only its bearer token reads it', async () => {
    const token = `matrix-${randomUUID().replaceAll('-', '')}`
    const app = express()
    app.all('/metrics', metricsEndpoint(token))
    const server = app.listen(0, '127.0.0.1')
    await once(server, 'listening')
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/metrics`
    try {
      for (const actor of ACTORS) {
        const cookie = actor === 'visitor' ? undefined : world[actor].cookie
        if (cookie) await setProof(cookie, actor === 'staleAdmin')
        const answer = await fetch(url, { headers: cookie ? { cookie } : {} })
        expect(answer.status, actor).toBe(401)
        expect(await answer.text(), actor).not.toContain('aprova_')
      }
      const admin = world.admin.cookie ?? ''
      const read = await fetch(url, {
        headers: { cookie: admin, authorization: `Bearer ${token}` },
      })
      expect(read.status).toBe(200)
      expect(await read.text()).toContain('# TYPE aprova_http_requests_total counter')
    } finally {
      server.close()
    }
  })
})
