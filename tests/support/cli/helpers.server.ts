import { randomUUID } from 'node:crypto'
import { readdir } from 'node:fs/promises'
import path from 'node:path'
import { and, eq, inArray } from 'drizzle-orm'
import sharp from 'sharp'
import { openAccount } from '#app/modules/auth/accounts.server.ts'
import { settleAuthTasks } from '#app/modules/auth/auth.server.ts'
import { releaseMaturedGifts } from '#app/modules/payments/gift-credit.server.ts'
import { cpfHash } from '#app/modules/payments/withdrawals.server.ts'
import { uploadPhoto } from '#app/modules/provider/photos.server.ts'
import { submitVerification } from '#app/modules/provider/verification.server.ts'
import { decideVerification } from '#app/modules/provider/verification-decision.server.ts'
import { parseEnv, setServerEnv } from '#app/platform/env.server.ts'
import { db, openDatabase, setDatabase } from '#db/client.server.ts'
import { user } from '#db/schema/auth.ts'
import { gifts } from '#db/schema/gifts.ts'
import { images, profiles, verificationSubmissions } from '#db/schema/profiles.ts'
import { profileContacts, reviews } from '#db/schema/reviews.ts'

// Test helpers run from the command line against a stopped end-to-end server's storage.

async function withDatabase<T>(work: () => Promise<T>): Promise<T> {
  const env = parseEnv(process.env, 'production')
  setServerEnv(env)
  const handle = await openDatabase(
    env.databaseUrl ? { url: env.databaseUrl } : { dataDir: path.join(env.dataDir, 'db') },
  )
  setDatabase(handle)
  try {
    return await work()
  } finally {
    setDatabase(undefined)
    await handle.close()
  }
}

/**
 * A provider account (`name` her working name), confirmed, whose profile in Recife is filled
 * with `values` (a public, verified one with `approved`). Her account id and profile.
 */
async function recifeProvider(
  login: { email: string; password: string; name: string },
  values: { age: number; hourlyRate: number; whatsapp: string; approved?: boolean },
) {
  await openAccount(login, { role: 'provider', workingName: login.name }, { language: 'pt' })
  await settleAuthTasks()
  const [account] = await db()
    .update(user)
    .set({ emailVerified: true })
    .where(eq(user.email, login.email))
    .returning({ id: user.id })
  if (!account) throw new Error('the provider was not created')
  const [profile] = await db()
    .update(profiles)
    .set({
      age: values.age,
      citySlug: 'recife',
      city: 'Recife',
      description: `Olá! Sou a ${login.name.split(' ')[0]}, atendo em Recife com hora marcada e discrição.`,
      hourlyRate: values.hourlyRate,
      whatsapp: values.whatsapp,
      ...(values.approved
        ? {
            status: 'approved' as const,
            visibilityStatus: 'active' as const,
            verifiedAt: new Date(),
            verificationStatus: 'approved' as const,
          }
        : {}),
    })
    .where(eq(profiles.userId, account.id))
    .returning({ id: profiles.id, username: profiles.username })
  if (!profile) throw new Error('no profile')
  return { accountId: account.id, profile }
}

/** The team approves every identity check waiting (a stand-in for the admin queue). */
export async function approvePending(): Promise<number> {
  return withDatabase(async () => {
    const email = 'equipe-e2e@example.com'
    let [reviewer] = await withReviewer(email)
    if (!reviewer) {
      await openAccount(
        { email, password: 'equipe-senha-123', name: 'Equipe' },
        { role: 'admin' },
        {
          language: 'pt',
        },
      )
      await settleAuthTasks()
      ;[reviewer] = await withReviewer(email)
    }
    const waiting = await db()
      .select({ id: verificationSubmissions.id })
      .from(verificationSubmissions)
      .where(eq(verificationSubmissions.status, 'pending'))
    for (const submission of waiting) {
      await decideVerification(submission.id, { approved: true, reviewerId: reviewer?.id ?? '' })
    }
    process.stdout.write(`${JSON.stringify({ approved: waiting.length })}\n`)
    return 0
  })
}

async function withReviewer(email: string) {
  return db().select({ id: user.id }).from(user).where(eq(user.email, email))
}

/**
 * Files and rows of photos agree: every photo (public or waiting for review) has all its
 * variants on disk, and every file on disk belongs to a row (a photo, or an upload or deletion
 * still owning its files). Prints what disagrees; exits 0 either way.
 */
export async function checkMediaConsistency(): Promise<number> {
  return withDatabase(async () => {
    const env = parseEnv(process.env, 'production')
    const rows = await db()
      .select({
        storagePath: images.storagePath,
        variantWidths: images.variantWidths,
        verificationType: images.verificationType,
      })
      .from(images)
      .where(inArray(images.verificationType, ['profile', 'pending', 'uploading', 'deleting']))
    const root = path.join(env.dataDir, 'media')
    const files = new Set(
      (await readdir(path.join(root, 'profiles'), { recursive: true }).catch(() => []))
        .filter((file) => file.endsWith('.webp'))
        .map((file) => `profiles/${file}`),
    )
    const missingFiles = rows.flatMap((row) =>
      row.verificationType === 'profile' || row.verificationType === 'pending'
        ? row.variantWidths
            .map((width) => `${row.storagePath}-${width}.webp`)
            .filter((file) => !files.has(file))
        : [],
    )
    // Half-written files a killed process left in the write area (swept at the next start).
    const partialFiles = (
      await readdir(path.join(env.dataDir, 'uploading')).catch(() => [] as string[])
    ).length
    const owned = new Set(rows.map((row) => row.storagePath))
    const orphanFiles = [...files].filter((file) => !owned.has(file.replace(/-\d+\.webp$/, '')))
    process.stdout.write(
      `${JSON.stringify({ photos: rows.length, files: files.size, missingFiles, orphanFiles, partialFiles, states: rows.map((row) => row.verificationType) })}\n`,
    )
    return 0
  })
}

/**
 * A confirmed provider whose complete profile (one photo) and identity documents wait in the
 * admin queue; prints her username. Pictures are neutral generated shapes.
 */
export async function createPendingProvider(): Promise<number> {
  return withDatabase(async () => {
    const { accountId, profile } = await recifeProvider(
      { email: 'estrela@example.com', password: 'senha-forte-123', name: 'Estrela Azul' },
      { age: 31, hourlyRate: 350, whatsapp: '+5581977776666' },
    )
    const shape = (hue: number, width: number, height: number) =>
      sharp({
        create: { width, height, channels: 3, background: `hsl(${hue}, 50%, 45%)` },
      })
        .composite([
          {
            input: Buffer.from(
              `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><circle cx="${width / 2}" cy="${height / 2}" r="${width / 4}" fill="hsl(${hue + 150}, 60%, 80%)"/></svg>`,
            ),
          },
        ])
        .jpeg()
        .toBuffer()
    const photo = await uploadPhoto(accountId, await shape(200, 900, 1200))
    if (!photo.ok) throw new Error(`photo refused: ${photo.error}`)
    const sent = await submitVerification(
      accountId,
      {
        documentFront: await shape(30, 900, 600),
        documentBack: await shape(90, 900, 600),
        selfie: await shape(300, 800, 1000),
      },
      true,
    )
    if (!sent.ok) throw new Error(`documents refused: ${JSON.stringify(sent.error)}`)
    process.stdout.write(`${JSON.stringify({ username: profile.username })}\n`)
    return 0
  })
}

/** A confirmed client account, `argv[2]` and `argv[3]` being its e-mail and password. */
export async function createClient(): Promise<number> {
  const [email, password] = process.argv.slice(2, 4)
  if (!email || !password) throw new Error('usage: createClient <email> <password>')
  return withDatabase(async () => {
    await openAccount(
      { email, password, name: 'Rafa' },
      {
        role: 'client',
        about: 'Gosto de boas conversas.',
        dateOfBirth: '1990-05-20',
      },
      { language: 'pt' },
    )
    await settleAuthTasks()
    await db().update(user).set({ emailVerified: true }).where(eq(user.email, email))
    return 0
  })
}

/**
 * A public, verified profile with a WhatsApp number for the reviews spec (issue 20): the pending
 * provider of createPendingProvider, approved by the team. Prints its username.
 */
export async function createReviewableProfile(): Promise<number> {
  await createPendingProvider()
  await approvePending()
  return withDatabase(async () => {
    const [profile] = await db()
      .select({ username: profiles.username })
      .from(profiles)
      .innerJoin(user, eq(user.id, profiles.userId))
      .where(eq(user.email, 'estrela@example.com'))
    process.stdout.write(`${JSON.stringify({ username: profile?.username })}\n`)
    return 0
  })
}

/**
 * Ages the client `argv[2]` for the reviews spec: with `account`, the account created 30 days
 * ago; with `contact`, its contacts first made 2 days ago. Prints how many contacts it has.
 */
export async function ageReviewer(): Promise<number> {
  const [email, what] = process.argv.slice(2, 4)
  if (!email || (what !== 'account' && what !== 'contact'))
    throw new Error('usage: ageReviewer <email> account|contact')
  return withDatabase(async () => {
    const day = 24 * 60 * 60_000
    const [account] = await db().select({ id: user.id }).from(user).where(eq(user.email, email))
    if (!account) throw new Error(`no account ${email}`)
    if (what === 'account') {
      await db()
        .update(user)
        .set({ createdAt: new Date(Date.now() - 30 * day) })
        .where(eq(user.id, account.id))
    }
    if (what === 'contact') {
      await db()
        .update(profileContacts)
        .set({ firstAt: new Date(Date.now() - 2 * day) })
        .where(eq(profileContacts.userId, account.id))
    }
    const contacts = await db()
      .select({ profileId: profileContacts.profileId })
      .from(profileContacts)
      .where(eq(profileContacts.userId, account.id))
    process.stdout.write(`${JSON.stringify({ contacts: contacts.length })}\n`)
    return 0
  })
}

/** The reviews the client `argv[2]` wrote (status, rating, text), as JSON. */
export async function reviewsBy(): Promise<number> {
  const [email] = process.argv.slice(2, 3)
  if (!email) throw new Error('usage: reviewsBy <email>')
  return withDatabase(async () => {
    const rows = await db()
      .select({
        status: reviews.status,
        rating: reviews.rating,
        photosMatch: reviews.photosMatch,
        body: reviews.body,
        quotable: reviews.quotable,
      })
      .from(reviews)
      .innerJoin(user, eq(user.id, reviews.authorId))
      .where(eq(user.email, email))
    process.stdout.write(`${JSON.stringify({ reviews: rows })}\n`)
    return 0
  })
}

/**
 * Reviews as the public pages show them (issue 20 points 4 and 5), inserted directly: ten public
 * profiles in São Paulo (the home feed then shows more than 8), 'Helena Prado' with 12 published
 * reviews (average 4,7, the newest with markup in its text, one with a reply) and two chosen as
 * testimonials, 'Irene Castro' with 2, the others with none. Prints their usernames.
 */
export async function insertReviews(): Promise<number> {
  return withDatabase(async () => {
    const authors: { id: string }[] = []
    for (const name of ['Caio Andrade', 'Bruno Lima']) {
      const email = `${name.split(' ')[0]?.toLowerCase()}-${randomUUID().slice(0, 6)}@example.com`
      await openAccount(
        { email, password: 'senha-forte-123', name },
        { role: 'client', about: '', dateOfBirth: '1990-05-20' },
        { language: 'pt' },
      )
      await settleAuthTasks()
      const [row] = await db().select().from(user).where(eq(user.email, email))
      if (!row) throw new Error('author not created')
      authors.push(row)
    }
    const names = ['Helena Prado', 'Irene Castro', 'Joana Reis', 'Karen Souza', 'Lara Mendes']
    const created = []
    for (let index = 0; index < 10; index += 1) {
      const name = names[index] ?? `Perfil ${index + 1}`
      const [row] = await db()
        .insert(profiles)
        .values({
          name,
          username: `${name.toLowerCase().replace(/\s+/g, '-')}-${randomUUID().slice(0, 4)}`,
          age: 24 + index,
          city: 'São Paulo',
          citySlug: 'sao-paulo',
          hourlyRate: 300 + index * 10,
          status: 'approved',
          visibilityStatus: 'active',
        })
        .returning()
      if (!row) throw new Error('profile not inserted')
      created.push(row)
    }
    const [rated, few] = created
    if (!rated || !few) throw new Error('no profiles')
    const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000)
    // Ten fives and two threes: 56 / 12 = 4,7.
    const rows = Array.from({ length: 12 }, (_, index) => ({
      profileId: rated.id,
      authorId: authors[index % 2]?.id ?? '',
      rating: index === 4 || index === 7 ? 3 : 5,
      photosMatch: index !== 7,
      body:
        index === 0
          ? 'Texto com <b>marcação</b> que deve aparecer como texto, nunca como negrito.'
          : `Avaliação número ${12 - index}: pontual, educada e o lugar era limpo e tranquilo.`,
      quotable: index === 1 || index === 2,
      featured: index === 1 || index === 2,
      reply: index === 3 ? 'Obrigada pela visita, volte sempre.' : null,
      repliedAt: index === 3 ? new Date() : null,
      createdAt: minutesAgo(index + 1),
      publishedAt: minutesAgo(index + 1),
    }))
    rows.push(
      ...[4, 5].map((rating, index) => ({
        profileId: few.id,
        authorId: authors[index]?.id ?? '',
        rating,
        photosMatch: true,
        body: `Uma das duas avaliações deste perfil, a de número ${index + 1}, simpática.`,
        quotable: false,
        featured: false,
        reply: null,
        repliedAt: null,
        createdAt: minutesAgo(30 + index),
        publishedAt: minutesAgo(30 + index),
      })),
    )
    await db().insert(reviews).values(rows)
    process.stdout.write(
      `${JSON.stringify({ rated: rated.username, few: few.username, none: created[2]?.username })}\n`,
    )
    return 0
  })
}

/**
 * Issue 20: an approved, public provider (`argv[2]` and `argv[3]` her e-mail and password) whose
 * profile has two published reviews by two clients; prints her username and the reviews' texts.
 */
export async function createReviewedProvider(): Promise<number> {
  const [email, password] = process.argv.slice(2, 4)
  if (!email || !password) throw new Error('usage: createReviewedProvider <email> <password>')
  return withDatabase(async () => {
    const { profile } = await recifeProvider(
      { email, password, name: 'Lua Serena' },
      { age: 29, hourlyRate: 300, whatsapp: '+5581966665555', approved: true },
    )
    const texts = [
      'Muito pontual e simpática, o lugar era limpo e tranquilo. Recomendo a todos.',
      'Conversa agradável, tudo como combinado e com muita discrição. Voltaria com certeza.',
    ]
    const names = ['Caio Prado', 'Davi Lins']
    for (const [index, body] of texts.entries()) {
      const clientEmail = `avaliador-${index + 1}-${profile.username}@example.com`
      await openAccount(
        { email: clientEmail, password, name: names[index] ?? 'Cliente' },
        { role: 'client', about: 'Gosto de boas conversas.', dateOfBirth: '1990-05-20' },
        { language: 'pt' },
      )
      await settleAuthTasks()
      const [client] = await db()
        .update(user)
        .set({ emailVerified: true })
        .where(eq(user.email, clientEmail))
        .returning({ id: user.id })
      if (!client) throw new Error('the client was not created')
      const at = new Date(Date.now() - (index + 1) * 60 * 60_000)
      await db()
        .insert(reviews)
        .values({
          profileId: profile.id,
          authorId: client.id,
          rating: 5 - index,
          photosMatch: index === 0,
          body,
          createdAt: at,
          publishedAt: at,
        })
    }
    process.stdout.write(`${JSON.stringify({ username: profile.username, texts })}\n`)
    return 0
  })
}

/**
 * The team's reviews page end to end (issue 20): an admin (`argv[2]`, `argv[3]`: e-mail and
 * password), a public profile, a published review its author allows to quote and a review a
 * suspicion rule held (same device), each by its own client.
 */
export async function createReviewsForAdmin(): Promise<number> {
  const [email, password] = process.argv.slice(2, 4)
  if (!email || !password) throw new Error('usage: createReviewsForAdmin <email> <password>')
  return withDatabase(async () => {
    await openAccount(
      { email, password, name: 'Equipe Avaliações' },
      { role: 'admin' },
      {
        language: 'pt',
      },
    )
    const { profile } = await recifeProvider(
      { email: `avaliada-${Date.now()}@example.com`, password, name: 'Celeste Aurora' },
      { age: 30, hourlyRate: 300, whatsapp: '+5581966665555', approved: true },
    )
    const authors: string[] = []
    for (const [name, login] of [
      ['Cliente Otávio', 'otavio'],
      ['Cliente Heitor', 'heitor'],
    ] as const) {
      const address = `${login}-${Date.now()}@example.com`
      await openAccount(
        { email: address, password, name },
        { role: 'client', about: 'Gosto de boas conversas.', dateOfBirth: '1990-05-20' },
        { language: 'pt' },
      )
      authors.push(address)
    }
    await settleAuthTasks()
    await db()
      .update(user)
      .set({ emailVerified: true })
      .where(inArray(user.email, [email, ...authors]))
    await db()
      .insert(images)
      .values({ profileId: profile.id, url: '/media/celeste-320.webp', isCover: true })
    const clients = await db().select().from(user).where(inArray(user.email, authors))
    const byEmail = (address: string | undefined) =>
      clients.find((one) => one.email === address)?.id ?? ''
    const [published, held] = await db()
      .insert(reviews)
      .values([
        {
          profileId: profile.id,
          authorId: byEmail(authors[0]),
          rating: 5,
          photosMatch: true,
          body: 'Atendimento gentil e pontual, fotos fiéis e ambiente tranquilo. Voltaria.',
          quotable: true,
          publishedAt: new Date(),
        },
        {
          profileId: profile.id,
          authorId: byEmail(authors[1]),
          rating: 2,
          photosMatch: false,
          body: 'Demorou a responder e o lugar era barulhento, não gostei muito da visita.',
          status: 'pending',
          signals: ['same_device'],
        },
      ])
      .returning({ id: reviews.id })
    process.stdout.write(
      `${JSON.stringify({ username: profile.username, published: published?.id, held: held?.id })}\n`,
    )
    return 0
  })
}

/**
 * Issue 33's reviews spec: an admin (`argv[2]`, password `argv[3]`), the client `argv[4]` (same
 * password, a month old) with two reviews of two public profiles: 'Aurora Lins', opened by her
 * WhatsApp button 3 days before, published and reported by her as 'never met'; 'Bianca Reis',
 * hidden by the team for contact data, with no contact kept. A third public profile, 'Cora
 * Nunes', he has not contacted. Prints the three usernames.
 */
export async function createOwnReviews(): Promise<number> {
  const [adminEmail, password, clientEmail] = process.argv.slice(2, 5)
  if (!adminEmail || !password || !clientEmail)
    throw new Error('usage: createOwnReviews <admin email> <password> <client email>')
  return withDatabase(async () => {
    const day = 24 * 60 * 60_000
    await openAccount(
      { email: adminEmail, password, name: 'Equipe Revisão' },
      { role: 'admin' },
      {
        language: 'pt',
      },
    )
    await openAccount(
      { email: clientEmail, password, name: 'Cliente Rui' },
      { role: 'client', about: 'Gosto de boas conversas.', dateOfBirth: '1990-05-20' },
      { language: 'pt' },
    )
    await settleAuthTasks()
    const [client] = await db()
      .update(user)
      .set({ emailVerified: true, createdAt: new Date(Date.now() - 30 * day) })
      .where(eq(user.email, clientEmail))
      .returning({ id: user.id })
    await db().update(user).set({ emailVerified: true }).where(eq(user.email, adminEmail))
    if (!client) throw new Error('no client')
    const made: string[] = []
    for (const [name, phone] of [
      ['Aurora Lins', '+5581955551111'],
      ['Bianca Reis', '+5581955552222'],
      ['Cora Nunes', '+5581955553333'],
    ] as const) {
      const { profile } = await recifeProvider(
        { email: `${name.split(' ')[0]?.toLowerCase()}-${Date.now()}@example.com`, password, name },
        { age: 29, hourlyRate: 300, whatsapp: phone, approved: true },
      )
      await db()
        .insert(images)
        .values({ profileId: profile.id, url: '/media/x-320.webp', isCover: true })
      made.push(profile.id)
    }
    const [aurora, bianca] = made as [string, string]
    await db()
      .insert(profileContacts)
      .values({
        userId: client.id,
        profileId: aurora,
        firstAt: new Date(Date.now() - 3 * day),
        lastAt: new Date(Date.now() - 3 * day),
        firstChannel: 'whatsapp',
      })
    await db()
      .insert(reviews)
      .values([
        {
          profileId: aurora,
          authorId: client.id,
          rating: 5,
          photosMatch: true,
          body: 'Atendimento gentil e pontual, fotos fiéis e ambiente tranquilo. Voltaria com certeza.',
          createdAt: new Date(Date.now() - day),
          publishedAt: new Date(Date.now() - day),
          reportedAt: new Date(),
          reportReason: 'never_met',
        },
        {
          profileId: bianca,
          authorId: client.id,
          rating: 1,
          photosMatch: false,
          body: 'Não gostei, marquei pelo outro número e ela atrasou muito para atender a porta.',
          status: 'hidden',
          moderationReason: 'contact_data',
          createdAt: new Date(Date.now() - 2 * day),
          publishedAt: new Date(Date.now() - 2 * day),
          moderatedAt: new Date(),
        },
      ])
    const usernames = await db()
      .select({ id: profiles.id, username: profiles.username })
      .from(profiles)
      .where(inArray(profiles.id, made))
    const nameOf = (id: string | undefined) => usernames.find((one) => one.id === id)?.username
    process.stdout.write(
      `${JSON.stringify({ aurora: nameOf(made[0]), bianca: nameOf(made[1]), cora: nameOf(made[2]) })}\n`,
    )
    return 0
  })
}

/** The reviews of the database by id: status and featured (the team's page's e2e). */
export async function reviewStates(): Promise<number> {
  return withDatabase(async () => {
    const rows = await db()
      .select({ id: reviews.id, status: reviews.status, featured: reviews.featured })
      .from(reviews)
    process.stdout.write(
      `${JSON.stringify(Object.fromEntries(rows.map(({ id, ...rest }) => [id, rest])))}\n`,
    )
    return 0
  })
}

/**
 * The plans spec (issue 21): the free, public profile of createReviewableProfile and, in the same
 * city, a rival on the Ouro plan for 20 more days, so a VIP+ bought moves the first ahead of her.
 * Prints both usernames.
 */
export async function createPlanRivals(): Promise<number> {
  await createReviewableProfile()
  return withDatabase(async () => {
    const { profile } = await recifeProvider(
      { email: 'lua-rival@example.com', password: 'senha-forte-456', name: 'Lua Serena' },
      { age: 29, hourlyRate: 300, whatsapp: '+5581966665555', approved: true },
    )
    const until = new Date(Date.now() + 20 * 24 * 60 * 60_000)
    await db()
      .update(profiles)
      .set({
        membershipTier: 'ouro',
        isPremium: true,
        tierExpiresAt: until,
        premiumExpiresAt: until,
      })
      .where(eq(profiles.id, profile.id))
    const [buyer] = await db()
      .select({ username: profiles.username })
      .from(profiles)
      .innerJoin(user, eq(user.id, profiles.userId))
      .where(eq(user.email, 'estrela@example.com'))
    process.stdout.write(`${JSON.stringify({ buyer: buyer?.username, rival: profile.username })}\n`)
    return 0
  })
}

/**
 * The gifts spec (issue 22): the public, verified profile of createReviewableProfile, whose
 * identity check carried the CPF `argv[2]` (its keyed hash is her payout key). Prints her
 * username.
 */
export async function createGiftableProfile(): Promise<number> {
  const [cpf] = process.argv.slice(2, 3)
  if (!cpf) throw new Error('usage: createGiftableProfile <cpf digits>')
  await createReviewableProfile()
  return withDatabase(async () => {
    const [profile] = await db()
      .update(profiles)
      .set({ payoutCpfHash: cpfHash(cpf) })
      .from(user)
      .where(and(eq(user.id, profiles.userId), eq(user.email, 'estrela@example.com')))
      .returning({ username: profiles.username })
    process.stdout.write(`${JSON.stringify({ username: profile?.username })}\n`)
    return 0
  })
}

/**
 * Issue 22: a business day passes for the gifts paid so far (their release moved to a minute
 * ago), then the sweep makes them available, as the server's clock would. Prints how many.
 */
export async function matureGifts(): Promise<number> {
  return withDatabase(async () => {
    await db()
      .update(gifts)
      .set({ availableAt: new Date(Date.now() - 60_000) })
      .where(eq(gifts.status, 'pending'))
    const moved = await releaseMaturedGifts()
    process.stdout.write(`${JSON.stringify({ moved })}\n`)
    return 0
  })
}
