import type { Language } from '#app/domain/language.ts'
import { cities } from '#db/seed/reference/cities.ts'
import { neighborhoods } from '#db/seed/reference/neighborhoods.ts'
import { services } from '#db/seed/reference/services.ts'
import type { EditorChoices } from './profile-schema.ts'

/**
 * The places and services a profile can name (the built-in reference data, which every start
 * also loads into the database), in the page's language, cities by name.
 */
export function editorChoices(language: Language): EditorChoices {
  const collator = new Intl.Collator(language === 'pt' ? 'pt-BR' : 'en')
  return {
    cities: cities
      .map((city) => ({ slug: city.slug, name: `${city.name} (${city.state})` }))
      .sort((a, b) => collator.compare(a.name, b.name)),
    neighborhoods: Object.fromEntries(
      cities.flatMap((city) => {
        const list = neighborhoods
          .filter((neighborhood) => neighborhood.citySlug === city.slug)
          .map((neighborhood) => ({ slug: neighborhood.slug, name: neighborhood.name }))
          .sort((a, b) => collator.compare(a.name, b.name))
        return list.length > 0 ? [[city.slug, list]] : []
      }),
    ),
    services: services.map((service) => ({ slug: service.slug, name: service.name[language] })),
  }
}
