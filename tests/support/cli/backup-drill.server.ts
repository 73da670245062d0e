import { randomBytes } from 'node:crypto'
import { eq } from 'drizzle-orm'
import sharp from 'sharp'
import { creditGift } from '#app/modules/payments/gift-credit.server.ts'
import { db } from '#db/client.server.ts'
import { user } from '#db/schema/auth.ts'
import { gifts } from '#db/schema/gifts.ts'
import { pixCharges, pixPayments } from '#db/schema/payments.ts'
import { profiles } from '#db/schema/profiles.ts'
import { reviews } from '#db/schema/reviews.ts'
import { approvePending, createPendingProvider } from './helpers.server.ts'
import {
  CLIENT_SETUP,
  confirmedAccount,
  printJson,
  recifeProvider,
  sendPhotoAndDocuments,
  withDatabase,
} from './storage.server.ts'

// The data of the restore drill (tests/e2e/backup.spec.ts, issue 32 point 1), on a stopped
// server's storage: a public provider with a photo (her documents decided and deleted), a second
// provider whose photo and identity documents wait in the queue (private files on disk), a
// client, his review of the first, a paid plan charge and a paid gift with its ledger rows.

const shape = (hue: number, width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: `hsl(${hue}, 50%, 45%)` } })
    .jpeg()
    .toBuffer()

/** Prints {username} of the public profile. */
export async function createDrillData(): Promise<number> {
  await createPendingProvider()
  await approvePending()
  return withDatabase(async () => {
    const [profile] = await db()
      .select({ id: profiles.id, username: profiles.username })
      .from(profiles)
      .innerJoin(user, eq(user.id, profiles.userId))
      .where(eq(user.email, 'estrela@example.com'))
    if (!profile) throw new Error('no public profile')

    const { accountId: waiting } = await recifeProvider(
      { email: 'lua@example.com', password: 'senha-forte-123', name: 'Lua Serena' },
      { age: 27, hourlyRate: 280, whatsapp: '+5581966665555' },
    )
    await sendPhotoAndDocuments(waiting, shape, 120)

    const client = await confirmedAccount(
      { email: 'cliente@example.com', password: 'senha-forte-123', name: 'Caio Prado' },
      CLIENT_SETUP,
    )
    await db().insert(reviews).values({
      profileId: profile.id,
      authorId: client,
      rating: 5,
      photosMatch: true,
      body: 'Muito pontual e simpática, o lugar era limpo e tranquilo. Recomendo a todos.',
      publishedAt: new Date(),
    })

    const [provider] = await db()
      .select({ id: user.id })
      .from(user)
      .where(eq(user.email, 'estrela@example.com'))
    const paidAt = new Date()
    const charge = (purpose: 'plan' | 'gift', userId: string, amountCents: number) => ({
      txid: randomBytes(16).toString('hex'),
      purpose,
      userId,
      profileId: profile.id,
      amountCents,
      status: 'paid' as const,
      brCode: '00020101021226',
      expiresAt: new Date(Date.now() + 3600_000),
      paidAt,
      ...(purpose === 'plan' ? { tier: 'prata' as const, days: 30 } : {}),
    })
    await db().transaction(async (tx) => {
      const [plan] = await tx
        .insert(pixCharges)
        .values(charge('plan', provider?.id ?? client, 4990))
        .returning({ id: pixCharges.id, txid: pixCharges.txid })
      if (!plan) throw new Error('no plan charge')
      await tx.insert(pixPayments).values({
        endToEndId: `E${randomBytes(15).toString('hex')}`,
        txid: plan.txid,
        chargeId: plan.id,
        amountCents: 4990,
        paidAt,
        outcome: 'credited',
      })
      const [gift] = await tx
        .insert(pixCharges)
        .values(charge('gift', client, 5000))
        .returning({ id: pixCharges.id, txid: pixCharges.txid })
      if (!gift) throw new Error('no gift charge')
      await tx.insert(gifts).values({
        clientId: client,
        profileId: profile.id,
        chargeId: gift.id,
        amountCents: 5000,
        message: 'Obrigado pela conversa de ontem!',
      })
      await tx.insert(pixPayments).values({
        endToEndId: `E${randomBytes(15).toString('hex')}`,
        txid: gift.txid,
        chargeId: gift.id,
        amountCents: 5000,
        paidAt,
        outcome: 'credited',
      })
      const credited = await creditGift(tx, { id: gift.id, amountCents: 5000 }, paidAt)
      if (typeof credited !== 'object') throw new Error(`gift not credited: ${credited}`)
    })
    printJson({ username: profile.username })
    return 0
  })
}
