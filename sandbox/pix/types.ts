import type { PixCertificates } from '#sandbox/pix/certs.ts'
import type { OptionalFields } from '#sandbox/pix/strict.ts'

// What the local Pix server (institution.ts) speaks and offers. Field names are the Banco
// Central's "API Pix" v2 ones, so a site that works against this works against a real PSP.

export type PixChargeStatus =
  | 'ATIVA'
  | 'CONCLUIDA'
  | 'REMOVIDA_PELO_USUARIO_RECEBEDOR'
  | 'REMOVIDA_PELO_PSP'

/** A refund (devolução) of a received Pix. */
export interface PixRefund {
  id: string
  /** The refund's own end-to-end id: 'D' + 31 letters and digits. */
  rtrId: string
  valor: string
  natureza: 'ORIGINAL' | 'RETIRADA'
  descricao?: string
  horario: { solicitacao: string; liquidacao?: string }
  status: 'EM_PROCESSAMENTO' | 'DEVOLVIDO' | 'NAO_REALIZADO'
  /** Why a refund was not made (status NAO_REALIZADO). */
  motivo?: string
}

/**
 * A Pix the account sent (a payout) as the test sees it; on the wire it takes Efí's documented
 * shapes (payouts.ts): the standard API Pix covers receiving only.
 */
export interface PixSent {
  idEnvio: string
  /** 'E' + the institution's ISPB + …: `e2eId` in the send's answer, `endToEndId` in lookups. */
  endToEndId: string
  valor: string
  /** The key paid (the lookup's `favorecido.chave`). */
  chave: string
  /** The payer's words sent with it (`pagador.infoPagador`). */
  infoPagador?: string
  horario: { solicitacao: string; liquidacao?: string }
  status: 'EM_PROCESSAMENTO' | 'REALIZADO' | 'NAO_REALIZADO'
}

/**
 * What payouts asked for next become: paid, not paid by the SPI ('fail'), held until
 * settlePayout(), or refused outright by the institution ('refuse': Efí's 422
 * `pagamento_negado`).
 */
export type PayoutOutcome = 'pay' | 'fail' | 'hold' | 'refuse'

/** A Pix the receiving account got, for a charge (txid) or sent to the key directly. */
export interface ReceivedPix {
  /** 'E' + payer's ISPB (8 digits) + yyyyMMddHHmm + 11 letters and digits. */
  endToEndId: string
  txid?: string
  valor: string
  chave: string
  horario: string
  /** The payer's free-text message. */
  infoPagador?: string
  /** Not in the BCB schema: PSPs commonly add the payer this way (extra fields are allowed). */
  pagador?: { nome: string }
  devolucoes?: PixRefund[]
}

/**
 * An immediate charge (cob) as GET /cob/{txid} returns it. The optional fields may be absent
 * (PixServerOptions.optionalFields).
 */
export interface PixCharge {
  calendario: { criacao: string; expiracao: number }
  txid: string
  revisao: number
  loc: { id: number; location: string; tipoCob: 'cob'; criacao: string }
  location: string
  status: PixChargeStatus
  devedor?: { cpf: string; nome: string } | { cnpj: string; nome: string }
  valor: { original: string }
  chave: string
  solicitacaoPagador?: string
  infoAdicionais?: { nome: string; valor: string }[]
  pixCopiaECola?: string
  /** The Pix received for it, once paid. */
  pix?: ReceivedPix[]
}

export interface PixRefundRecord extends PixRefund {
  /** The Pix it refunds. */
  endToEndId: string
}

/** The site's environment variables for this server, with the client certificate as PEM files. */
export interface PixSiteEnv {
  PIX_API_URL: string
  PIX_TOKEN_URL: string
  PIX_CLIENT_ID: string
  PIX_CLIENT_SECRET: string
  PIX_CERT: string
  PIX_CERT_KEY: string
  PIX_CA: string
  PIX_KEY: string
  PIX_WEBHOOK_SECRET: string
  /** The institution's webhook CA, and the site's own mutual-TLS webhook listener (issue 31). */
  PIX_WEBHOOK_CA: string
  PIX_WEBHOOK_TLS_PORT: string
  PIX_WEBHOOK_TLS_CERT: string
  PIX_WEBHOOK_TLS_KEY: string
  /** `https://127.0.0.1:PIX_WEBHOOK_TLS_PORT`: where the institution calls. */
  PIX_WEBHOOK_URL: string
  /** Only when the institution takes the client's credentials in the token request's body. */
  PIX_CLIENT_AUTH?: 'body'
  /** The payout API the local institution speaks (Efí's, on its origin). */
  PIX_PAYOUTS: 'efi'
  /** The seller the site's receipts name (required with Pix; issue 33 point 10): invented. */
  COMPANY_NAME: string
  COMPANY_TAX_ID: string
}

/** The same with the client certificate as a PKCS#12 bundle. */
export type PixSitePfxEnv = Omit<PixSiteEnv, 'PIX_CERT' | 'PIX_CERT_KEY'> & {
  PIX_PFX: string
  PIX_PFX_PASSPHRASE: string
}

export interface PixPayOptions {
  /** What the payer sent; the charge's amount unless given. */
  amount?: string
  endToEndId?: string
  /** Deliver the webhook (default true). */
  webhook?: boolean
  payerName?: string
  /** The payer's message (infoPagador). */
  payerMessage?: string
  /** Accept it even though the charge expired or was removed (a PSP that let it through). */
  late?: boolean
  /** When it was settled, ms since the epoch (default: the server's now): a late Pix's time. */
  at?: number
  /** The key as the institution writes it in the Pix (default: the receiving key as given). */
  key?: string
}

export interface PixPayUnknownOptions {
  amount: string
  /** When it was settled, ms since the epoch (default: the server's now). */
  at?: number
  /** A txid the server never issued; none for a Pix sent to the key directly. */
  txid?: string
  /** Another key of the account it was sent to (default: the site's receiving key). */
  key?: string
  endToEndId?: string
  webhook?: boolean
  payerName?: string
  payerMessage?: string
}

/**
 * The client certificate a webhook call shows (issue 31 point 2): the institution's own, none,
 * or one another authority signed. Over plain http none is shown whatever this says.
 */
export type WebhookCertificate = 'institution' | 'none' | 'stranger'

export interface PixPayment {
  endToEndId: string
  /** The site's answer to the webhook; 0 if it could not be reached; absent if none was sent. */
  webhookStatus?: number
}

export interface PixServerOptions {
  /** The receiving key (default: a random EVP key, a UUID). */
  key?: string
  merchantName?: string
  merchantCity?: string
  /** 'auto' (default): a refund is settled as soon as accepted; 'hold': until settleRefund(s). */
  refunds?: 'auto' | 'hold'
  /** Where the token request must carry the client's credentials (default 'basic'). */
  clientAuthentication?: 'basic' | 'body'
  /** The scopes the test client was granted (default: the API Pix's and the payout ones). */
  grantedScopes?: string[]
  /**
   * Which of the spec's optional fields answers carry (`pixCopiaECola`, `solicitacaoPagador`,
   * `infoPagador`, an empty `devolucoes`…): 'random' (the default: chosen once per charge, Pix
   * or refund and field, from the server's seed), 'all' or 'none'.
   */
  optionalFields?: OptionalFields
}

export interface PixRequest {
  method: string
  /** Path and query string, e.g. '/api/v2/cob?inicio=…'. */
  path: string
}

export interface PixTestServer {
  /** The API base, `https://127.0.0.1:PORT/api/v2`. */
  url: string
  /**
   * The seed of the random optional fields: run again with PIX_SERVER_SEED=<seed> in the
   * environment to get the same answers.
   */
  seed: number
  optionalFields: OptionalFields
  /** The OAuth 2 token endpoint, `https://127.0.0.1:PORT/oauth/token`. */
  tokenUrl: string
  clientId: string
  clientSecret: string
  /** The receiving Pix key: every charge must name it as `chave`. */
  key: string
  certificates: PixCertificates
  /**
   * The site's variables (client certificate as PEM files), its webhook listener on a port
   * free when the server started.
   */
  env(webhookSecret?: string): PixSiteEnv
  /** The site's variables with the client certificate as PKCS#12. */
  pfxEnv(webhookSecret?: string): PixSitePfxEnv
  charge(txid: string): PixCharge | undefined
  charges(): PixCharge[]
  pixes(): ReceivedPix[]
  refunds(): PixRefundRecord[]
  /** A payer pays the charge: records the Pix (status CONCLUIDA) and sends the webhook. */
  pay(txid: string, options?: PixPayOptions): Promise<PixPayment>
  /**
   * A payer's bank app reads `code` (the QR code or 'copia e cola'): refused unless its CRC holds
   * and it is a Pix BR Code; the charge at its location (field 26, sub-field 25) is paid.
   */
  payBrCode(code: string, options?: PixPayOptions): Promise<PixPayment>
  /** The charge a bank app finds from `code` (CRC checked, then its location); throws otherwise. */
  chargeOfBrCode(code: string): PixCharge
  /** The answer to the next PUT /cob is changed by `edit` (an institution that answers amiss). */
  editNextChargeAnswer(edit: (charge: PixCharge) => object): void
  /** A Pix for a txid the server never issued, or for none (sent to the key), with its webhook. */
  payUnknown(options: PixPayUnknownOptions): Promise<PixPayment>
  /** Sends the webhook of that Pix again (a duplicate delivery); the site's answer. */
  redeliver(endToEndId: string): Promise<number>
  /**
   * Posts `payload` as a delivery would ('/pix' appended) to the registered webhook URL, or to
   * `secretPath` resolved against it (a path or a whole URL), showing `certificate` (default
   * the institution's); the site's answer, 0 when it could not be reached or refused the
   * handshake.
   */
  deliver(
    payload: unknown,
    options?: { secretPath?: string; certificate?: WebhookCertificate },
  ): Promise<number>
  /** The PSP removes the charge: REMOVIDA_PELO_PSP from now on (unless already paid). */
  expire(txid: string): void
  /** Moves the server's clock forward (charge expiry, token lifetime, timestamps). */
  advanceClock(seconds: number): void
  /** While down, every request gets 503 with a problem JSON. */
  setDown(down: boolean): void
  /**
   * The next `count` requests that come on a kept-alive connection (one that already carried a
   * request) get no answer: the connection is closed, as a server closing an idle connection
   * just when the client sends on it again.
   */
  dropReusedConnections(count: number): void
  /** How many connections were closed so far by `dropReusedConnections`. */
  connectionsDropped(): number
  /** While true, refunds asked for are settled NAO_REALIZADO with a `motivo`. */
  failRefunds(fail: boolean): void
  /**
   * While true, accepted refunds stay EM_PROCESSAMENTO until settleRefund(s); otherwise (the
   * default) each is settled as soon as it is accepted and the webhook tells the site.
   */
  holdRefunds(hold: boolean): void
  /** Settles every pending refund now (DEVOLVIDO, or NAO_REALIZADO under failRefunds) and sends their webhooks. */
  settleRefunds(): Promise<void>
  /** Settles one pending refund and sends the Pix with its devolucoes by the webhook (unless told not to). */
  settleRefund(
    endToEndId: string,
    id: string,
    returned: boolean,
    options?: { webhook?: boolean },
  ): Promise<PixPayment>
  /** The refunds accepted and not yet settled. */
  pendingRefunds(): { endToEndId: string; id: string }[]
  /** Resolves once every automatic settlement and its webhook are done. */
  idle(): Promise<void>
  /** The payouts the site asked for. */
  payouts(): PixSent[]
  /** What the payouts asked for from now on become (default 'pay'). */
  payoutOutcome(outcome: PayoutOutcome): void
  /** Ends a held payout: paid (REALIZADO), or not (NAO_REALIZADO). */
  settlePayout(idEnvio: string, paid: boolean): void
  /** Every token issued so far stops working (401); the client must get a new one. */
  revokeTokens(): void
  /** Every token issued so far is answered 403 AcessoNegado from now on (its grant changed). */
  forbidTokens(): void
  /** The `scope` of each token request so far, in order ('' when none was asked for). */
  scopesAsked(): string[]
  tokensIssued(): number
  requests(): PixRequest[]
  /** The webhook URL the site registered, if any. */
  webhookUrl(): string | undefined
  /** Stops the server and deletes its certificates. */
  close(): Promise<void>
}
