/** The payment form field that carries the key of its submission (charge-once.server.ts). */
export const SUBMISSION_FIELD = 'submission'
