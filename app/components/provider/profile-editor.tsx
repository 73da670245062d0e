import { useMemo, useState } from 'react'
import { Form } from 'react-router'
import { firstProblem, useCheckedForm } from '#app/components/forms/use-checked-form.ts'
import { ActionAlert, FormAlert } from '#app/components/ui/alert.tsx'
import { SubmitButton } from '#app/components/ui/button.tsx'
import { cardClass } from '#app/components/ui/card.tsx'
import { CheckboxField, CountedTextArea, TextField } from '#app/components/ui/field.tsx'
import { paths } from '#app/domain/paths.ts'
import { formatPhone } from '#app/domain/phone.ts'
import { format, useT } from '#app/i18n/i18n.ts'
import type { FormAnswer } from '#app/modules/forms/checks.ts'
import { type EditorChoices, profileSchema } from '#app/modules/provider/profile-schema.ts'

export interface ProfileAnswer extends FormAnswer<'save'> {
  saved?: boolean
  /** The new working name waits for the team's review. */
  forReview?: boolean
}

export interface EditableProfile {
  workingName: string | null
  pendingWorkingName: string | null
  username: string
  age: number | null
  citySlug: string | null
  neighborhoodSlug: string | null
  description: string | null
  hourlyRate: number | null
  whatsapp: string | null
  telegram: string | null
  xHandle: string | null
  touringAvailable: boolean
  showAvailabilityStatus: boolean
  availableNow: boolean
  services: string[]
}

const selectClass =
  'w-full rounded-md border border-stone-300 bg-white px-3 py-2.5 text-base text-stone-900 shadow-sm focus:border-rose-700 focus:outline-2 focus:outline-rose-700 aria-[invalid=true]:border-red-600'

function Fieldset({ legend, children }: { legend: string; children: React.ReactNode }) {
  return (
    <fieldset className={`space-y-4 ${cardClass}`}>
      <legend className="px-1 text-base font-semibold">{legend}</legend>
      {children}
    </fieldset>
  )
}

/** The profile editor (issue 7 item 2), checked in the browser with the server's schema. */
export function ProfileEditor({
  profile,
  choices,
  origin,
}: {
  profile: EditableProfile
  choices: EditorChoices
  origin: string
}) {
  const t = useT()
  const e = t.dashboard.editor
  const schema = useMemo(() => profileSchema(choices), [choices])
  const form = useCheckedForm<ProfileAnswer>('save', firstProblem(schema))
  const value = (field: keyof EditableProfile, stored: string | number | null) =>
    form.valueOf(field) ?? (stored === null ? '' : String(stored))
  const [city, setCity] = useState(value('citySlug', profile.citySlug))
  const [showAvailability, setShowAvailability] = useState(profile.showAvailabilityStatus)
  const neighborhoods = choices.neighborhoods[city] ?? []
  const error = (field: string) => form.errorOf(field)
  return (
    <div className="space-y-4">
      {form.data?.saved ? (
        <FormAlert
          tone="success"
          title={form.data.forReview ? e.savedForReview : e.saved}
          reveal={form.data}
        />
      ) : null}
      {error('form') ? (
        <FormAlert
          tone="error"
          title={t.formErrors[error('form') ?? 'unexpected']}
          reveal={form.data}
        />
      ) : null}
      <ActionAlert data={form.data} />
      <Form method="post" noValidate onSubmit={form.onSubmit} className="space-y-4">
        <input type="hidden" name="intent" value="save" />
        <Fieldset legend={e.identity}>
          <TextField
            label={e.workingName}
            name="workingName"
            schema={schema}
            hint={
              profile.pendingWorkingName
                ? format(e.pendingName, { name: profile.pendingWorkingName })
                : e.workingNameHint
            }
            defaultValue={value('workingName', profile.pendingWorkingName ?? profile.workingName)}
            error={error('workingName')}
          />
          <TextField
            label={e.username}
            name="username"
            schema={schema}
            autoCapitalize="none"
            spellCheck={false}
            hint={`${origin}${paths.profile(profile.username)} · ${e.usernameHint}`}
            defaultValue={value('username', profile.username)}
            error={error('username')}
          />
          <TextField
            label={e.age}
            name="age"
            schema={schema}
            inputMode="numeric"
            defaultValue={value('age', profile.age)}
            error={error('age')}
          />
        </Fieldset>

        <Fieldset legend={e.place}>
          <div>
            <label htmlFor="citySlug" className="mb-1 block text-sm font-medium">
              {e.city}
            </label>
            <select
              id="citySlug"
              name="citySlug"
              value={city}
              onChange={(event) => setCity(event.target.value)}
              aria-invalid={error('citySlug') ? true : undefined}
              className={selectClass}
            >
              <option value="">{e.cityNone}</option>
              {choices.cities.map((choice) => (
                <option key={choice.slug} value={choice.slug}>
                  {choice.name}
                </option>
              ))}
            </select>
            {error('citySlug') ? (
              <p role="alert" className="mt-1 text-sm text-red-700">
                {t.formErrors[error('citySlug') ?? 'cityUnknown']}
              </p>
            ) : null}
          </div>
          {neighborhoods.length > 0 ? (
            <div>
              <label htmlFor="neighborhoodSlug" className="mb-1 block text-sm font-medium">
                {e.neighborhood}
              </label>
              <select
                id="neighborhoodSlug"
                name="neighborhoodSlug"
                defaultValue={value('neighborhoodSlug', profile.neighborhoodSlug)}
                aria-invalid={error('neighborhoodSlug') ? true : undefined}
                className={selectClass}
              >
                <option value="">{e.neighborhoodNone}</option>
                {neighborhoods.map((choice) => (
                  <option key={choice.slug} value={choice.slug}>
                    {choice.name}
                  </option>
                ))}
              </select>
              {error('neighborhoodSlug') ? (
                <p role="alert" className="mt-1 text-sm text-red-700">
                  {t.formErrors[error('neighborhoodSlug') ?? 'neighborhoodUnknown']}
                </p>
              ) : null}
            </div>
          ) : null}
          <CheckboxField name="touringAvailable" defaultChecked={profile.touringAvailable}>
            {e.touring}
            <span className="block text-stone-600">{e.touringHint}</span>
          </CheckboxField>
        </Fieldset>

        <Fieldset legend={e.about}>
          <CountedTextArea
            label={e.description}
            name="description"
            schema={schema}
            rows={6}
            hint={e.descriptionHint}
            defaultValue={value('description', profile.description)}
            error={error('description')}
          />
          <TextField
            label={e.hourlyRate}
            name="hourlyRate"
            schema={schema}
            inputMode="numeric"
            defaultValue={value('hourlyRate', profile.hourlyRate)}
            error={error('hourlyRate')}
          />
        </Fieldset>

        <Fieldset legend={e.servicesTitle}>
          <div className="grid gap-3 sm:grid-cols-2">
            {choices.services.map((service) => (
              <CheckboxField
                key={service.slug}
                name="services"
                value={service.slug}
                defaultChecked={profile.services.includes(service.slug)}
              >
                {service.name}
              </CheckboxField>
            ))}
          </div>
          {error('services') ? (
            <p role="alert" className="text-sm text-red-700">
              {t.formErrors[error('services') ?? 'serviceUnknown']}
            </p>
          ) : null}
        </Fieldset>

        <Fieldset legend={e.contact}>
          <TextField
            label={e.whatsapp}
            name="whatsapp"
            schema={schema}
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            hint={e.whatsappHint}
            defaultValue={
              form.valueOf('whatsapp') ?? (profile.whatsapp ? formatPhone(profile.whatsapp) : '')
            }
            error={error('whatsapp')}
          />
          <TextField
            label={e.telegram}
            name="telegram"
            schema={schema}
            autoCapitalize="none"
            spellCheck={false}
            hint={e.telegramHint}
            defaultValue={value('telegram', profile.telegram ? `@${profile.telegram}` : null)}
            error={error('telegram')}
          />
          <TextField
            label={e.xHandle}
            name="xHandle"
            schema={schema}
            autoCapitalize="none"
            spellCheck={false}
            hint={e.xHint}
            defaultValue={value('xHandle', profile.xHandle ? `@${profile.xHandle}` : null)}
            error={error('xHandle')}
          />
        </Fieldset>

        <Fieldset legend={e.availability}>
          <CheckboxField
            name="showAvailabilityStatus"
            checked={showAvailability}
            onChange={setShowAvailability}
          >
            {e.showAvailability}
          </CheckboxField>
          <CheckboxField
            name="availableNow"
            defaultChecked={profile.availableNow}
            disabled={!showAvailability}
          >
            {e.availableNow}
            <span className="block text-stone-600">{e.availableNowHint}</span>
          </CheckboxField>
        </Fieldset>

        <div className="sm:max-w-xs">
          <SubmitButton label={e.submit} pendingLabel={e.submitting} pending={form.submitting} />
        </div>
      </Form>
    </div>
  )
}
