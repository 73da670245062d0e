// The site's own contact addresses (shown on the terms page and in e-mails).
export const SUPPORT_EMAIL = 'suporte@aprova.example'
export const PRIVACY_EMAIL = 'privacidade@aprova.example'
