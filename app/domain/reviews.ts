import { EXPLICIT_TERMS } from './review-words.ts'

// Client reviews (SPEC §6, issue 20; ADR 0018): who may write one, what it may say, when it waits
// for the team, and how a profile's ratings are summed up. Shared by the server and the screens.

/** The rules of who may review, in days and hours (issue 20 point 1). */
export const REVIEW_RULES = {
  /** A client account this old (from its creation) may review. */
  accountAgeDays: 7,
  /** The contact (a click on a contact button while signed in) this long before the review. */
  contactWaitHours: 24,
  /** One review per client and profile in this many days. */
  perProfileDays: 90,
  /** Reviews one account may write a day (the last 24 hours). */
  perDay: 5,
  /** Days the client–profile contact record is kept (from the last contact), for this only. */
  contactKeepDays: 180,
  /** Days the hashed address and device of a review are kept (the suspicion rules need them). */
  networkKeepDays: 30,
  /** Days after writing a review its author may still edit it (issue 33; ADR 0018). */
  editDays: 30,
} as const

/**
 * The browser's own random identifier for the device rule (issue 20 point 3), set only when a
 * review is written; kept on reviews only as an HMAC. No kept page reads it.
 */
export const REVIEW_DEVICE_COOKIE = 'aprova-device'

/** A review's text, and the provider's reply, in characters. */
export const REVIEW_LENGTH = { min: 30, max: 1000 } as const
export const REPLY_LENGTH = { min: 2, max: 500 } as const
export const REVIEW_REPORT_LENGTH = { min: 10, max: 500 } as const

/** Ratings, from 1 to 5 stars. */
export const RATINGS = [1, 2, 3, 4, 5] as const

/** A profile shows its average from this many published reviews; fewer show the count only. */
export const AVERAGE_FROM = 3

/** Reviews a page of the profile's reviews shows. */
export const REVIEWS_PAGE_SIZE = 10

/** How long a testimonial's excerpt is on the home page, in characters. */
export const TESTIMONIAL_LENGTH = 160

/**
 * published: shown on the profile; pending: a suspicion rule held it for the team; hidden: the
 * team hid it (with a listed reason). The team's 'remove' deletes it (the audit log keeps why).
 */
export const REVIEW_STATUSES = ['published', 'pending', 'hidden'] as const
export type ReviewStatus = (typeof REVIEW_STATUSES)[number]

/** Why a provider reports a review of her profile to the team. */
export const REVIEW_REPORT_REASONS = [
  'never_met',
  'offensive',
  'personal_data',
  'contact_data',
  'other',
] as const
export type ReviewReportReason = (typeof REVIEW_REPORT_REASONS)[number]

/** Why the team hides or removes a review (the audit log keeps it). */
export const REVIEW_MODERATION_REASONS = [
  'fake',
  'offensive',
  'personal_data',
  'contact_data',
  'explicit',
  'other',
] as const
export type ReviewModerationReason = (typeof REVIEW_MODERATION_REASONS)[number]

/**
 * What makes a review wait for the team (issue 20 point 3): several new accounts from one address
 * reviewing one profile, several from one device, a burst of reviews of one profile, a text
 * near-identical to another review.
 */
export const SUSPICION_SIGNALS = ['same_network', 'same_device', 'burst', 'near_duplicate'] as const
export type SuspicionSignal = (typeof SUSPICION_SIGNALS)[number]

/** The thresholds of the suspicion rules. */
export const SUSPICION = {
  /** An account younger than this counts as new for the address and device rules. */
  newAccountDays: 30,
  /** Window of the address and device rules: reviews of one profile in this many days. */
  windowDays: 30,
  /** A burst: this many reviews of one profile (any author) in the last `burstHours`. */
  burstCount: 4,
  burstHours: 24,
  /** Near-identical: this share of shared word trigrams (of the smaller text) or more. */
  duplicateSimilarity: 0.8,
  /** Days of other reviews a text is compared with. */
  duplicateDays: 90,
} as const

/** Why a client may not review a profile now (the review page says so in the visitor's words). */
export const INELIGIBILITY = [
  'signed_out',
  'not_client',
  'unconfirmed',
  'account_too_new',
  'no_contact',
  'contact_too_recent',
  'already_reviewed',
  'daily_limit',
  'not_reviewable',
] as const
export type Ineligibility = (typeof INELIGIBILITY)[number]

/** What a profile shows of its published reviews. */
export interface RatingSummary {
  count: number
  /** One decimal, only from AVERAGE_FROM reviews up. */
  average: number | null
  /** Share (0–100, whole) of reviews saying the photos match; null without reviews. */
  photosMatchPercent: number | null
}

/** A profile's summary from its counts (a table the database keeps; trigger in 0013). */
export function ratingSummary(
  count: number,
  ratingSum: number,
  photosMatch: number,
): RatingSummary {
  if (count <= 0) return { count: 0, average: null, photosMatchPercent: null }
  return {
    count,
    average: count >= AVERAGE_FROM ? Math.round((ratingSum / count) * 10) / 10 : null,
    photosMatchPercent: Math.round((photosMatch / count) * 100),
  }
}

/** The problems of a review's (or a reply's) text, each a key of the dictionary's formErrors. */
export type ReviewTextProblem =
  | 'reviewHasPhone'
  | 'reviewHasLink'
  | 'reviewHasEmail'
  | 'reviewHasPrice'
  | 'reviewHasExplicit'
  | 'reviewHasPersonalData'

const PATTERNS: [ReviewTextProblem, RegExp][] = [
  // An address written as it is, spaced out (a @ b . com) or with (at); '@name' alone is a handle.
  [
    'reviewHasEmail',
    /[\p{L}\p{N}._%+-]+(?:@|\s+@\s+|\s*(?:\(at\)|\[at\])\s*)[\p{L}\p{N}-]+\s*\.\s*[a-z]{2,}/iu,
  ],
  // Links: a scheme, www., a known short domain, or a name with a common top-level domain.
  [
    'reviewHasLink',
    /(?:https?:\/\/|www\.|\b[\p{L}\p{N}-]+\s*\.\s*(?:com|net|org|br|me|io|ly|co|app|link|site|xyz|info)\b|\bt\.me\b|\bwa\.me\b)/iu,
  ],
  // CPF (000.000.000-00) and CNPJ, before phones, which would catch their digits too.
  [
    'reviewHasPersonalData',
    /\b\d{3}\.?\d{3}\.?\d{3}-?\d{2}\b|\b\d{2}\.?\d{3}\.?\d{3}\/?\d{4}-?\d{2}\b/,
  ],
  // Phones: eight or more digits with the usual separators, or a handle of a messaging app.
  ['reviewHasPhone', /(?:\+?\d[\s().-]*){8,}|(?:whats|zap|telegram|insta)\S*\s*:?\s*@?\w*\d{4}/iu],
  // Handles (@name) are contact data as much as a number is.
  ['reviewHasPhone', /(?:^|\s)@[\p{L}\p{N}_.]{3,}/u],
  // Prices: R$ / reais / BRL amounts, and 'price, valor, cachê' followed by a number that is not
  // a grade (nota 10), a share, a length of time or a count of stars.
  [
    'reviewHasPrice',
    /r\s*\$\s*\d|\d+\s*(?:reais|real|brl|conto|contos|pila|pilas)\b|\b(?:valor|preço|preco|cachê|cache|price|hourly rate|rate (?:was|is|of)|charged?|paid|paguei|cobrou|cobra)\b[^.!?\n]{0,20}(?<!\b(?:nota|rate|rated|score)\s*)\d{2,}(?!\d)(?!\s*(?:%|\/|min|h\b|hora|hour|hr|ano|year|dia|day|estrela|star|vez|vezes|times|out of))/iu,
  ],
  // Someone else's address: a street with its number (the Brazilian order).
  [
    'reviewHasPersonalData',
    /\b(?:rua|r\.|avenida|av\.|alameda|travessa|estrada|rodovia|street|st\.|avenue|ave\.)\s+[\p{L}\s.]{2,40}?,?\s*(?:n[º°o.]?\s*)?\d{1,5}\b/iu,
  ],
  // The English order: the number, the name, then the kind of street.
  [
    'reviewHasPersonalData',
    /\b\d{1,5}\s+(?:[\p{L}.]+\s+){1,4}(?:street|st\.|avenue|ave\.|road|rd\.|lane|drive)(?![\p{L}])/iu,
  ],
]

/** Letters without accents, in lower case: what the word list is compared with. */
export function foldText(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase()
}

/** A day and month, with a year or not: 12/05, 1.5.2025, 12-05-25. */
const DATES =
  /(?<![\d.,/-])(?:0?[1-9]|[12]\d|3[01])[./-](?:0?[1-9]|1[0-2])(?:[./-](?:\d{4}|\d{2}))?(?![\d/-]|[.,]\d)/g

/** The words of a folded text, as written. */
function plainWordsOf(folded: string): string[] {
  return folded.split(/[^\p{L}]+/u).filter(Boolean)
}

/** The words of a folded text (letters and digits), with common letter swaps undone. */
function wordsOf(folded: string): string[] {
  return folded
    .replace(/[0@4]/g, (c) => (c === '0' ? 'o' : 'a'))
    .replace(/[1!]/g, 'i')
    .replace(/3/g, 'e')
    .replace(/\$/g, 's')
    .split(/[^\p{L}]+/u)
    .filter(Boolean)
}

/** Explicit terms in every language: a client may write in either. */
const EXPLICIT = new Set(Object.values(EXPLICIT_TERMS).flat().map(foldText))

/**
 * The first problem of a review's or a reply's text (issue 20 point 2): contact data (phone
 * numbers, handles, links, e-mail addresses), prices, explicit sexual terms (review-words.ts,
 * every language), or personal data of others (tax ids, street addresses).
 */
export function reviewTextProblem(text: string): ReviewTextProblem | undefined {
  // A date (12/05, 12.05.2025) is neither a phone number nor a tax id.
  const checked = text.replace(DATES, ' ')
  for (const [problem, pattern] of PATTERNS) {
    if (pattern.test(checked)) return problem
  }
  const folded = foldText(text)
  // The words as written and with the letter swaps undone ('gozou!' is not 'gozoui').
  const words = [...new Set([...plainWordsOf(folded), ...wordsOf(folded)])]
  if (words.some((word) => EXPLICIT.has(word))) return 'reviewHasExplicit'
  // Two-word terms of the list.
  for (let i = 0; i + 1 < words.length; i++) {
    if (EXPLICIT.has(`${words[i]} ${words[i + 1]}`)) return 'reviewHasExplicit'
  }
  return undefined
}

/** The word trigrams of a text, folded: what near-identical texts share. */
function trigrams(text: string): Set<string> {
  const words = foldText(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
  const grams = new Set<string>()
  if (words.length === 0) return grams
  if (words.length < 3) {
    grams.add(words.join(' '))
    return grams
  }
  for (let i = 0; i + 2 < words.length; i++)
    grams.add(`${words[i]} ${words[i + 1]} ${words[i + 2]}`)
  return grams
}

/**
 * Whether two texts are near-identical: the share of the smaller one's word trigrams found in
 * the other reaches SUSPICION.duplicateSimilarity (a copied text with a word or two changed).
 */
export function nearIdentical(a: string, b: string): boolean {
  const ga = trigrams(a)
  const gb = trigrams(b)
  const [small, large] = ga.size <= gb.size ? [ga, gb] : [gb, ga]
  if (small.size === 0) return false
  let shared = 0
  for (const gram of small) if (large.has(gram)) shared++
  return shared / small.size >= SUSPICION.duplicateSimilarity
}

/** An excerpt of a review for a testimonial: at most TESTIMONIAL_LENGTH characters. */
export function testimonialExcerpt(body: string): string {
  const clean = body.replace(/\s+/g, ' ').trim()
  if (clean.length <= TESTIMONIAL_LENGTH) return clean
  const cut = clean.slice(0, TESTIMONIAL_LENGTH)
  const space = cut.lastIndexOf(' ')
  return `${(space > TESTIMONIAL_LENGTH * 0.6 ? cut.slice(0, space) : cut).trimEnd()}…`
}

/** Why an author may not edit his review now: hidden by the team, replied to, or too old. */
export type ReviewEditRefusal = 'hidden' | 'replied' | 'too_old'

export type ReviewEditState =
  | { editable: true; until: Date; reason?: undefined }
  | { editable: false; reason: ReviewEditRefusal }

/**
 * Whether the author may edit his review now (issue 33 point 8): not once the team hid it, not
 * once the provider replied (her public reply answers the words she read), and only for
 * REVIEW_RULES.editDays after writing it; until when if he may.
 */
export function reviewEditState(
  review: { status: ReviewStatus; reply: string | null; createdAt: Date },
  now: Date,
): ReviewEditState {
  if (review.status === 'hidden') return { editable: false, reason: 'hidden' }
  if (review.reply !== null) return { editable: false, reason: 'replied' }
  const until = new Date(review.createdAt.getTime() + REVIEW_RULES.editDays * 24 * 60 * 60_000)
  if (until.getTime() <= now.getTime()) return { editable: false, reason: 'too_old' }
  return { editable: true, until }
}
