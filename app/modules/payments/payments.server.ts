// Plans and return fees paid by Pix (issue 21; ADR 0019). Money is never lost or doubled:
// - every charge, received Pix and refund is a row, amounts in centavos;
// - a received Pix is recorded once, by its end-to-end id, whoever reports it first (the webhook,
//   the page's own check, reconciliation) and however often;
// - nothing is credited on the webhook's word: the Pix is read back from the institution's API;
// - a Pix for one of our charges that pays nothing we can credit (expired, already paid, a wrong
//   amount) is refunded automatically; a refund is followed until the institution settles it;
// - a Pix that is not ours (no txid of ours, another key) is left alone and shown to the team.
//
// This file is the module's front: each subject lives in its own file, and callers outside the
// module keep importing from here.

export { type ChargeRefund, type ChargeView, checkCharge, ownCharge } from './charge-view.server.ts'
export {
  type ChargeStart,
  createCharge,
  currentPlanPrices,
  type ReturnFee,
  returnFeeOf,
  startPlanCharge,
  startReturnFeeCharge,
} from './charges.server.ts'
export { notifyRefund } from './payment-emails.server.ts'
export { forgetOldPaymentRecords, paymentRecordsOf } from './payment-records.server.ts'
export { pixClient, pixEnabled, refundId } from './pix-client.server.ts'
export { remindPlanEnds, returnSuspendedProfiles } from './plan-clock.server.ts'
export { type RecordOutcome, recordReceivedPix } from './received-pix.server.ts'
export { reconcilePix } from './reconcile.server.ts'
export { sendRefund } from './refunds.server.ts'
export {
  receiveWebhook,
  registerWebhook,
  webhookSecretMatches,
  webhookUrl,
} from './webhook.server.ts'
