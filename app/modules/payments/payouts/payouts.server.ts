import { transportFor } from '#app/modules/payments/pix-transport.server.ts'
import { type PixConfig, serverEnv } from '#app/platform/env.server.ts'
import { efiPayouts } from './efi.server.ts'
import type { PayoutInstitution } from './institution.ts'

// The payout adapter PIX_PAYOUTS names (ADR 0029). Another institution is one more file
// implementing PayoutInstitution, and one more name here and in PAYOUT_INSTITUTIONS.

export type { PayoutInstitution, SentPix } from './institution.ts'
export { PAYOUT_ID_PATTERN } from './institution.ts'

const ADAPTERS = {
  efi: (config, url) => efiPayouts(url, config.key, transportFor(config)),
} satisfies Record<
  NonNullable<PixConfig['payouts']>['institution'],
  (config: PixConfig, url: string) => PayoutInstitution
>

let shared: { institution: PayoutInstitution; config: PixConfig } | undefined

/** The institution's payout API, or undefined without Pix or PIX_PAYOUTS (no withdrawals). */
export function payoutInstitution(): PayoutInstitution | undefined {
  const config = serverEnv().pix
  if (!config?.payouts) return undefined
  if (shared?.config !== config) {
    shared = {
      institution: ADAPTERS[config.payouts.institution](config, config.payouts.url),
      config,
    }
  }
  return shared.institution
}
