// Rules stated in the terms of use (SPEC §4, §5, §6, §9 "Terms"), defined once so that the
// published text and the code that enforces it read the same numbers.

/** Minimum age of every advertiser, client and visitor (SPEC §1, §6). */
export const MINIMUM_AGE = 18

/** An advertiser's identity verification and registration are renewed this often (SPEC §6, §9). */
export const REGISTRATION_RENEWAL_MONTHS = 6

/** Length limits of a profile's public name; no symbols or numbers are allowed (SPEC §5, §9). */
export const PROFILE_NAME_LENGTH = { min: 5, max: 18 } as const

/** This many consecutive suspensions turn into a permanent ban (SPEC §4). */
export const SUSPENSIONS_BEFORE_BAN = 3

/** Smallest and largest single gift a client may send an advertiser, in reais (SPEC §9). */
export const GIFT_AMOUNT = { min: 10, max: 1000 } as const

/** Most a client may give one advertiser in gifts in each two-week period, in reais (SPEC §9). */
export const GIFT_BIWEEKLY_CAP_PER_CLIENT = 1000

/** A gift reaches the advertiser's balance within this many business days (SPEC §9). */
export const GIFT_CREDIT_BUSINESS_DAYS = 1

/** Smallest and largest single withdrawal of an advertiser's balance, in reais (SPEC §9). */
export const WITHDRAWAL_AMOUNT = { min: 50, max: 1000 } as const

/**
 * Withdrawal fee as SPEC §9 states it: "from R$0.65 to 0.39%". The spec gives no formula for how
 * the two figures combine, so they are kept as given: a floor in reais and a ceiling in percent.
 */
export const WITHDRAWAL_FEE = { fromReais: 0.65, upToPercent: 0.39 } as const

/** Withdrawals go only to a PIX key of the tax-id type (CPF or CNPJ) (SPEC §9). */
export const WITHDRAWAL_PIX_KEY_TYPES = ['cpf', 'cnpj'] as const
export type WithdrawalPixKeyType = (typeof WITHDRAWAL_PIX_KEY_TYPES)[number]

/** Affected users and the ANPD are told of a personal-data breach within this many hours (SPEC §9). */
export const BREACH_NOTICE_HOURS = 72

/** Month the terms were last changed, shown as 'Última atualização: Janeiro 2024' (SPEC §2, §9). */
export const TERMS_LAST_UPDATED = { year: 2024, month: 1 } as const

/** The two versions of the terms (SPEC §2): advertiser (default) and client. */
export const TERMS_AUDIENCES = ['anunciante', 'cliente'] as const
export type TermsAudience = (typeof TERMS_AUDIENCES)[number]
/** The anchors every version has, in order (SPEC §2). */
export const TERMS_SECTION_IDS = [
  'definicoes',
  'codigo_conduta',
  'politica_privacidade',
  'politica_publicidade',
] as const
export type TermsSectionId = (typeof TERMS_SECTION_IDS)[number]
