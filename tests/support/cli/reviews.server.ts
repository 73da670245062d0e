import { randomUUID } from 'node:crypto'
import { eq, inArray } from 'drizzle-orm'
import { openAccount } from '#app/modules/auth/accounts.server.ts'
import { settleAuthTasks } from '#app/modules/auth/auth.server.ts'
import { db } from '#db/client.server.ts'
import { user } from '#db/schema/auth.ts'
import { images, profiles } from '#db/schema/profiles.ts'
import { profileContacts, reviews } from '#db/schema/reviews.ts'
import {
  CLIENT_SETUP,
  confirmedAccount,
  printJson,
  recifeProvider,
  withDatabase,
} from './storage.server.ts'

// The command-line test helpers of the reviews specs (issues 20 and 33), run against a stopped
// end-to-end server's storage (helpers.server.ts exports them too).

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
    printJson({ contacts: contacts.length })
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
    printJson({ reviews: rows })
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
    printJson({ rated: rated.username, few: few.username, none: created[2]?.username })
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
      const clientId = await confirmedAccount(
        { email: clientEmail, password, name: names[index] ?? 'Cliente' },
        CLIENT_SETUP,
      )
      const at = new Date(Date.now() - (index + 1) * 60 * 60_000)
      await db()
        .insert(reviews)
        .values({
          profileId: profile.id,
          authorId: clientId,
          rating: 5 - index,
          photosMatch: index === 0,
          body,
          createdAt: at,
          publishedAt: at,
        })
    }
    printJson({ username: profile.username, texts })
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
      { language: 'pt' },
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
      await openAccount({ email: address, password, name }, CLIENT_SETUP, { language: 'pt' })
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
    printJson({ username: profile.username, published: published?.id, held: held?.id })
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
      { language: 'pt' },
    )
    await openAccount({ email: clientEmail, password, name: 'Cliente Rui' }, CLIENT_SETUP, {
      language: 'pt',
    })
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
    printJson({ aurora: nameOf(made[0]), bianca: nameOf(made[1]), cora: nameOf(made[2]) })
    return 0
  })
}

/** The reviews of the database by id: status and featured (the team's page's e2e). */
export async function reviewStates(): Promise<number> {
  return withDatabase(async () => {
    const rows = await db()
      .select({ id: reviews.id, status: reviews.status, featured: reviews.featured })
      .from(reviews)
    printJson(Object.fromEntries(rows.map(({ id, ...rest }) => [id, rest])))
    return 0
  })
}
