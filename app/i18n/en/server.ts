import type { Strings } from '#app/i18n/pt/server.ts'

// English strings of the server area: the same keys as pt/server.ts, checked by the type.
export const strings: Strings = {
  email: {
    blockedSubject: 'Advertiser registration on Aprova',
    blockedText:
      "We received an advertiser registration with this address, but it can't be used to advertise on Aprova, under the terms of use. No account was created.",
    blockedAction: 'Read the terms of use',
    greeting: 'Hello, {name}!',
    greetingNoName: 'Hello,',
    footer:
      'You received this message because this address was used on Aprova. If it was not you, ignore this e-mail.',
    verifySubject: 'Confirm your e-mail on Aprova',
    verifyText:
      'To activate your account, confirm your e-mail address with the link below (valid for 24 hours). If you did not sign up, ignore this e-mail: the account is deleted in 7 days.',
    verifyAction: 'Confirm e-mail',
    resetSubject: 'Password reset on Aprova',
    resetText:
      'We received a request to reset your account password. The link is valid for 1 hour and can be used once.',
    resetAction: 'Choose a new password',
    linkHint: 'If the button does not work, copy and paste this address into your browser:',
    renewSubject: 'Your Aprova identity check lapses soon',
    renewText:
      'An identity check is valid for 6 months and yours lapses in 15 days. Send new documents from your dashboard to keep your profile online.',
    renewAction: 'Send documents',
    changeSubject: 'Confirm your new e-mail on Aprova',
    changeText:
      'To use this address for your Aprova account, confirm it with the link below. Until then the old address still counts.',
    changeAction: 'Confirm new e-mail',
    changeNoticeSubject: 'Your Aprova account e-mail is about to change',
    changeNoticeText:
      'We received a request to change your Aprova account e-mail to {newEmail}. If it was you, there is nothing to do. If it was not, secure your account with the link below: it cancels the change, ends every open session and keeps the account on this address; to choose a new password you will be asked for the current one or a code from your authenticator app. The link is valid for {days} days and can be used once.',
    changeNoticeAction: 'Secure my account',
    newDeviceSubject: 'New sign-in to your Aprova account',
    newDeviceText:
      'Your Aprova account was signed in to from a new device: {device}, {place}, on {date} (Brasília time). If it was you, there is nothing to do. If not, change your password and end the sessions you do not recognise on the account security page.',
    newDeviceAction: 'See the signed-in devices',
    newDevicePlaceUnknown: 'unknown place',
    failedSignInsSubject: 'Attempts to sign in to your Aprova account',
    failedSignInsText:
      'In the last {minutes} minutes, someone typed a wrong password for your Aprova account {count} times. Whoever keeps failing must wait longer each time and is then blocked; you can still sign in as usual. If it was not you, use a long password you use nowhere else and turn on two-step verification on the account security page.',
    failedSignInsAction: 'Open the security page',
    twoFactorOnSubject: 'Two-step verification turned on for your Aprova account',
    twoFactorOnText:
      'Two-step verification was turned on for your Aprova account on {date} (Brasília time), from {device}, {place}. From now on, signing in also asks for a code from the authenticator app or a backup code. If it was you, there is nothing to do. If it was not, someone knows your password and put their own device on your account: write to {support} at once and change your password.',
    twoFactorOffSubject: 'Two-step verification turned off for your Aprova account',
    twoFactorOffText:
      'Two-step verification was turned off for your Aprova account on {date} (Brasília time), from {device}, {place}. Only the password protects your account now. If it was you, there is nothing to do. If it was not, someone knows your password and has your account open: change the password, end the devices you do not recognise on the security page and turn two-step verification on again.',
    backupCodeUsedSubject: 'A backup code was used on your Aprova account',
    backupCodeUsedText:
      'A backup code was used to sign in to your Aprova account or to confirm it was you on {date} (Brasília time), from {device}, {place}. {left} Each code works once; make new ones on the security page when they run low. If it was not you, someone knows your password and has your codes: change the password, make new codes (the old ones stop working) and end the devices you do not recognise.',
    backupCodesLeft: {
      one: '{count} backup code is left.',
      other: '{count} backup codes are left.',
    },
    backupCodesNoneLeft: 'No backup code is left.',
    backupCodesRenewedSubject: 'New backup codes for your Aprova account',
    backupCodesRenewedText:
      'New backup codes were made for your Aprova account on {date} (Brasília time), from {device}, {place}; the previous ones no longer work. If it was you, there is nothing to do. If it was not, someone knows your password and has your account open: change the password, make new codes and end the devices you do not recognise on the security page.',
    securityPageAction: 'Open the security page',
    passwordChangedSubject: 'The password of your Aprova account was changed',
    passwordChangedText:
      'The password of your Aprova account was changed on {date} (Brasília time), from {device}, {place}, and the other sessions were ended. If it was you, there is nothing to do. If it was not, ask for a new password now with the link below (it comes to this address) and, once signed in, end the devices you do not recognise on the security page.',
    passwordResetSubject: 'The password of your Aprova account was reset',
    passwordResetText:
      'The password of your Aprova account was reset on {date} (Brasília time), from {device}, {place}, with a link sent to this address, and every session was ended. If it was you, there is nothing to do. If it was not, someone opened this mailbox: change the password of your e-mail, then ask for a new Aprova password with the link below.',
    newPasswordAction: 'Ask for a new password',
    securedSubject: 'The e-mail change of your Aprova account was cancelled',
    securedText:
      "The protection link sent to your account's previous address was used: the change to this address was cancelled and every session was ended. If it was you, there is nothing to do. If it was not (for example, because the previous address is no longer yours), sign in with your password and change the e-mail again: for {days} days the previous address cannot undo the change or reset your password. If in doubt, write to {support}.",
    securedAction: 'Sign in to Aprova',
    resetHeldText:
      "We received a request to reset the password of the account at this address. This address became the account's e-mail again less than {days} days ago through the protection link, without the account's password or second factor; for safety, until then the password cannot be reset by e-mail. If the account is yours, sign in with your current password or write to {support}.",
    changeNoticeHeldText:
      "We received a request to change your Aprova account e-mail to {newEmail}. This address became the account's again less than {days} days ago through the protection link, without the account's password or second factor, so it cannot undo the change. If the account is yours and you did not ask for it, write to {support}.",
    changeNoticeHeldAction: 'Write to the team',
    existingSubject: 'Sign-up attempt on Aprova',
    existingText:
      'Someone tried to open a new Aprova account with this address. If it was you, log in with your password or ask for a new one on the log-in screen. If it was not, ignore this message: nothing changed in your account.',
    existingAction: 'Log in to Aprova',
    decisionReason: 'Reason: {reason}',
    approvedSubject: 'Your Aprova profile is approved',
    approvedText:
      'Our staff checked your documents and approved your profile. It is now on the site. The check lasts 6 months; we will remind you before it lapses.',
    approvedAction: 'Open my dashboard',
    rejectedSubject: 'Your Aprova identity check was not approved',
    rejectedText:
      'Our staff could not approve the identity check you sent. The documents have already been deleted. Fix what is pointed out and send them again from your dashboard.',
    rejectedAction: 'See what to fix',
    changesApprovedSubject: 'Your Aprova changes are approved',
    changesApprovedText:
      "Our staff approved your profile's new name and photos. They are now on the site.",
    changesRejectedSubject: 'Your Aprova changes were not approved',
    changesRejectedText:
      "Our staff did not approve your profile's new name or photos. The approved version stays on the site.",
    suspendedSubject: 'Your Aprova profile is suspended',
    suspendedText:
      'Your profile is offline until {date}. {feeText} While it is suspended, the days of your paid plan stand still: the plan’s end moves on by the time suspended. You may challenge the decision through support.',
    suspendedFee: {
      plan: 'To reactivate the ad, a return fee of {fee} applies ({days} days × {daily}).',
      team: 'To reactivate the ad, a return fee of {fee} applies, set by the team.',
      none: 'There is no return fee: the profile goes back online when the suspension ends.',
    },
    bannedSubject: 'Your Aprova profile is banned',
    bannedText:
      'Your profile has been removed permanently under the terms of use. You may challenge the decision through support.',
    hiddenSubject: 'Your Aprova profile is hidden',
    hiddenText:
      'Our staff hid your profile while they look into a matter. It does not appear on the site until it is resolved.',
    reportHiddenText:
      'A report about your profile hid it automatically, as happens with every report of this kind. The team has not decided anything yet: it reviews the report and tells you the outcome by email.',
    restoredSubject: 'Your Aprova profile is back online',
    restoredText: 'Our staff put your profile back online.',
    newReviewSubject: 'A new review of your profile',
    newReviewText:
      'Someone who contacted you through the site rated your profile {rating} out of 5 stars. You may reply once, publicly, or report the review to the team if it breaks the rules.',
    newReviewAction: 'See reviews',
    planReceiptSubject: 'Receipt: {tier} plan',
    planReceiptText:
      'We received your Pix of {amount} on {paidAt}. Your {tier} plan is active until {date}.',
    returnFeeReceiptSubject: 'Receipt: return fee',
    returnFeeReceiptText:
      'We received your Pix of {amount} on {paidAt}, the return fee of your profile. It goes back online when the suspension ends.',
    planReminderSubject: 'Your plan ends in 3 days',
    planReminderText:
      'Your {tier} plan ends on {date}. After that your profile goes back to the Free plan. You can renew it from your dashboard, by Pix.',
    planRenewAction: 'Renew plan',
    refundedSubject: 'Your Pix was sent back',
    refundedTexts: {
      team: 'The Aprova team sent back your Pix of {amount}, paid on {paidAt}. Reason: {reason}. The money returns to the account it came from.',
      already_paid:
        'We sent back a Pix of {amount}: the charge it paid had been paid already. The money returns to the account it came from; nothing changed in what you had paid.',
      amount_mismatch:
        'We sent back a Pix of {amount}: it was not the amount of the charge ({charged}), and nothing was credited. The money returns to the account it came from; make a new charge from your dashboard to pay.',
      charge_expired:
        'We sent back a Pix of {amount}: it came after the charge had expired, and nothing was credited. The money returns to the account it came from; make a new charge from your dashboard to pay.',
      unknown_charge:
        'We sent back a Pix of {amount}: we could not use it for what it paid (the profile could no longer receive the plan), and nothing was credited. The money returns to the account it came from.',
      gift_cap:
        'We sent back a Pix of {amount}: the gift would have gone over the limit of paid gifts in 14 days, and it was not delivered. The money returns to the account it came from.',
    },
    refundedPlan: {
      taken:
        'The plan days paid with that Pix were taken back: your {planTier} plan now ends on {planDate}.',
      free: 'The plan days paid with that Pix were taken back: your profile is back on the Free plan.',
      kept: 'Your {planTier} plan stays active until {planDate}.',
    },
    giftReceivedSubject: 'You received a gift of {amount}',
    giftReceivedText:
      '{client} sent you a gift of {amount} through Aprova. It can be withdrawn from {date} (1 business day).',
    giftMessage: 'Message: “{message}”',
    giftReceivedAction: 'See gifts',
    giftReceiptSubject: 'Receipt: gift to {profile}',
    giftReceiptText:
      'We received your Pix of {amount} on {paidAt}: your gift to {profile} was delivered and reaches her balance whole. Aprova keeps only the withdrawal fee ({percent}% of the amount withdrawn, at least {minFee}) when she withdraws.',
    giftReceiptAction: 'See my gifts',
    giftRefundedSubject: 'Your gift to {profile} was sent back',
    giftRefundedText:
      'The Aprova team sent back your gift of {amount} to {profile}, paid on {paidAt}. The amount returns to the account the Pix came from.',
    receiptReference: 'Charge reference: {txid}',
    receiptSeller: 'Seller: {seller}, CNPJ {taxId}',
    receiptAction: 'See the receipt',
    planAction: 'See payments',
    minorReportSubject: 'Urgent report: suspected minor',
    minorReportText:
      'A profile was hidden after a suspected-minor report: {profile}. It stays offline until an admin closes the report.',
    minorReportNotHiddenText:
      'A suspected-minor report came in about {profile}. The profile is still online: the limit of automatic hides was reached. Please review it now.',
    minorReportAction: 'Open the reports',
    dashboardAction: 'Open my dashboard',
    payoutPaidSubject: 'Your withdrawal of {net} was paid',
    payoutPaidText:
      'The Pix of your withdrawal was paid on {date}: {net} to your key {key} ({amount} from your balance, less the {fee} fee).',
    payoutFailedSubject: 'Your withdrawal of {amount} was not paid',
    payoutFailedText:
      'The bank did not complete the Pix of your withdrawal of {amount} to the key {key}. The whole amount is back in your available balance, and no fee was charged. You can ask for the withdrawal again from your dashboard.',
    payoutFailureReason: 'Reason given by the bank: {reason}',
    payoutAction: 'See gifts and withdrawals',
  },
}
