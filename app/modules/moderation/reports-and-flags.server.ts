import { and, eq, isNull, sql } from 'drizzle-orm'
import type { FlagResolution, ReportResolution } from '#app/domain/moderation.ts'
import { REPORT_REVIEW_REASON } from '#app/domain/provider.ts'
import { discardPhotoRows } from '#app/modules/provider/photos.server.ts'
import { log } from '#app/platform/logger.server.ts'
import { db, type Transaction } from '#db/client.server.ts'
import { reports } from '#db/schema/moderation.ts'
import { images, photoFlags } from '#db/schema/profiles.ts'
import {
  type Actor,
  type AdminError,
  type AdminResult,
  audit,
  done,
  inTransaction,
  keepACover,
  type LockedProfile,
  lockProfile,
  profileLabel,
  Refusal,
  tellProvider,
} from './kernel.server.ts'
import { banInside, hideInside } from './sanctions.server.ts'

// Closing reports about a profile (issue 9) and duplicate-photo flags, with what was done.

type ReportInput = { resolution: ReportResolution; note: string }
type FlagInput = { resolution: FlagResolution; note: string }

/** What a closing leaves to do once its transaction has committed. */
interface Closed {
  profileId: string
  restored: boolean
  photoToDelete?: string
}

/**
 * The profiles a batch already hid or banned, as `profileId:resolution`: a second report about
 * the same profile is closed without acting on it again (a ban of a banned profile is refused).
 */
type Acted = Set<string>

/** Closes a report with what was done; 'hide_profile' and 'ban_profile' are carried out. */
export async function resolveReport(
  actor: Actor,
  reportId: string,
  input: ReportInput,
): Promise<AdminResult> {
  const result = await inTransaction((tx) => closeReport(tx, actor, reportId, input, new Set()))
  if (!result.ok) return result
  await afterClosing([result.value], input)
  return done(undefined)
}

async function closeReport(
  tx: Transaction,
  actor: Actor,
  reportId: string,
  input: ReportInput,
  acted: Acted,
): Promise<Closed> {
  const [report] = await tx
    .select({
      profileId: reports.profileId,
      resolvedAt: reports.resolvedAt,
      reason: reports.reason,
    })
    .from(reports)
    .where(eq(reports.id, reportId))
    .for('update')
  if (!report) throw new Refusal('notFound')
  const profile = await lockProfile(tx, report.profileId)
  if (report.resolvedAt) throw new Refused('alreadyResolved', profileLabel(profile))
  const profileId = report.profileId
  await closeWith(tx, actor, profile, input.resolution, input.note, acted)
  await tx
    .update(reports)
    .set({
      resolvedAt: sql`now()`,
      resolvedBy: actor.id,
      resolution: input.resolution,
      note: input.note,
    })
    .where(eq(reports.id, reportId))
  let restored = false
  if (input.resolution === 'no_action' || input.resolution === 'handled')
    restored = await showAfterReview(tx, actor, profile, input.note)
  await audit(tx, actor, {
    action: 'report_resolve',
    targetType: 'report',
    targetId: reportId,
    targetLabel: profileLabel(profile),
    reason: input.note,
    details: { resolution: input.resolution, reportReason: report.reason, profileId },
  })
  return { profileId, restored }
}

/**
 * A profile a 'minor suspected' report hid (issue 9) is public again once the team closes the
 * last open 'minor' report about it without hiding or banning it (a 'minor' report hides only
 * an active profile, so active is where it goes back to). True when it did.
 */
async function showAfterReview(
  tx: Transaction,
  actor: Actor,
  profile: LockedProfile,
  note: string,
): Promise<boolean> {
  if (profile.visibilityStatus !== 'hidden' || profile.hiddenReason !== REPORT_REVIEW_REASON)
    return false
  const [open] = await tx
    .select({ id: reports.id })
    .from(reports)
    .where(
      and(
        eq(reports.profileId, profile.id),
        eq(reports.reason, 'minor'),
        isNull(reports.resolvedAt),
      ),
    )
    .limit(1)
  if (open) return false
  await hideInside(tx, actor, profile, false, note)
  return profile.status === 'approved'
}

/** Carries out a closing action on the (locked) profile of a report or flag. */
async function closeWith(
  tx: Transaction,
  actor: Actor,
  profile: LockedProfile,
  resolution: ReportResolution | FlagResolution,
  note: string,
  acted: Acted,
): Promise<void> {
  const key = `${profile.id}:${resolution}`
  if (acted.has(key)) return
  acted.add(key)
  // A profile hidden pending a report's review becomes hidden by the team, with its reason.
  if (
    resolution === 'hide_profile' &&
    (profile.visibilityStatus !== 'hidden' || profile.hiddenReason === REPORT_REVIEW_REASON)
  )
    await hideInside(tx, actor, profile, true, note)
  if (resolution === 'ban_profile') await banInside(tx, actor, profile, note)
}

async function tellOfClosing(
  profileId: string,
  resolution: ReportResolution | FlagResolution,
  note: string,
): Promise<void> {
  if (resolution === 'hide_profile') await tellProvider(profileId, 'hidden', { reason: note })
  if (resolution === 'ban_profile') await tellProvider(profileId, 'banned', { reason: note })
}

/**
 * Closes a duplicate-photo flag: 'remove_photo' deletes the newer photo (the one flagged),
 * 'hide_profile' and 'ban_profile' act on its profile.
 */
export async function resolveFlag(
  actor: Actor,
  flagId: string,
  input: FlagInput,
): Promise<AdminResult> {
  const result = await inTransaction((tx) => closeFlag(tx, actor, flagId, input, new Set()))
  if (!result.ok) return result
  await afterClosing([result.value], input)
  return done(undefined)
}

async function closeFlag(
  tx: Transaction,
  actor: Actor,
  flagId: string,
  input: FlagInput,
  acted: Acted,
): Promise<Closed> {
  const [flag] = await tx
    .select({
      imageId: photoFlags.imageId,
      matchedImageId: photoFlags.matchedImageId,
      resolvedAt: photoFlags.resolvedAt,
      profileId: images.profileId,
    })
    .from(photoFlags)
    .innerJoin(images, eq(images.id, photoFlags.imageId))
    .where(eq(photoFlags.id, flagId))
    .for('update', { of: photoFlags })
  if (!flag) throw new Refusal('notFound')
  const profileId = flag.profileId
  const profile = await lockProfile(tx, flag.profileId)
  if (flag.resolvedAt) throw new Refused('alreadyResolved', profileLabel(profile))
  await closeWith(tx, actor, profile, input.resolution, input.note, acted)
  await tx
    .update(photoFlags)
    .set({
      resolvedAt: sql`now()`,
      resolvedBy: actor.id,
      resolution: input.resolution,
      note: input.note,
    })
    .where(eq(photoFlags.id, flagId))
  let photoToDelete: string | undefined
  if (input.resolution === 'remove_photo') {
    await tx
      .update(images)
      .set({ verificationType: 'deleting', isCover: false })
      .where(eq(images.id, flag.imageId))
    await keepACover(tx, flag.profileId)
    photoToDelete = flag.imageId
  }
  await audit(tx, actor, {
    action: 'flag_resolve',
    targetType: 'photo_flag',
    targetId: flagId,
    targetLabel: profileLabel(profile),
    reason: input.note,
    details: {
      resolution: input.resolution,
      imageId: flag.imageId,
      matchedImageId: flag.matchedImageId,
      profileId,
    },
  })
  return { profileId, restored: false, photoToDelete }
}

/** What follows a commit: flagged photos' files go, each provider is told once. */
async function afterClosing(closed: Closed[], input: ReportInput | FlagInput): Promise<void> {
  const photos = closed.flatMap((one) => (one.photoToDelete ? [one.photoToDelete] : []))
  if (photos.length > 0) {
    await discardPhotoRows(photos).catch((error: unknown) =>
      log.error('flagged photo not deleted yet, left to the sweep', { error: String(error) }),
    )
  }
  for (const profileId of new Set(closed.map((one) => one.profileId))) {
    await tellOfClosing(profileId, input.resolution, input.note)
  }
  for (const profileId of new Set(closed.filter((one) => one.restored).map((one) => one.profileId)))
    await tellProvider(profileId, 'restored')
}

/** A report or flag the batch could not close, and why. */
export interface RefusedItem {
  id: string
  error: AdminError
  /** The profile it is about, when it still exists. */
  label: string | null
}

/** A Refusal that knows which profile it was about. */
class Refused extends Refusal {
  constructor(
    reason: AdminError,
    readonly label: string,
  ) {
    super(reason)
  }
}

class BatchRefused extends Error {
  constructor(readonly items: RefusedItem[]) {
    super('batch refused')
  }
}

export type BatchResult = { ok: true; closed: number } | { ok: false; refused: RefusedItem[] }

/**
 * Closes several reports or flags with one decision and one note (issue 19 point 21): one
 * transaction, one audit entry each. All or nothing: when any of them cannot be closed (gone,
 * already closed, a state that changed), the transaction is rolled back and every one that could
 * not is named, so the team can decide again with a fresh page.
 */
async function closeBatch<Input extends ReportInput | FlagInput>(
  actor: Actor,
  ids: string[],
  input: Input,
  close: (tx: Transaction, actor: Actor, id: string, input: Input, acted: Acted) => Promise<Closed>,
): Promise<BatchResult> {
  // In one order for every admin (each item locks its row, then its profile), and again when
  // two admins' overlapping batches still met in a deadlock: PostgreSQL ends one of them.
  const ordered = [...new Set(ids)].sort()
  for (let attempt = 1; ; attempt++) {
    try {
      const result = await closeBatchOnce(actor, ordered, input, close)
      // Refusals are named in the order of the admin's page.
      if (!result.ok) result.refused.sort((a, b) => ids.indexOf(a.id) - ids.indexOf(b.id))
      return result
    } catch (error) {
      if (attempt >= 3 || !isDeadlock(error)) throw error
    }
  }
}

function isDeadlock(error: unknown): boolean {
  const code = (value: unknown) => (value as { code?: unknown } | null)?.code
  return code(error) === '40P01' || code((error as { cause?: unknown } | null)?.cause) === '40P01'
}

async function closeBatchOnce<Input extends ReportInput | FlagInput>(
  actor: Actor,
  ids: string[],
  input: Input,
  close: (tx: Transaction, actor: Actor, id: string, input: Input, acted: Acted) => Promise<Closed>,
): Promise<BatchResult> {
  try {
    const closed = await db().transaction(async (tx) => {
      const acted: Acted = new Set()
      const results: Closed[] = []
      const refused: RefusedItem[] = []
      for (const id of ids) {
        try {
          results.push(await close(tx, actor, id, input, acted))
        } catch (error) {
          if (!(error instanceof Refusal)) throw error
          refused.push({
            id,
            error: error.reason,
            label: error instanceof Refused ? error.label : null,
          })
        }
      }
      if (refused.length > 0) throw new BatchRefused(refused)
      return results
    })
    await afterClosing(closed, input)
    return { ok: true, closed: closed.length }
  } catch (error) {
    if (error instanceof BatchRefused) return { ok: false, refused: error.items }
    throw error
  }
}

/** Closes several reports with one decision and note, all or none. */
export function resolveReports(actor: Actor, ids: string[], input: ReportInput) {
  return closeBatch(actor, ids, input, closeReport)
}

/** Closes several duplicate-photo flags with one decision and note, all or none. */
export function resolveFlags(actor: Actor, ids: string[], input: FlagInput) {
  return closeBatch(actor, ids, input, closeFlag)
}
