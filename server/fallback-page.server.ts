import type { ErrorRequestHandler } from 'express'
import { en } from '#app/i18n/en.ts'
import { pt } from '#app/i18n/pt.ts'
import { log } from '#app/platform/logger.server.ts'

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

/**
 * A minimal bilingual error page for requests React Router never sees (a URL that cannot be
 * decoded, an unexpected host error). No details, no stack, just where to go.
 */
export function fallbackErrorPage(status: number): string {
  const clientError = status >= 400 && status < 500
  const section = (t: typeof pt, lang: string, home: string) => {
    const [title, text] =
      status === 404
        ? [t.notFound.title, t.notFound.text]
        : status === 403
          ? [t.error.forbiddenTitle, t.error.forbiddenText]
          : clientError
            ? [t.error.badRequestTitle, t.error.badRequestText]
            : [t.error.title, t.error.text]
    return `<section lang="${lang}"><h1>${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p><p><a href="${home}">${escapeHtml(t.error.home)}</a></p></section>`
  }
  return `<!DOCTYPE html><html lang="pt-BR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${status} – ${escapeHtml(pt.site.name)}</title></head><body style="font-family:system-ui,sans-serif;max-width:40rem;margin:3rem auto;padding:0 1rem">${section(pt, 'pt-BR', '/pt/')}<hr>${section(en, 'en', '/en/')}</body></html>`
}

// Client errors (a URL that cannot be decoded, missing media) keep their 4xx status; anything
// else is a 500. Either way a plain bilingual page without details: React Router renders its own
// error pages for everything it handles, so only requests it never saw end up here.
export const fallbackErrorHandler: ErrorRequestHandler = (error, req, res, _next) => {
  const reported = Number(error?.status ?? error?.statusCode)
  const status = reported >= 400 && reported < 500 ? reported : 500
  if (status === 500)
    log.error('unhandled error', { path: req.path, error: String(error?.stack ?? error) })
  if (res.headersSent) return res.end()
  res.status(status).set('Cache-Control', 'no-store').type('html').send(fallbackErrorPage(status))
}
