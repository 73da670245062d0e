import { asLanguage, DEFAULT_LANGUAGE } from '#app/domain/language.ts'
import { dictionary } from '#app/i18n/i18n.ts'

/** Route meta for a failed listing page: a title in the page's language, never indexed. */
export function errorMeta(lang: string | undefined) {
  const t = dictionary(asLanguage(lang) ?? DEFAULT_LANGUAGE)
  return [{ title: t.meta.notFoundTitle }, { name: 'robots', content: 'noindex' }]
}
