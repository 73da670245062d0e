import { en } from '#app/i18n/en.ts'
import { pt } from '#app/i18n/pt.ts'

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
