import { useMemo, useState } from 'react'
import { Form, Link } from 'react-router'
import { firstProblem, useCheckedForm } from '#app/components/forms/use-checked-form.ts'
import { ActionAlert } from '#app/components/ui/alert.tsx'
import { SubmitButton } from '#app/components/ui/button.tsx'
import { EmailField, NewPasswordFields } from '#app/components/ui/credential-fields.tsx'
import { CheckboxField, CountedTextArea, TextField } from '#app/components/ui/field.tsx'
import { Check } from '#app/components/ui/icons.tsx'
import { useHydrated } from '#app/components/use-hydrated.ts'
import { birthDateTyping, calendarDate } from '#app/domain/account.ts'
import { brazilDay } from '#app/domain/brazil-time.ts'
import { paths } from '#app/domain/paths.ts'
import { useLanguage, useT } from '#app/i18n/i18n.ts'
import type { AuthActionData } from '#app/modules/auth/form-state.ts'
import { clientSignUpSchema, providerSignUpSchema } from '#app/modules/auth/schema.ts'
import { AuthCard, CardLink } from './auth-layout.tsx'

function PolicyList({ title, items }: { title: string; items: string[] }) {
  return (
    <section aria-label={title} className="rounded-lg bg-stone-100 p-4">
      <h2 className="text-sm font-semibold text-stone-900">{title}</h2>
      <ul className="mt-2 space-y-1.5 text-sm text-stone-700">
        {items.map((item) => (
          <li key={item} className="flex gap-2">
            <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-rose-800" />
            {item}
          </li>
        ))}
      </ul>
    </section>
  )
}

/**
 * The two acceptance boxes (SPEC §2, §5). Submit stays disabled until both are ticked once the
 * page runs JavaScript; without it, the server answers with the same message.
 */
function useAcceptance(initial: boolean) {
  const [terms, setTerms] = useState(initial)
  const [policies, setPolicies] = useState(initial)
  const hydrated = useHydrated()
  return {
    terms,
    policies,
    setTerms,
    setPolicies,
    blocked: hydrated && !(terms && policies),
  }
}

/** The line saying why the submit button waits; the button points to it. */
const ACCEPT_HINT_ID = 'accept-to-continue'

function AcceptBoxes({
  acceptance,
  termsLabel,
  policiesLabel,
  termsHref,
  error,
}: {
  acceptance: ReturnType<typeof useAcceptance>
  termsLabel: string
  policiesLabel: string
  termsHref: string
  error?: string
}) {
  const t = useT()
  return (
    <fieldset className="space-y-3">
      <legend className="sr-only">{t.auth.acceptance}</legend>
      <CheckboxField name="acceptTerms" checked={acceptance.terms} onChange={acceptance.setTerms}>
        {termsLabel}{' '}
        <Link
          to={termsHref}
          target="_blank"
          className="font-medium text-rose-900 underline underline-offset-2"
        >
          {t.auth.readTerms}
        </Link>
      </CheckboxField>
      <CheckboxField
        name="acceptPolicies"
        checked={acceptance.policies}
        onChange={acceptance.setPolicies}
      >
        {policiesLabel}
      </CheckboxField>
      {error ? (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : acceptance.blocked ? (
        <p id={ACCEPT_HINT_ID} className="text-sm text-stone-600">
          {t.auth.acceptToContinue}
        </p>
      ) : null}
    </fieldset>
  )
}

/** SPEC §2 provider sign-up card. */
export function ProviderSignUpCard({ placeSlugs }: { placeSlugs: string[] }) {
  const t = useT()
  const lang = useLanguage()
  const schema = useMemo(() => providerSignUpSchema(new Set(placeSlugs)), [placeSlugs])
  const form = useCheckedForm<AuthActionData>('provider-sign-up', firstProblem(schema))
  const acceptance = useAcceptance(form.valueOf('acceptTerms') === 'on')
  const termsError = form.errorOf('acceptTerms')
  return (
    <AuthCard title={t.auth.providerSignUp.title} text={t.auth.providerSignUp.text}>
      <div className="space-y-5">
        <PolicyList
          title={t.auth.providerSignUp.policyTitle}
          items={t.auth.providerSignUp.policy}
        />
        <ActionAlert data={form.data} />
        <Form method="post" noValidate onSubmit={form.onSubmit} className="space-y-4">
          <input type="hidden" name="intent" value="provider-sign-up" />
          {/* SPEC §2: the name first, then the credentials. */}
          <TextField
            label={t.auth.providerSignUp.workingName}
            name="workingName"
            schema={schema}
            autoComplete="nickname"
            hint={t.auth.providerSignUp.workingNameHint}
            defaultValue={form.valueOf('workingName')}
            error={form.errorOf('workingName')}
          />
          <EmailField schema={schema} form={form} />
          <NewPasswordFields schema={schema} form={form} />
          <AcceptBoxes
            acceptance={acceptance}
            termsLabel={t.auth.providerSignUp.acceptTerms}
            policiesLabel={t.auth.providerSignUp.acceptPolicies}
            termsHref={paths.terms(lang)}
            error={termsError ? t.formErrors[termsError] : undefined}
          />
          <SubmitButton
            label={t.auth.providerSignUp.submit}
            pendingLabel={t.auth.providerSignUp.submitting}
            pending={form.submitting}
            disabled={acceptance.blocked}
            describedBy={acceptance.blocked ? ACCEPT_HINT_ID : undefined}
          />
        </Form>
        <p className="flex flex-col gap-2 text-center text-sm">
          <CardLink to={paths.auth({ mode: 'signup', type: 'client' })}>
            {t.auth.providerSignUp.toClient}
          </CardLink>
          <CardLink to={paths.auth({ mode: 'login', type: 'provider' })}>
            {t.auth.providerSignUp.toLogin}
          </CardLink>
        </p>
      </div>
    </AuthCard>
  )
}

/** SPEC §2 client sign-up card. */
export function ClientSignUpCard() {
  const t = useT()
  const lang = useLanguage()
  const schema = useMemo(() => clientSignUpSchema(calendarDate(brazilDay())), [])
  const form = useCheckedForm<AuthActionData>('client-sign-up', firstProblem(schema))
  const acceptance = useAcceptance(form.valueOf('acceptTerms') === 'on')
  const [birthDate, setBirthDate] = useState(form.valueOf('dateOfBirth') ?? '')
  const termsError = form.errorOf('acceptTerms')
  return (
    <AuthCard title={t.auth.clientSignUp.title} text={t.auth.clientSignUp.text}>
      <div className="space-y-5">
        <ActionAlert data={form.data} />
        <Form method="post" noValidate onSubmit={form.onSubmit} className="space-y-4">
          <input type="hidden" name="intent" value="client-sign-up" />
          {/* SPEC §2: the name first, then the credentials. */}
          <TextField
            label={t.auth.clientSignUp.displayName}
            name="displayName"
            schema={schema}
            autoComplete="nickname"
            hint={t.auth.clientSignUp.displayNameHint}
            defaultValue={form.valueOf('displayName')}
            error={form.errorOf('displayName')}
          />
          <EmailField schema={schema} form={form} />
          <NewPasswordFields schema={schema} form={form} />
          <CountedTextArea
            label={t.auth.clientSignUp.about}
            name="about"
            schema={schema}
            hint={t.auth.clientSignUp.aboutHint}
            defaultValue={form.valueOf('about')}
            error={form.errorOf('about')}
          />
          <TextField
            label={t.auth.clientSignUp.dateOfBirth}
            name="dateOfBirth"
            schema={schema}
            inputMode="numeric"
            autoComplete="bday"
            placeholder={t.auth.clientSignUp.dateOfBirthPlaceholder}
            value={birthDate}
            onChange={(event) => setBirthDate(birthDateTyping(event.target.value))}
            hint={t.auth.clientSignUp.dateOfBirthHint}
            error={form.errorOf('dateOfBirth')}
          />
          <PolicyList title={t.auth.clientSignUp.policyTitle} items={t.auth.clientSignUp.policy} />
          <AcceptBoxes
            acceptance={acceptance}
            termsLabel={t.auth.clientSignUp.acceptTerms}
            policiesLabel={t.auth.clientSignUp.acceptPolicies}
            termsHref={`${paths.terms(lang)}?type=cliente`}
            error={termsError ? t.formErrors[termsError] : undefined}
          />
          <SubmitButton
            label={t.auth.clientSignUp.submit}
            pendingLabel={t.auth.clientSignUp.submitting}
            pending={form.submitting}
            disabled={acceptance.blocked}
            describedBy={acceptance.blocked ? ACCEPT_HINT_ID : undefined}
          />
        </Form>
        <p className="flex flex-col gap-2 text-center text-sm">
          <CardLink to={paths.auth({ mode: 'signup', type: 'provider' })}>
            {t.auth.clientSignUp.toProvider}
          </CardLink>
          <CardLink to={paths.auth({ mode: 'login', type: 'client' })}>
            {t.auth.clientSignUp.toLogin}
          </CardLink>
        </p>
      </div>
    </AuthCard>
  )
}
