import { CONTACT_INPUT_LENGTH, contactHandle } from '#app/domain/contact.ts'
import { whatsappE164 } from '#app/domain/phone.ts'
import { DESCRIPTION_LENGTH, HOURLY_RATE, PROVIDER_AGE } from '#app/domain/provider.ts'
import { normalizeSlug } from '#app/domain/slug.ts'
import { withoutControlCharacters } from '#app/domain/text.ts'
import { isUsername, USERNAME_LENGTH } from '#app/domain/username.ts'
import { workingName } from '#app/modules/auth/schema.ts'
import { type FormErrorKey, orderedForm } from '#app/modules/forms/checks.ts'
import {
  checkbox,
  choices as choiceList,
  field,
  plain,
  text,
  wholeNumber,
} from '#app/modules/forms/fields.ts'

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

/** An optional contact field, no longer than `maxLength`, kept as `read(value)` or null. */
function contact(
  maxLength: number,
  read: (value: string) => string | undefined,
  message: FormErrorKey,
) {
  return field(
    (value) => (value.trim() && (value.length > maxLength || !read(value)) ? message : undefined),
    (value) => (value.trim() ? (read(value) ?? null) : null),
    { maxLength },
  )
}

export function profileSchema(choices: EditorChoices) {
  const cities = new Set(choices.cities.map((city) => city.slug))
  const services = new Set(choices.services.map((service) => service.slug))
  const places = new Set([
    ...cities,
    ...Object.values(choices.neighborhoods).flatMap((list) => list.map((place) => place.slug)),
  ])
  const inCity = (city: string, slug: string) =>
    (choices.neighborhoods[city] ?? []).some((neighborhood) => neighborhood.slug === slug)
  const optional = (value: string) => value.trim() || null

  return orderedForm(
    {
      workingName: workingName(places),
      username: field(
        (value) => (isUsername(value.trim().toLowerCase()) ? undefined : 'usernameInvalid'),
        (value) => value.trim().toLowerCase(),
        { maxLength: USERNAME_LENGTH.max, minLength: USERNAME_LENGTH.min },
      ),
      age: wholeNumber(PROVIDER_AGE, 'ageInvalid'),
      citySlug: field(
        (value) => (value && !cities.has(value) ? 'cityUnknown' : undefined),
        optional,
      ),
      neighborhoodSlug: plain(),
      services: choiceList((slug) => services.has(slug), 'serviceUnknown'),
      description: text({
        length: DESCRIPTION_LENGTH,
        tooShort: 'descriptionTooShort',
        tooLong: 'descriptionTooLong',
        optional: true,
        clean: (value) => withoutControlCharacters(value).trim(),
      }),
      hourlyRate: wholeNumber(HOURLY_RATE, 'rateInvalid'),
      whatsapp: contact(CONTACT_INPUT_LENGTH.whatsapp, whatsappE164, 'whatsappInvalid'),
      telegram: contact(
        CONTACT_INPUT_LENGTH.telegram,
        (value) => contactHandle('telegram', value),
        'telegramInvalid',
      ),
      xHandle: contact(CONTACT_INPUT_LENGTH.x, (value) => contactHandle('x', value), 'xInvalid'),
      touringAvailable: checkbox(),
      showAvailabilityStatus: checkbox(),
      availableNow: checkbox(),
    },
    {
      rules: {
        neighborhoodSlug: (typed) =>
          typed.neighborhoodSlug && !inCity(typed.citySlug, typed.neighborhoodSlug)
            ? 'neighborhoodUnknown'
            : undefined,
      },
      output: (v, typed) => ({
        workingName: v.workingName,
        username: v.username,
        age: v.age,
        citySlug: v.citySlug,
        neighborhoodSlug: typed.citySlug ? optional(typed.neighborhoodSlug) : null,
        services: v.services,
        description: v.description || null,
        hourlyRate: v.hourlyRate,
        whatsapp: v.whatsapp,
        telegram: v.telegram,
        xHandle: v.xHandle,
        touringAvailable: v.touringAvailable,
        showAvailabilityStatus: v.showAvailabilityStatus,
        // "Available now" means nothing while the status is not shown.
        availableNow: v.showAvailabilityStatus && v.availableNow,
      }),
    },
  )
}

export type ProfileInput = ReturnType<ReturnType<typeof profileSchema>['parse']>

/** The username a typed value would be, for the live preview of the public address. */
export function usernamePreview(typed: string): string {
  return normalizeSlug(typed)
}
