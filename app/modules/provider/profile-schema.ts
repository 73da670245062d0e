import { normalizeName, workingNameProblem } from '#app/domain/account.ts'
import { contactHandle } from '#app/domain/contact.ts'
import { whatsappE164 } from '#app/domain/phone.ts'
import { DESCRIPTION_LENGTH, HOURLY_RATE, PROVIDER_AGE } from '#app/domain/provider.ts'
import { normalizeSlug } from '#app/domain/slug.ts'
import { withoutControlCharacters } from '#app/domain/text.ts'
import { isUsername } from '#app/domain/username.ts'
import { type FieldError, orderedForm, ticked } from '#app/modules/forms/checks.ts'

// The profile editor's schema (issue 7), shared by the form and the action. Everything may stay
// empty while the profile is a draft; what is filled in must be right. What a profile needs
// before review is a separate question (missingItems in app/domain/provider.ts).

export interface Choice {
  slug: string
  name: string
}

/** The places and services a profile can name. */
export interface EditorChoices {
  cities: Choice[]
  /** Neighbourhoods by city slug (only the cities that have them). */
  neighborhoods: Record<string, Choice[]>
  services: Choice[]
}

const WORKING_NAME_MESSAGES = {
  required: 'workingNameRequired',
  length: 'workingNameLength',
  characters: 'workingNameCharacters',
  place: 'workingNamePlace',
} as const

const wholeNumber = (value: string) => (/^\d{1,6}$/.test(value.trim()) ? Number(value) : Number.NaN)

export function profileSchema(choices: EditorChoices) {
  const cities = new Set(choices.cities.map((city) => city.slug))
  const services = new Set(choices.services.map((service) => service.slug))
  const places = new Set([
    ...cities,
    ...Object.values(choices.neighborhoods).flatMap((list) => list.map((place) => place.slug)),
  ])
  const inCity = (city: string, slug: string) =>
    (choices.neighborhoods[city] ?? []).some((neighborhood) => neighborhood.slug === slug)

  return orderedForm(
    {
      fields: [
        'workingName',
        'username',
        'age',
        'citySlug',
        'neighborhoodSlug',
        'description',
        'hourlyRate',
        'whatsapp',
        'telegram',
        'xHandle',
        'touringAvailable',
        'showAvailabilityStatus',
        'availableNow',
      ] as const,
      lists: ['services'] as const,
    },
    (v): FieldError | undefined => {
      const nameProblem = workingNameProblem(v.workingName, places)
      if (nameProblem) return { field: 'workingName', message: WORKING_NAME_MESSAGES[nameProblem] }
      if (!isUsername(v.username.trim().toLowerCase())) {
        return { field: 'username', message: 'usernameInvalid' }
      }
      const age = wholeNumber(v.age)
      if (v.age.trim() && !(age >= PROVIDER_AGE.min && age <= PROVIDER_AGE.max)) {
        return { field: 'age', message: 'ageInvalid' }
      }
      if (v.citySlug && !cities.has(v.citySlug))
        return { field: 'citySlug', message: 'cityUnknown' }
      if (v.neighborhoodSlug && !inCity(v.citySlug, v.neighborhoodSlug)) {
        return { field: 'neighborhoodSlug', message: 'neighborhoodUnknown' }
      }
      if (v.services.some((slug) => !services.has(slug))) {
        return { field: 'services', message: 'serviceUnknown' }
      }
      const description = [...withoutControlCharacters(v.description).trim()].length
      if (description > 0 && description < DESCRIPTION_LENGTH.min) {
        return { field: 'description', message: 'descriptionTooShort' }
      }
      if (description > DESCRIPTION_LENGTH.max) {
        return { field: 'description', message: 'descriptionTooLong' }
      }
      const rate = wholeNumber(v.hourlyRate)
      if (v.hourlyRate.trim() && !(rate >= HOURLY_RATE.min && rate <= HOURLY_RATE.max)) {
        return { field: 'hourlyRate', message: 'rateInvalid' }
      }
      if (v.whatsapp.trim() && !whatsappE164(v.whatsapp)) {
        return { field: 'whatsapp', message: 'whatsappInvalid' }
      }
      if (v.telegram.trim() && !contactHandle('telegram', v.telegram)) {
        return { field: 'telegram', message: 'telegramInvalid' }
      }
      if (v.xHandle.trim() && !contactHandle('x', v.xHandle)) {
        return { field: 'xHandle', message: 'xInvalid' }
      }
      return undefined
    },
    (v) => {
      const optional = (value: string) => value.trim() || null
      const showAvailabilityStatus = ticked(v.showAvailabilityStatus)
      return {
        workingName: normalizeName(v.workingName),
        username: v.username.trim().toLowerCase(),
        age: v.age.trim() ? wholeNumber(v.age) : null,
        citySlug: optional(v.citySlug),
        neighborhoodSlug: v.citySlug ? optional(v.neighborhoodSlug) : null,
        services: [...new Set(v.services)],
        description: optional(withoutControlCharacters(v.description)),
        hourlyRate: v.hourlyRate.trim() ? wholeNumber(v.hourlyRate) : null,
        whatsapp: v.whatsapp.trim() ? (whatsappE164(v.whatsapp) ?? null) : null,
        telegram: v.telegram.trim() ? (contactHandle('telegram', v.telegram) ?? null) : null,
        xHandle: v.xHandle.trim() ? (contactHandle('x', v.xHandle) ?? null) : null,
        touringAvailable: ticked(v.touringAvailable),
        showAvailabilityStatus,
        // "Available now" means nothing while the status is not shown.
        availableNow: showAvailabilityStatus && ticked(v.availableNow),
      }
    },
  )
}

export type ProfileInput = ReturnType<ReturnType<typeof profileSchema>['parse']>

/** The username a typed value would be, for the live preview of the public address. */
export function usernamePreview(typed: string): string {
  return normalizeSlug(typed)
}
