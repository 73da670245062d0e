import { data } from 'react-router'
import { isEmailAddress } from '#app/domain/account.ts'
import { BRAZIL_TIME_ZONE } from '#app/domain/brazil-time.ts'
import type { Language } from '#app/domain/language.ts'
import { MEMBERSHIP_TIERS, type MembershipTier } from '#app/domain/membership.ts'
import {
  FLAG_RESOLUTIONS,
  MAX_DAILY_VALUE,
  REASON_LENGTH,
  REJECTION_REASONS,
  REPORT_RESOLUTIONS,
  SUSPENSION_DAYS,
} from '#app/domain/moderation.ts'
import { formatBrlCents, parseReais } from '#app/domain/money.ts'
import { isUsername } from '#app/domain/username.ts'
import { isUuid } from '#app/domain/uuid.ts'
import { dictionary, format } from '#app/i18n/i18n.ts'
import type { Dictionary } from '#app/i18n/pt.ts'
import { requireRole } from '#app/modules/auth/session.server.ts'
import { requestLanguage } from '#app/modules/i18n/request-language.server.ts'
import {
  type Actor,
  type AdminResult,
  banProfile,
  decideChanges,
  decideCheck,
  grantAdmin,
  liftSuspension,
  releaseUsername,
  reserveUsername,
  resolveFlag,
  resolveReport,
  revokeAdmin,
  setHidden,
  setTier,
  suspendProfile,
} from './moderation.server.ts'

// The admin screens' form actions (issue 8): the role is checked first, then the form, then
// the action runs. The answer carries the message in the admin's language: a notice when it
// worked, or the field and the words of the first problem (409 when the state had changed).

export const ADMIN_INTENTS = [
  'approve-check',
  'reject-check',
  'approve-changes',
  'reject-changes',
  'suspend',
  'lift',
  'ban',
  'hide',
  'unhide',
  'tier',
  'resolve-report',
  'resolve-flag',
  'reserve',
  'release',
  'grant-admin',
  'revoke-admin',
] as const
export type AdminIntent = (typeof ADMIN_INTENTS)[number]

/** What an admin form gets back. */
export interface AdminAnswer {
  intent: AdminIntent
  /** The id of the row the form was about (a report, a flag…), so only its form shows this. */
  subject?: string
  notice?: string
  error?: { field: string; message: string }
  values?: Record<string, string>
}

type Texts = Dictionary['admin']

class FormProblem extends Error {
  constructor(
    readonly field: string,
    readonly text: string,
  ) {
    super(text)
  }
}

/** Runs the admin form in `request`, limited to `intents`; 400 for anything else. */
export async function adminAction(request: Request, intents: readonly AdminIntent[]) {
  const admin = await requireRole(request, 'admin')
  const actor: Actor = { id: admin.id, email: admin.email }
  const form = await request.formData().catch(() => undefined)
  const intent = form?.get('intent')
  const chosen = intents.find((one) => one === intent)
  if (!form || !chosen) throw new Response('Bad request', { status: 400 })
  const { language } = requestLanguage(request)
  const t = dictionary(language).admin
  const field = (name: string) => {
    const value = form.get(name)
    // NUL cannot be stored in PostgreSQL text: dropped like any stray blank.
    return typeof value === 'string' ? value.replaceAll('\u0000', '').trim() : ''
  }
  const values = Object.fromEntries(
    [...form.entries()].flatMap(([name, value]) =>
      typeof value === 'string' && name !== 'intent' ? [[name, value]] : [],
    ),
  )
  try {
    const { result, notice, subject } = await perform(chosen, actor, field, t, language)
    const answer: AdminAnswer = { intent: chosen, subject }
    if (result.ok) return data({ ...answer, notice })
    const status = result.error === 'notFound' ? 404 : 409
    return data(
      { ...answer, values, error: { field: 'form', message: t.errors[result.error] } },
      { status },
    )
  } catch (error) {
    if (!(error instanceof FormProblem)) throw error
    const answer: AdminAnswer = {
      intent: chosen,
      subject: field('subject') || undefined,
      values,
      error: { field: error.field, message: error.text },
    }
    return data(answer, { status: 400 })
  }
}

type Field = (name: string) => string

function reasonOf(field: Field, t: Texts, name = 'reason'): string {
  const reason = field(name)
  if (reason.length < REASON_LENGTH.min || reason.length > REASON_LENGTH.max)
    throw new FormProblem(name, format(t.errors.reason, REASON_LENGTH))
  return reason
}

function optionalNote(field: Field, t: Texts): string {
  const note = field('note')
  if (note.length > REASON_LENGTH.max)
    throw new FormProblem('note', format(t.errors.reason, REASON_LENGTH))
  return note
}

/** An id field that must be a UUID; anything else is a page that does not exist. */
function idOf(field: Field, name: string): string {
  const id = field(name)
  if (!isUuid(id)) throw new Response('Not found', { status: 404 })
  return id
}

function choiceOf<T extends string>(field: Field, t: Texts, name: string, list: readonly T[]): T {
  const value = field(name)
  const chosen = list.find((one) => one === value)
  if (!chosen) throw new FormProblem(name, t.errors.choice)
  return chosen
}

/** A date typed in a date field, as the end of that day in Brazil. */
export function endOfBrazilDay(text: string): Date | null {
  // Years 2000 to 2999: a date field can send 9999-12-31, which PostgreSQL cannot store in UTC.
  if (!/^2\d{3}-\d{2}-\d{2}$/.test(text)) return null
  // Brazil keeps UTC−3 all year since 2019; checked against the zone's own name.
  const end = new Date(`${text}T23:59:59.999-03:00`)
  if (Number.isNaN(end.getTime())) return null
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: BRAZIL_TIME_ZONE }).format(end)
  return day === text ? end : null
}

async function perform(
  intent: AdminIntent,
  actor: Actor,
  field: Field,
  t: Texts,
  language: Language,
): Promise<{ result: AdminResult<unknown>; notice?: string; subject?: string }> {
  switch (intent) {
    case 'approve-check':
      return {
        result: await decideCheck(actor, idOf(field, 'submissionId'), { approved: true }),
        notice: t.check.approved,
      }
    case 'reject-check': {
      const submissionId = idOf(field, 'submissionId')
      const code = choiceOf(field, t, 'code', REJECTION_REASONS)
      const note = optionalNote(field, t)
      if (code === 'other' && note.length < REASON_LENGTH.min)
        throw new FormProblem('note', t.errors.rejectNote)
      return {
        result: await decideCheck(actor, submissionId, { approved: false, code, note }),
        notice: t.check.rejected,
      }
    }
    case 'approve-changes':
    case 'reject-changes': {
      const approved = intent === 'approve-changes'
      const profileId = idOf(field, 'profileId')
      const note = approved ? optionalNote(field, t) : reasonOf(field, t, 'note')
      return {
        result: await decideChanges(actor, profileId, { approved, note }),
        notice: approved ? t.profile.changesApproved : t.profile.changesRejected,
      }
    }
    case 'suspend': {
      const profileId = idOf(field, 'profileId')
      const days = Number(field('days'))
      if (!Number.isInteger(days) || days < SUSPENSION_DAYS.min || days > SUSPENSION_DAYS.max)
        throw new FormProblem('days', format(t.errors.days, SUSPENSION_DAYS))
      const dailyValueCents = parseReais(field('dailyValue'))
      if (dailyValueCents === null || dailyValueCents > MAX_DAILY_VALUE * 100)
        throw new FormProblem('dailyValue', format(t.errors.dailyValue, { max: MAX_DAILY_VALUE }))
      const reason = reasonOf(field, t)
      const result = await suspendProfile(actor, profileId, { days, dailyValueCents, reason })
      if (!result.ok) return { result }
      if (result.value.banned) return { result, notice: t.suspend.autoBanned }
      return {
        result,
        notice: format(t.suspend.done, {
          date: new Intl.DateTimeFormat(language === 'pt' ? 'pt-BR' : 'en', {
            dateStyle: 'long',
            timeZone: BRAZIL_TIME_ZONE,
          }).format(new Date(Date.now() + days * 86_400_000)),
          fee: formatBrlCents(result.value.feeCents, language),
        }),
      }
    }
    case 'lift':
      return {
        result: await liftSuspension(actor, idOf(field, 'profileId'), reasonOf(field, t)),
        notice: t.lift.done,
      }
    case 'ban': {
      const profileId = idOf(field, 'profileId')
      const reason = reasonOf(field, t)
      if (field('confirm') !== 'on') throw new FormProblem('confirm', t.errors.banConfirm)
      return { result: await banProfile(actor, profileId, reason), notice: t.ban.done }
    }
    case 'hide':
    case 'unhide': {
      const hidden = intent === 'hide'
      return {
        result: await setHidden(actor, idOf(field, 'profileId'), hidden, reasonOf(field, t)),
        notice: hidden ? t.hide.hidden : t.hide.shown,
      }
    }
    case 'tier': {
      const profileId = idOf(field, 'profileId')
      const tier = choiceOf<MembershipTier>(field, t, 'tier', MEMBERSHIP_TIERS)
      let expiresAt: Date | null = null
      if (tier !== 'free') {
        expiresAt = endOfBrazilDay(field('expires'))
        if (!expiresAt || expiresAt <= new Date())
          throw new FormProblem('expires', t.errors.tierExpiry)
      }
      const reason = reasonOf(field, t)
      return {
        result: await setTier(actor, profileId, { tier, expiresAt, reason }),
        notice: t.tier.done,
      }
    }
    case 'resolve-report': {
      const reportId = idOf(field, 'subject')
      const resolution = choiceOf(field, t, 'resolution', REPORT_RESOLUTIONS)
      const note = reasonOf(field, t, 'note')
      return {
        result: await resolveReport(actor, reportId, { resolution, note }),
        notice: t.reports.resolved,
        subject: reportId,
      }
    }
    case 'resolve-flag': {
      const flagId = idOf(field, 'subject')
      const resolution = choiceOf(field, t, 'resolution', FLAG_RESOLUTIONS)
      const note = reasonOf(field, t, 'note')
      return {
        result: await resolveFlag(actor, flagId, { resolution, note }),
        notice: t.reports.resolved,
        subject: flagId,
      }
    }
    case 'reserve': {
      const username = field('username').toLowerCase()
      if (!isUsername(username)) throw new FormProblem('username', t.errors.username)
      return {
        result: await reserveUsername(actor, username, reasonOf(field, t)),
        notice: t.usernames.added,
      }
    }
    case 'release': {
      const username = field('subject')
      if (!isUsername(username)) throw new Response('Not found', { status: 404 })
      return {
        result: await releaseUsername(actor, username, reasonOf(field, t)),
        notice: t.usernames.removed,
        subject: username,
      }
    }
    case 'grant-admin': {
      const email = field('email').toLowerCase()
      if (!isEmailAddress(email)) throw new FormProblem('email', t.errors.email)
      return {
        result: await grantAdmin(actor, email, reasonOf(field, t)),
        notice: t.team.added,
      }
    }
    case 'revoke-admin': {
      const userId = field('subject')
      if (!userId || userId.length > 100) throw new Response('Not found', { status: 404 })
      return {
        result: await revokeAdmin(actor, userId, reasonOf(field, t)),
        notice: t.team.removed,
        subject: userId,
      }
    }
  }
}
