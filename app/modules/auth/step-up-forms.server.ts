import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto'
import { and, desc, eq, gt, lt, notInArray, sql } from 'drizzle-orm'
import { localPath } from '#app/domain/paths.ts'
import {
  KEPT_FORM_MINUTES,
  KEPT_FORMS_PER_SESSION,
  keptFields,
  RESUMED_FORM_FIELD,
  type SentEntry,
} from '#app/domain/step-up.ts'
import { serverEnv } from '#app/platform/env.server.ts'
import { log } from '#app/platform/logger.server.ts'
import { db } from '#db/client.server.ts'
import { stepUpForms } from '#db/schema/auth.ts'
import type { KeptForm } from './security-answers.ts'

// Forms kept across a step-up (issue 30 point 7; ADR 0027). A sensitive form sent by a session
// whose last proof is stale is kept here, bound to that session, while its sender confirms who
// she is on /auth/confirm; the confirm page then sends it again to the page it came from. The
// fields may hold a CPF key or an amount: they rest encrypted (AES-256-GCM under a key drawn
// from AUTH_SECRET for this use alone), sealed to the form's id and session, so a row copied to
// another session does not open. A kept form is used once and lives ten minutes; ending the
// session removes it (the foreign key cascades).

let cachedKey: { secret: string; key: Buffer } | undefined

/** The key of kept forms, drawn from the site's secret. */
function formKey(): Buffer {
  const secret = serverEnv().authSecret
  if (cachedKey?.secret !== secret) {
    cachedKey = {
      secret,
      key: createHmac('sha256', secret).update('aprova step-up forms').digest(),
    }
  }
  return cachedKey.key
}

const sealedTo = (id: string, sessionId: string) => Buffer.from(`${id}\n${sessionId}`)

function seal(fields: [string, string][], id: string, sessionId: string): string {
  const iv = randomBytes(12)
  const cipher = createCipheriv('aes-256-gcm', formKey(), iv)
  cipher.setAAD(sealedTo(id, sessionId))
  const body = Buffer.concat([cipher.update(JSON.stringify(fields), 'utf8'), cipher.final()])
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url')
}

function unseal(sealed: string, id: string, sessionId: string): [string, string][] | undefined {
  try {
    const bytes = Buffer.from(sealed, 'base64url')
    const decipher = createDecipheriv('aes-256-gcm', formKey(), bytes.subarray(0, 12))
    decipher.setAAD(sealedTo(id, sessionId))
    decipher.setAuthTag(bytes.subarray(12, 28))
    const text = Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()])
    const fields: unknown = JSON.parse(text.toString('utf8'))
    if (!Array.isArray(fields)) return undefined
    return fields.filter(
      (pair): pair is [string, string] =>
        Array.isArray(pair) && typeof pair[0] === 'string' && typeof pair[1] === 'string',
    )
  } catch {
    // Another secret since (rotated), or not ours: as if it had expired.
    return undefined
  }
}

/** A form's entries in the shape of the rule of what is kept. */
const entriesOf = (form: FormData): SentEntry[] =>
  [...form.entries()].map(([name, value]) => [
    name,
    typeof value === 'string' ? value : { size: value.size, name: value.name },
  ])

/** Whether `value` can be a kept form's id (what `keepForm` makes). */
const isFormId = (value: string | null | undefined): value is string =>
  typeof value === 'string' && /^[A-Za-z0-9_-]{24}$/.test(value)

/**
 * Keeps `form`, sent by session `sessionId` to `path`, for its sender's proof; its id, or
 * undefined when the form is typed again instead (a file, a password, too long: keptFields).
 */
export async function keepForm(
  sessionId: string,
  path: string,
  form: FormData,
): Promise<string | undefined> {
  const fields = keptFields(entriesOf(form))
  const local = localPath(path)
  if (!fields || !local) return undefined
  const id = randomBytes(18).toString('base64url')
  await db().transaction(async (tx) => {
    // The session's latest few stay (a few tabs); the oldest and anyone's expired ones go.
    const latest = tx
      .select({ id: stepUpForms.id })
      .from(stepUpForms)
      .where(eq(stepUpForms.sessionId, sessionId))
      .orderBy(desc(stepUpForms.createdAt))
      .limit(KEPT_FORMS_PER_SESSION - 1)
    await tx
      .delete(stepUpForms)
      .where(and(eq(stepUpForms.sessionId, sessionId), notInArray(stepUpForms.id, latest)))
    await tx.delete(stepUpForms).where(lt(stepUpForms.expiresAt, sql`now()`))
    await tx.insert(stepUpForms).values({
      id,
      sessionId,
      path: local,
      fields: seal(fields, id, sessionId),
      expiresAt: sql`now() + make_interval(mins => ${KEPT_FORM_MINUTES})`,
    })
  })
  return id
}

/**
 * The kept form `id` of session `sessionId`, with the field that resumes it; undefined for one
 * of another session, expired, used or unknown.
 */
export async function keptForm(
  id: string | null | undefined,
  sessionId: string,
): Promise<KeptForm | undefined> {
  if (!isFormId(id)) return undefined
  const [row] = await db()
    .select({ path: stepUpForms.path, fields: stepUpForms.fields })
    .from(stepUpForms)
    .where(
      and(
        eq(stepUpForms.id, id),
        eq(stepUpForms.sessionId, sessionId),
        gt(stepUpForms.expiresAt, sql`now()`),
      ),
    )
  const path = localPath(row?.path)
  const fields = row && unseal(row.fields, id, sessionId)
  if (!path || !fields) return undefined
  return { path, fields: [...fields, [RESUMED_FORM_FIELD, id]] }
}

/**
 * Takes the kept form `id` of session `sessionId` for the one request that resumes it: true
 * once, false for a second time, another session's or an expired one.
 */
export async function claimKeptForm(id: string, sessionId: string): Promise<boolean> {
  if (!isFormId(id)) return false
  const claimed = await db()
    .delete(stepUpForms)
    .where(
      and(
        eq(stepUpForms.id, id),
        eq(stepUpForms.sessionId, sessionId),
        gt(stepUpForms.expiresAt, sql`now()`),
      ),
    )
    .returning({ id: stepUpForms.id })
  return claimed.length > 0
}

/** Drops the kept form `id` of session `sessionId` (its sender cancelled); nothing otherwise. */
export async function dropKeptForm(id: string | null | undefined, sessionId: string) {
  if (!isFormId(id)) return
  await db()
    .delete(stepUpForms)
    .where(and(eq(stepUpForms.id, id), eq(stepUpForms.sessionId, sessionId)))
    .catch((error: unknown) => log.warn('kept form not dropped', { error: String(error) }))
}
