import { optional, type Parsed, urlWithProtocols } from './shared.ts'

// Outgoing e-mail: the SMTP server the mailer sends through (SMTP_URL).

export const MAIL_FIELDS = {
  SMTP_URL: optional(urlWithProtocols(['smtp:', 'smtps:'], 'smtp://user:pass@host:587')),
}

export interface MailEnv {
  smtpUrl: string | undefined
}

export function mailEnv(env: Parsed<typeof MAIL_FIELDS>): MailEnv {
  return { smtpUrl: env.SMTP_URL }
}
