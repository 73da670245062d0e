import type { ComponentType } from 'react'
import { useLoaderData } from 'react-router'
import { describe, expect, it } from 'vitest'
import type { z } from 'zod'
import { AccountSettings } from '#app/components/account/account-settings.tsx'
import { ForgotPasswordCard, ResetPasswordCard } from '#app/components/auth/password-cards.tsx'
import { ClientSignUpCard, ProviderSignUpCard } from '#app/components/auth/sign-up-cards.tsx'
import { type EditableProfile, ProfileEditor } from '#app/components/provider/profile-editor.tsx'
import { calendarDate } from '#app/domain/account.ts'
import { brazilDay } from '#app/domain/brazil-time.ts'
import {
  deletionSchema,
  emailChangeSchema,
  passwordChangeSchema,
} from '#app/modules/account/schema.ts'
import {
  clientSignUpSchema,
  forgotPasswordSchema,
  providerSignUpSchema,
  resetPasswordSchema,
} from '#app/modules/auth/schema.ts'
import { clientDetailsSchema, reportSchema } from '#app/modules/client/schema.ts'
import { fieldAttributes } from '#app/modules/forms/fields.ts'
import { giftSchema } from '#app/modules/payments/gift-schema.ts'
import { type EditorChoices, profileSchema } from '#app/modules/provider/profile-schema.ts'
import ClientAccount from '#app/routes/client/account.tsx'
import GiftPage from '#app/routes/public/gift.tsx'
import ReportPage from '#app/routes/public/report.tsx'
import { renderRoutes } from '#tests/support/render-route.tsx'

// Issue 18: an input's maxLength is its field's limit in the schema that checks the form, for
// every text input of the provider and client forms, so the browser never lets through (or
// stops short of) what the check would say. Each form is rendered as the server renders it and
// each of its inputs compared with the schema of the form's intent.

const choices: EditorChoices = {
  cities: [{ slug: 'sao-paulo', name: 'São Paulo' }],
  neighborhoods: { 'sao-paulo': [{ slug: 'moema', name: 'Moema' }] },
  services: [{ slug: 'jantar', name: 'Jantar' }],
}

const profile: EditableProfile = {
  workingName: 'Estrela Azul',
  pendingWorkingName: null,
  username: 'estrela-azul',
  age: 25,
  citySlug: 'sao-paulo',
  neighborhoodSlug: null,
  description: null,
  hourlyRate: null,
  whatsapp: null,
  telegram: null,
  xHandle: null,
  touringAvailable: false,
  showAvailabilityStatus: false,
  availableNow: false,
  services: [],
}

const EMAIL = 'ana@example.com'

/** The schema each form is read with, by the intent it sends ('' for the report form). */
const SCHEMAS: Record<string, z.ZodType> = {
  save: profileSchema(choices),
  email: emailChangeSchema,
  password: passwordChangeSchema,
  delete: deletionSchema(EMAIL),
  details: clientDetailsSchema,
  'provider-sign-up': providerSignUpSchema(new Set()),
  'client-sign-up': clientSignUpSchema(calendarDate(brazilDay())),
  forgot: forgotPasswordSchema,
  reset: resetPasswordSchema,
  '': reportSchema,
  gift: giftSchema,
}

/** `Screen` as the server renders it, under a root route whose loader gives `data`. */
async function render(Screen: ComponentType, data: Record<string, unknown> = {}) {
  const routes = [
    { id: 'root', path: '/', loader: () => ({ language: 'pt', ...data }), Component: Screen },
  ]
  return (await renderRoutes(routes, new Request('http://localhost/'))).html
}

/** A route component's props: its loader's data (the rest is not read by the forms). */
function useRouteProps<Page extends (props: never) => unknown>(): Parameters<Page>[0] {
  return { loaderData: useLoaderData() } as unknown as Parameters<Page>[0]
}

/** Input types people type text into (a number typed as text included). */
const TEXT_TYPES = new Set(['text', 'email', 'password', 'tel', 'url', 'number'])

interface TextInput {
  form: string
  name: string
  maxLength: number | undefined
}

const attribute = (tag: string, name: string) =>
  new RegExp(`\\s${name}="([^"]*)"`, 'i').exec(tag)?.[1]

/** Every text input and textarea of `html`, with the intent of its form. */
function textInputs(html: string): TextInput[] {
  const inputs: TextInput[] = []
  for (const [form] of html.matchAll(/<form\b[\s\S]*?<\/form>/g)) {
    const tags = [...form.matchAll(/<(input|textarea)\b[^>]*>/g)].map((match) => match[0])
    const intent =
      tags
        .map((tag) => (attribute(tag, 'name') === 'intent' ? attribute(tag, 'value') : undefined))
        .find(Boolean) ?? ''
    for (const tag of tags) {
      const isTextarea = tag.startsWith('<textarea')
      const type = attribute(tag, 'type') ?? 'text'
      if (!isTextarea && !TEXT_TYPES.has(type)) continue
      const maxLength = attribute(tag, 'maxlength')
      inputs.push({
        form: intent,
        name: attribute(tag, 'name') ?? '(no name)',
        maxLength: maxLength === undefined ? undefined : Number(maxLength),
      })
    }
  }
  return inputs
}

const screens: [string, ComponentType, Record<string, unknown>?][] = [
  [
    'provider profile editor',
    () => <ProfileEditor profile={profile} choices={choices} origin="https://aprova.example" />,
  ],
  ['account settings (provider and client)', () => <AccountSettings email={EMAIL} />],
  [
    'client account details',
    () => <ClientAccount {...useRouteProps<typeof ClientAccount>()} />,
    { email: EMAIL, details: { displayName: 'Ana', about: 'Gosto de jantar fora.' } },
  ],
  ['provider sign-up', () => <ProviderSignUpCard placeSlugs={[]} />],
  ['client sign-up', ClientSignUpCard],
  ['forgotten password', ForgotPasswordCard],
  ['new password', () => <ResetPasswordCard token="token" />],
  [
    'report form',
    () => <ReportPage {...useRouteProps<typeof ReportPage>()} />,
    {
      profile: { id: '00000000-0000-4000-8000-000000000000', name: 'Estrela', username: 'estrela' },
    },
  ],
  [
    'gift form',
    () => <GiftPage {...useRouteProps<typeof GiftPage>()} />,
    {
      profile: { name: 'Estrela', username: 'estrela' },
      refusal: null,
      capLeftCents: 100_000,
      capGrowsAt: null,
    },
  ],
]

/** Inputs each screen must show (so that a screen rendered wrong cannot pass). */
const FIELDS: Record<string, string[]> = {
  'provider profile editor': [
    'workingName',
    'username',
    'age',
    'description',
    'hourlyRate',
    'whatsapp',
    'telegram',
    'xHandle',
  ],
  'account settings (provider and client)': [
    'email',
    'currentPassword',
    'password',
    'confirmPassword',
    'confirmEmail',
  ],
  'client account details': ['displayName', 'about'],
  'provider sign-up': ['email', 'password', 'confirmPassword', 'workingName'],
  'client sign-up': ['email', 'password', 'confirmPassword', 'displayName', 'about', 'dateOfBirth'],
  'forgotten password': ['email'],
  'new password': ['password', 'confirmPassword'],
  'report form': ['details'],
  'gift form': ['otherAmount', 'message'],
}

describe('input limits come from the form schemas', () => {
  it.each(screens)(
    '%s: every text input has its field’s maxLength',
    async (screen, Screen, data) => {
      const inputs = textInputs(await render(Screen, data))
      expect(inputs.map((input) => input.name)).toEqual(
        expect.arrayContaining(FIELDS[screen] ?? []),
      )
      for (const input of inputs) {
        const schema = SCHEMAS[input.form]
        expect(schema, `a schema for the form '${input.form}'`).toBeDefined()
        const limit = schema ? fieldAttributes(schema, input.name).maxLength : undefined
        expect(limit, `${input.form}/${input.name}: a limit in the schema`).toBeTypeOf('number')
        expect(input.maxLength, `${input.form}/${input.name}: maxLength`).toBe(limit)
      }
    },
  )
})
