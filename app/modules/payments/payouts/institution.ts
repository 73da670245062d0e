// What the site asks of an institution to pay a withdrawal (issue 22; issue 31 point 8; ADR
// 0029). Sending a Pix is no part of the Banco Central's API Pix, which covers receiving only:
// each institution documents its own payout API, and each gets one adapter implementing this.

/** A Pix sent from the site's account (a withdrawal's payout). */
export interface SentPix {
  /** The site's id of the payout (Efí's idEnvio): asking again with it pays once. */
  id: string
  /** The SPI's end-to-end id, once the institution gave one. */
  endToEndId: string | null
  status: 'EM_PROCESSAMENTO' | 'REALIZADO' | 'NAO_REALIZADO'
  /** The institution's words when it did not pay; null when it gives none. */
  failure: string | null
}

/**
 * An institution's payout API. Errors keep the transport's meanings: PixRefused (the
 * institution refused the request itself; its words in `detail`), PixNotFound (no payout with
 * that id), PixUnavailable (no answer, or one we cannot act on: ask again later).
 */
export interface PayoutInstitution {
  /** Sends `amountCents` to the Pix key `key`; the institution pays one send per id. */
  send(input: {
    id: string
    amountCents: number
    key: string
    description: string
  }): Promise<SentPix>
  /** The payout sent with that id, as the institution knows it now. */
  lookup(id: string): Promise<SentPix>
}

/** Letters and digits, 1 to 35: the id of a payout (Efí's idEnvio, `^[a-zA-Z0-9]{1,35}$`). */
export const PAYOUT_ID_PATTERN = /^[a-zA-Z0-9]{1,35}$/
