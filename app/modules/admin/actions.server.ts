import { data } from 'react-router'
import type { z } from 'zod'
import { BRAZIL_TIME_ZONE } from '#app/domain/brazil-time.ts'
import type { Language } from '#app/domain/language.ts'
import { formatBrlCents } from '#app/domain/money.ts'
import { dictionary, format } from '#app/i18n/i18n.ts'
import type { Dictionary } from '#app/i18n/pt.ts'
import { requireRecentConfirmation, requireRole } from '#app/modules/auth/session.server.ts'
import { parseForm, typedStrings } from '#app/modules/forms/parse-form.server.ts'
import { requestLanguage } from '#app/modules/i18n/request-language.server.ts'
import { decideChanges, decideCheck } from '#app/modules/moderation/checks.server.ts'
import { type Actor, type AdminResult, done } from '#app/modules/moderation/kernel.server.ts'
import { setTier } from '#app/modules/moderation/plans.server.ts'
import {
  type BatchResult,
  resolveFlag,
  resolveFlags,
  resolveReport,
  resolveReports,
} from '#app/modules/moderation/reports-and-flags.server.ts'
import { releaseUsername, reserveUsername } from '#app/modules/moderation/reserved-names.server.ts'
import { decideReview } from '#app/modules/moderation/reviews.server.ts'
import {
  banProfile,
  liftSuspension,
  previewSuspension,
  setHidden,
  suspendProfile,
  waiveReturnFee,
} from '#app/modules/moderation/sanctions.server.ts'
import { grantAdmin, resetTwoFactor, revokeAdmin } from '#app/modules/moderation/team.server.ts'
import { freezeBalance, refundGift, releaseFreeze } from '#app/modules/payments/gift-team.server.ts'
import { refundPayment, retryRefund, setPlanPrice } from '#app/modules/payments/team.server.ts'
import type { AdminAnswer, AdminIntent } from './answer.ts'
import { ADMIN_FORMS, type AdminProblem, adminMessageValues, feeOverrideCents } from './forms.ts'

// The admin screens' form actions (issue 8): the role is checked first, then the form, then
// the action runs. The answer carries the message in the admin's language: a notice when it
// worked, or the field and the words of the first problem (409 when the state had changed).

type Texts = Dictionary['admin']

/** An admin form as read: its intent and its checked values. */
type AdminForm = {
  [K in AdminIntent]: { intent: K; values: z.output<(typeof ADMIN_FORMS)[K]> }
}[AdminIntent]

/**
 * The admin forms that need a recent proof of who is there (issue 23 point 2): identity
 * decisions, a ban, the team, and (issue 30 point 7) every one that moves money or sets what
 * something costs: a refund, a gift sent back, a balance frozen or released, a plan's price, a
 * return fee waived or set by a suspension, and a paid plan given.
 */
const STEP_UP_INTENTS: ReadonlySet<AdminIntent> = new Set([
  'approve-check',
  'reject-check',
  'ban',
  'grant-admin',
  'revoke-admin',
  'reset-two-factor',
  'refund-payment',
  'retry-refund',
  'gift-refund',
  'balance-freeze',
  'balance-release',
  'plan-price',
  'waive-fee',
  'suspend',
  'tier',
])

/** Runs the admin form in `request`, limited to `intents`; 400 for anything else. */
export async function adminAction(request: Request, intents: readonly AdminIntent[]) {
  const admin = await requireRole(request, 'admin')
  const actor: Actor = { id: admin.id, email: admin.email }
  const { intent, form, checked } = await parseForm<Record<string, z.ZodType>, AdminProblem>(
    request,
    Object.fromEntries(intents.map((one) => [one, ADMIN_FORMS[one]])),
  )
  const chosen = intent as AdminIntent
  // Issue 23 point 2: these ask who is there again when the last proof is over 10 minutes old.
  if (STEP_UP_INTENTS.has(chosen)) await requireRecentConfirmation(request, admin, { form })
  const { language } = requestLanguage(request)
  const t = dictionary(language).admin
  const values = typedStrings(form, (name) => name !== 'intent')
  if (!checked.ok) {
    const { field, message } = checked.error
    // An id that cannot be one: a page that does not exist.
    if (message === 'noSubject') throw new Response('Not found', { status: 404 })
    const answer: AdminAnswer = {
      intent: chosen,
      subject: values.subject?.replaceAll('\u0000', '').trim() || undefined,
      values,
      error: { field, message: format(t.errors[message], adminMessageValues(message, language)) },
    }
    return data(answer, { status: 400 })
  }
  const { result, notice, subject, refused, preview } = await perform(
    { intent: chosen, values: checked.value } as AdminForm,
    actor,
    t,
    language,
  )
  const answer: AdminAnswer = { intent: chosen, subject }
  if (result.ok) return data({ ...answer, notice, ...(preview ? { preview, values } : {}) })
  if (refused) {
    const message = format(t.reports.batchRefused, { count: refused.length })
    return data({ ...answer, values, error: { field: 'form', message }, refused }, { status: 409 })
  }
  const status = result.error === 'notFound' ? 404 : 409
  return data(
    {
      ...answer,
      values,
      // A plan's refund without the plan's choice: the message shows at the choice itself.
      error: {
        field: result.error === 'planChoice' ? 'plan' : 'form',
        message: format(t.errors[result.error], adminMessageValues(result.error, language)),
      },
    },
    { status },
  )
}

async function perform(
  form: AdminForm,
  actor: Actor,
  t: Texts,
  language: Language,
): Promise<{
  result: AdminResult<unknown>
  notice?: string
  subject?: string
  refused?: AdminAnswer['refused']
  preview?: AdminAnswer['preview']
}> {
  switch (form.intent) {
    case 'approve-check':
      return {
        result: await decideCheck(actor, form.values.submissionId, { approved: true }),
        notice: t.check.approved,
      }
    case 'reject-check': {
      const { submissionId, code, note } = form.values
      return {
        result: await decideCheck(actor, submissionId, { approved: false, code, note }),
        notice: t.check.rejected,
      }
    }
    case 'approve-changes':
    case 'reject-changes': {
      const approved = form.intent === 'approve-changes'
      const { profileId, note } = form.values
      return {
        result: await decideChanges(actor, profileId, { approved, note }),
        notice: approved ? t.profile.changesApproved : t.profile.changesRejected,
      }
    }
    case 'suspend': {
      const { profileId, days, feeReason, reason, preview } = form.values
      const fee = feeOverrideCents(form.values.fee)
      // Issue 33 point 5: the fee her plan gives (or the team's) is shown before it is done.
      if (preview) {
        return {
          result: done(undefined),
          preview: await previewSuspension(
            profileId,
            days,
            fee === null ? undefined : { feeCents: fee },
          ),
        }
      }
      const result = await suspendProfile(actor, profileId, {
        days,
        reason,
        ...(fee === null ? {} : { fee: { cents: fee, reason: feeReason } }),
      })
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
        result: await liftSuspension(actor, form.values.profileId, form.values.reason),
        notice: t.lift.done,
      }
    case 'ban': {
      const { profileId, reason } = form.values
      return { result: await banProfile(actor, profileId, reason), notice: t.ban.done }
    }
    case 'hide':
    case 'unhide': {
      const hidden = form.intent === 'hide'
      const { profileId, reason } = form.values
      return {
        result: await setHidden(actor, profileId, hidden, reason),
        notice: hidden ? t.hide.hidden : t.hide.shown,
      }
    }
    case 'tier': {
      const { profileId, tier, expiresAt, reason } = form.values
      return {
        result: await setTier(actor, profileId, { tier, expiresAt, reason }),
        notice: t.tier.done,
      }
    }
    case 'resolve-report': {
      const { subject: reportId, resolution, note } = form.values
      return {
        result: await resolveReport(actor, reportId, { resolution, note }),
        notice: t.reports.resolved,
        subject: reportId,
      }
    }
    case 'resolve-flag': {
      const { subject: flagId, resolution, note } = form.values
      return {
        result: await resolveFlag(actor, flagId, { resolution, note }),
        notice: t.reports.resolved,
        subject: flagId,
      }
    }
    case 'resolve-reports': {
      const { subjects, resolution, note } = form.values
      return batchAnswer(await resolveReports(actor, subjects, { resolution, note }), t)
    }
    case 'resolve-flags': {
      const { subjects, resolution, note } = form.values
      return batchAnswer(await resolveFlags(actor, subjects, { resolution, note }), t)
    }
    case 'reserve': {
      const { username, reason } = form.values
      return {
        result: await reserveUsername(actor, username, reason),
        notice: t.usernames.added,
      }
    }
    case 'release': {
      const { subject: username, reason } = form.values
      return {
        result: await releaseUsername(actor, username, reason),
        notice: t.usernames.removed,
        subject: username,
      }
    }
    case 'grant-admin': {
      const { email, reason } = form.values
      return {
        result: await grantAdmin(actor, email, reason),
        notice: t.team.added,
      }
    }
    case 'revoke-admin': {
      const { subject: userId, reason } = form.values
      return {
        result: await revokeAdmin(actor, userId, reason),
        notice: t.team.removed,
        subject: userId,
      }
    }
    case 'review-publish':
    case 'review-restore':
    case 'review-feature':
    case 'review-unfeature': {
      const kind = REVIEW_KINDS[form.intent]
      const reviewId = form.values.subject
      return {
        result: await decideReview(actor, reviewId, { kind }),
        notice: t.adminReviews.done[kind],
        subject: reviewId,
      }
    }
    case 'review-hide':
    case 'review-remove': {
      const kind = form.intent === 'review-hide' ? 'hide' : 'remove'
      const { subject: reviewId, reason, note } = form.values
      return {
        result: await decideReview(actor, reviewId, { kind, reason, note }),
        notice: t.adminReviews.done[kind],
        subject: reviewId,
      }
    }
    case 'review-close-report': {
      const { subject: reviewId, note } = form.values
      return {
        result: await decideReview(actor, reviewId, { kind: 'close-report', note }),
        notice: t.adminReviews.done['close-report'],
        subject: reviewId,
      }
    }
    case 'plan-price': {
      const { subject: tier, price, reason } = form.values
      return {
        result: await setPlanPrice(actor, tier, price, reason),
        notice: format(t.plans.done, {
          tier: dictionary(language).tiers[tier],
          price: formatBrlCents(price, language),
        }),
        subject: tier,
      }
    }
    case 'refund-payment': {
      const { subject: endToEndId, note, plan } = form.values
      return {
        result: await refundPayment(actor, endToEndId, note, plan),
        notice: t.payments.refundDone,
        subject: endToEndId,
      }
    }
    case 'retry-refund': {
      const { subject: endToEndId } = form.values
      return {
        result: await retryRefund(actor, endToEndId),
        notice: t.payments.retryDone,
        subject: endToEndId,
      }
    }
    case 'reset-two-factor': {
      const { profileId, reason } = form.values
      return {
        result: await resetTwoFactor(actor, profileId, reason),
        notice: t.resetTwoFactor.done,
      }
    }
    case 'waive-fee': {
      const { profileId, reason } = form.values
      return { result: await waiveReturnFee(actor, profileId, reason), notice: t.waive.done }
    }
    case 'gift-refund': {
      const { subject: giftId, note } = form.values
      return {
        result: await refundGift(actor, giftId, note),
        notice: t.gifts.refundDone,
        subject: giftId,
      }
    }
    case 'balance-freeze': {
      const { subject: profileId, reason } = form.values
      return {
        result: await freezeBalance(actor, profileId, reason),
        notice: t.gifts.freezeDone,
        subject: profileId,
      }
    }
    case 'balance-release': {
      const { subject: freezeId, reason } = form.values
      return {
        result: await releaseFreeze(actor, freezeId, reason),
        notice: t.gifts.releaseDone,
        subject: freezeId,
      }
    }
  }
}

const REVIEW_KINDS = {
  'review-publish': 'publish',
  'review-restore': 'restore',
  'review-feature': 'feature',
  'review-unfeature': 'unfeature',
} as const

/** A bulk decision's answer: how many were closed, or each one that could not be. */
function batchAnswer(batch: BatchResult, t: Texts) {
  if (batch.ok) {
    return {
      result: { ok: true, value: undefined } as const,
      notice: format(t.reports.batchResolved, { count: batch.closed }),
    }
  }
  return {
    result: { ok: false, error: 'wrongState' } as const,
    refused: batch.refused.map((item) => ({
      label: item.label ?? t.reports.gone,
      message: t.errors[item.error],
    })),
  }
}
