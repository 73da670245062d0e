import type { Language } from '#app/domain/language.ts'
import { REFUND_REASONS, type RefundReason } from '#app/domain/plans.ts'
import { dictionary, format } from '#app/i18n/i18n.ts'
import type { EmailMessage } from './mailer.server.ts'

// The account e-mails, in the recipient's language, as HTML and plain text with the same words.

/** verify: confirm a new account; reset: a password-reset link; existing: someone tried to sign up
 * again with this address (the SPEC's 'already registered' message goes to the owner only);
 * renew: a provider's identity check lapses in 15 days; change: confirm a new address;
 * blocked: an advertiser sign-up with the address of a banned provider (no account made);
 * changeNotice: to the old address, a change of address was asked for, with the link that
 * secures the account (values: newEmail, days); newDevice: a sign-in from a device the account
 * had not used (values: device, place, date).
 * Issue 30: failedSignIns: a burst of wrong passwords for the account (values: count, minutes);
 * secured: to the new address, the old one used the notice's link (values: days, support);
 * resetHeld: a reset asked for an address brought back by that link without the account's proof
 * (values: days, support); changeNoticeHeld: the notice to such an address, which can no longer
 * undo the change (values: newEmail, days, support).
 * Issue 33 point 11, the owner told of a change to how the account is protected (values: date,
 * device, place; support for twoFactorOn, left for backupCodeUsed): twoFactorOn, twoFactorOff,
 * backupCodeUsed, backupCodesRenewed, passwordChanged (signed in), passwordReset (by a link). */
export type AccountEmail =
  | 'verify'
  | 'change'
  | 'reset'
  | 'existing'
  | 'renew'
  | 'blocked'
  | 'changeNotice'
  | 'newDevice'
  | 'failedSignIns'
  | 'secured'
  | 'resetHeld'
  | 'changeNoticeHeld'
  | SecurityNotice

/** The notices of issue 33 point 11 (security-notices.server.ts): never a secret in them. */
export const SECURITY_NOTICES = [
  'twoFactorOn',
  'twoFactorOff',
  'backupCodeUsed',
  'backupCodesRenewed',
  'passwordChanged',
  'passwordReset',
] as const
export type SecurityNotice = (typeof SECURITY_NOTICES)[number]

/**
 * Kinds sent to an address nobody has proven yet (issue 30 point 9): whoever typed the address
 * chose the account's name too, so these greet no name (an attacker's 'name' would otherwise
 * reach anyone's inbox from our domain).
 */
const TO_UNPROVEN_ADDRESS: ReadonlySet<AccountEmail> = new Set(['verify', 'change', 'blocked'])

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)

/** An account e-mail; `name` is greeted unless absent or the kind goes to an unproven address. */
export function accountEmail(
  kind: AccountEmail,
  language: Language,
  { to, name, url }: { to: string; name?: string; url: string },
  values: Record<string, string | number> = {},
): EmailMessage {
  const { email: t, formErrors } = dictionary(language)
  const texts: Record<AccountEmail, [subject: string, body: string, action: string]> = {
    verify: [t.verifySubject, t.verifyText, t.verifyAction],
    reset: [t.resetSubject, t.resetText, t.resetAction],
    renew: [t.renewSubject, t.renewText, t.renewAction],
    change: [t.changeSubject, t.changeText, t.changeAction],
    blocked: [t.blockedSubject, t.blockedText, t.blockedAction],
    changeNotice: [t.changeNoticeSubject, t.changeNoticeText, t.changeNoticeAction],
    newDevice: [t.newDeviceSubject, t.newDeviceText, t.newDeviceAction],
    failedSignIns: [t.failedSignInsSubject, t.failedSignInsText, t.failedSignInsAction],
    secured: [t.securedSubject, t.securedText, t.securedAction],
    resetHeld: [t.resetSubject, t.resetHeldText, t.securedAction],
    changeNoticeHeld: [t.changeNoticeSubject, t.changeNoticeHeldText, t.changeNoticeHeldAction],
    twoFactorOn: [t.twoFactorOnSubject, t.twoFactorOnText, t.securityPageAction],
    twoFactorOff: [t.twoFactorOffSubject, t.twoFactorOffText, t.securityPageAction],
    backupCodeUsed: [t.backupCodeUsedSubject, t.backupCodeUsedText, t.securityPageAction],
    backupCodesRenewed: [
      t.backupCodesRenewedSubject,
      t.backupCodesRenewedText,
      t.securityPageAction,
    ],
    passwordChanged: [t.passwordChangedSubject, t.passwordChangedText, t.newPasswordAction],
    passwordReset: [t.passwordResetSubject, t.passwordResetText, t.newPasswordAction],
    existing: [
      t.existingSubject,
      `${formErrors.emailAlreadyRegistered}. ${formErrors.emailAlreadyExists} ${t.existingText}`,
      t.existingAction,
    ],
  }
  const [subject, body, action] = texts[kind]
  return renderEmail(language, {
    to,
    name: TO_UNPROVEN_ADDRESS.has(kind) ? undefined : name,
    subject,
    paragraphs: [format(body, values)],
    action,
    url,
  })
}

/** The team's decisions a provider is told of by e-mail (issue 8), in her language. */
export type DecisionEmail =
  | 'approved'
  | 'rejected'
  | 'changesApproved'
  | 'changesRejected'
  | 'suspended'
  | 'banned'
  | 'hidden'
  | 'reportHidden'
  | 'restored'

export function decisionEmail(
  kind: DecisionEmail,
  language: Language,
  message: {
    to: string
    name: string
    url: string
    reason?: string | null
    /** Values for the text's {placeholders} (a suspension's date, days and fee). */
    values?: Record<string, string | number>
  },
): EmailMessage {
  const { email: t } = dictionary(language)
  const texts: Record<DecisionEmail, [subject: string, body: string, action: string]> = {
    approved: [t.approvedSubject, t.approvedText, t.approvedAction],
    rejected: [t.rejectedSubject, t.rejectedText, t.rejectedAction],
    changesApproved: [t.changesApprovedSubject, t.changesApprovedText, t.dashboardAction],
    changesRejected: [t.changesRejectedSubject, t.changesRejectedText, t.dashboardAction],
    suspended: [t.suspendedSubject, t.suspendedText, t.dashboardAction],
    banned: [t.bannedSubject, t.bannedText, t.dashboardAction],
    hidden: [t.hiddenSubject, t.hiddenText, t.dashboardAction],
    reportHidden: [t.hiddenSubject, t.reportHiddenText, t.dashboardAction],
    restored: [t.restoredSubject, t.restoredText, t.dashboardAction],
  }
  const [subject, body, action] = texts[kind]
  const paragraphs = [format(body, message.values ?? {})]
  if (message.reason) paragraphs.push(format(t.decisionReason, { reason: message.reason }))
  return renderEmail(language, { ...message, subject, paragraphs, action })
}

/** To every admin: a 'minor suspected' report, to be reviewed first; it may have hid the profile. */
export function teamAlertEmail(
  language: Language,
  message: { to: string; name: string; url: string; profile: string; hidden: boolean },
): EmailMessage {
  const { email: t } = dictionary(language)
  return renderEmail(language, {
    ...message,
    subject: t.minorReportSubject,
    paragraphs: [
      format(message.hidden ? t.minorReportText : t.minorReportNotHiddenText, {
        profile: message.profile,
      }),
    ],
    action: t.minorReportAction,
  })
}

/** A provider is told of a new published review of her profile (issue 20 point 3). */
export function newReviewEmail(
  language: Language,
  message: { to: string; name: string; url: string; rating: number },
): EmailMessage {
  const { email: t } = dictionary(language)
  return renderEmail(language, {
    ...message,
    subject: t.newReviewSubject,
    paragraphs: [format(t.newReviewText, { rating: String(message.rating) })],
    action: t.newReviewAction,
  })
}

/**
 * Payments (issue 21), in the provider's language: the receipt of a plan or of a return fee, the
 * reminder that a plan ends in 3 days, and the notice that a Pix was sent back (values: amount,
 * tier, date, paidAt, txid; a refund's `why` (its RefundReason), the team's `reason`, and `plan`
 * (taken, free, kept) with planTier and planDate). A receipt names the seller (values: seller,
 * taxId; issue 33 point 10) and its link is the receipt's printable page.
 */
export type PaymentEmail = 'planReceipt' | 'returnFeeReceipt' | 'planReminder' | 'refunded'

export function paymentEmail(
  kind: PaymentEmail,
  language: Language,
  message: { to: string; name: string; url: string; values: Record<string, string> },
): EmailMessage {
  const { email: t } = dictionary(language)
  const { values } = message
  // A refund says why it was made (issue 33 point 1): the team's words, or the automatic reason.
  const why = (REFUND_REASONS as readonly string[]).includes(values.why ?? '')
    ? (values.why as RefundReason)
    : 'unknown_charge'
  const texts: Record<PaymentEmail, [subject: string, body: string, action: string]> = {
    planReceipt: [t.planReceiptSubject, t.planReceiptText, t.receiptAction],
    returnFeeReceipt: [t.returnFeeReceiptSubject, t.returnFeeReceiptText, t.receiptAction],
    planReminder: [t.planReminderSubject, t.planReminderText, t.planRenewAction],
    refunded: [t.refundedSubject, t.refundedTexts[why], t.planAction],
  }
  const [subject, body, action] = texts[kind]
  const paragraphs = [format(body, values)]
  // What the team's refund did to her plan: its new end, free again, or kept.
  const plan = values.plan as keyof typeof t.refundedPlan | undefined
  if (kind === 'refunded' && plan && plan in t.refundedPlan) {
    paragraphs.push(format(t.refundedPlan[plan], values))
  }
  if (kind !== 'planReminder') paragraphs.push(format(t.receiptReference, message.values))
  if (kind === 'planReceipt' || kind === 'returnFeeReceipt') {
    paragraphs.push(format(t.receiptSeller, message.values))
  }
  return renderEmail(language, {
    ...message,
    subject: format(subject, message.values),
    paragraphs,
    action,
  })
}

/**
 * Gifts (issue 22): the provider is told of a gift paid (values: client, amount, date, and the
 * message when there is one); the client gets its receipt (values: profile, amount, paidAt, txid,
 * and the seller and its taxId: issue 33 point 10), and a notice when the team sends it back.
 */
export type GiftEmail = 'giftReceived' | 'giftReceipt' | 'giftRefunded'

export function giftEmail(
  kind: GiftEmail,
  language: Language,
  message: { to: string; name: string; url: string; values: Record<string, string> },
): EmailMessage {
  const { email: t } = dictionary(language)
  const { values } = message
  const texts: Record<GiftEmail, [subject: string, body: string, action: string]> = {
    giftReceived: [t.giftReceivedSubject, t.giftReceivedText, t.giftReceivedAction],
    giftReceipt: [t.giftReceiptSubject, t.giftReceiptText, t.receiptAction],
    giftRefunded: [t.giftRefundedSubject, t.giftRefundedText, t.giftReceiptAction],
  }
  const [subject, body, action] = texts[kind]
  const paragraphs =
    kind === 'giftReceived'
      ? [format(body, values), ...(values.message ? [format(t.giftMessage, values)] : [])]
      : [
          format(body, values),
          format(t.receiptReference, values),
          ...(kind === 'giftReceipt' ? [format(t.receiptSeller, values)] : []),
        ]
  return renderEmail(language, {
    ...message,
    subject: format(subject, values),
    paragraphs,
    action,
  })
}

/**
 * Withdrawals (issue 22): the provider is told that a payout was paid, or that it failed and
 * the amount is back in her balance (values: amount, fee, net, key, date, and the institution's
 * reason when it gave one).
 */
export type PayoutEmail = 'payoutPaid' | 'payoutFailed'

export function payoutEmail(
  kind: PayoutEmail,
  language: Language,
  message: { to: string; name: string; url: string; values: Record<string, string> },
): EmailMessage {
  const { email: t } = dictionary(language)
  const { values } = message
  const paragraphs =
    kind === 'payoutPaid'
      ? [format(t.payoutPaidText, values)]
      : [
          format(t.payoutFailedText, values),
          ...(values.reason ? [format(t.payoutFailureReason, values)] : []),
        ]
  return renderEmail(language, {
    ...message,
    subject: format(kind === 'payoutPaid' ? t.payoutPaidSubject : t.payoutFailedSubject, values),
    paragraphs,
    action: t.payoutAction,
  })
}

/** One message as plain text and HTML with the same words. */
function renderEmail(
  language: Language,
  {
    to,
    name,
    subject,
    paragraphs,
    action,
    url,
  }: {
    to: string
    /** Absent or empty: a greeting without a name. */
    name?: string
    subject: string
    paragraphs: string[]
    action: string
    url: string
  },
): EmailMessage {
  const { email: t } = dictionary(language)
  const greeting = name ? format(t.greeting, { name }) : t.greetingNoName
  const text = [
    greeting,
    '',
    ...paragraphs.flatMap((one) => [one, '']),
    `${action}: ${url}`,
    '',
    t.footer,
    '',
  ].join('\n')
  const html = `<!doctype html><html lang="${language === 'pt' ? 'pt-BR' : 'en'}"><body style="margin:0;padding:24px;background:#fafaf9;font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;color:#1c1917">
<div style="max-width:480px;margin:0 auto;background:#ffffff;border-radius:12px;padding:24px">
<p style="font-size:20px;font-weight:700;color:#9f1239;margin:0 0 16px">Aprova</p>
<p style="margin:0 0 12px">${escapeHtml(greeting)}</p>
${paragraphs.map((one) => `<p style="margin:0 0 20px;line-height:1.5">${escapeHtml(one)}</p>`).join('\n')}
<p style="margin:0 0 20px"><a href="${escapeHtml(url)}" style="display:inline-block;background:#9f1239;color:#ffffff;text-decoration:none;font-weight:600;padding:12px 20px;border-radius:6px">${escapeHtml(action)}</a></p>
<p style="margin:0 0 4px;font-size:13px;color:#57534e">${escapeHtml(t.linkHint)}</p>
<p style="margin:0 0 20px;font-size:13px;word-break:break-all"><a href="${escapeHtml(url)}" style="color:#9f1239">${escapeHtml(url)}</a></p>
<p style="margin:0;font-size:12px;color:#78716c">${escapeHtml(t.footer)}</p>
</div></body></html>`
  return { to, subject, text, html }
}
