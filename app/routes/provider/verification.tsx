import { data, Form, Link } from 'react-router'
import { useCheckedForm } from '#app/components/forms/use-checked-form.ts'
import { useLongDate } from '#app/components/provider/standing-banner.tsx'
import { ActionAlert, FormAlert } from '#app/components/ui/alert.tsx'
import { SubmitButton } from '#app/components/ui/button.tsx'
import { cardClass } from '#app/components/ui/card.tsx'
import { CheckboxField, TextField } from '#app/components/ui/field.tsx'
import { FilePicker } from '#app/components/ui/file-picker.tsx'
import { cpfDigits, isValidCpf } from '#app/domain/gifts.ts'
import {
  DOCUMENT_PARTS,
  type DocumentPart,
  MAX_PHOTO_BYTES,
  missingItems,
  providerStanding,
  verificationEndsAt,
} from '#app/domain/provider.ts'
import { format, useT } from '#app/i18n/i18n.ts'
import { requireRole } from '#app/modules/auth/session.server.ts'
import type { FieldError, FormAnswer } from '#app/modules/forms/checks.ts'
import { orderedForm } from '#app/modules/forms/checks.ts'
import { plain } from '#app/modules/forms/fields.ts'
import { parseForm } from '#app/modules/forms/parse-form.server.ts'
import { PRIVATE_NO_STORE } from '#app/modules/http/cache-control.ts'
import { passOnHeaders } from '#app/modules/http/route-headers.ts'
import { giftsEnabled } from '#app/modules/payments/gifts.server.ts'
import { payoutCpfOf } from '#app/modules/payments/payout-cpf.server.ts'
import { dashboardMeta } from '#app/modules/provider/meta.ts'
import { ensureOwnProfile } from '#app/modules/provider/own-profile.server.ts'
import { latestSubmission, submitVerification } from '#app/modules/provider/verification.server.ts'
import type { Route } from './+types/verification'

export const meta = (args: Route.MetaArgs) => dashboardMeta(args, 'verification')

// /dashboard/verification (issue 7 item 5): the identity check, with its consent; with gifts on
// (issue 22), her CPF too: the only Pix key her withdrawals are paid to.

interface VerificationAnswer extends FormAnswer<'submit'> {
  sent?: boolean
}

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireRole(request, 'provider')
  const profile = await ensureOwnProfile(user)
  const facts = { ...profile, photos: profile.photoCount, visibility: profile.visibilityStatus }
  const standing = providerStanding(facts, new Date())
  return data(
    {
      status: profile.status,
      latest: (await latestSubmission(profile.id)) ?? null,
      missing: missingItems(facts).filter((item) => item !== 'documents'),
      verifiedAt: profile.verifiedAt,
      endsAt: profile.verifiedAt ? verificationEndsAt(profile.verifiedAt) : null,
      renewSoon: standing.kind === 'approved' && standing.renewSoon,
      askCpf: giftsEnabled(),
    },
    { headers: PRIVATE_NO_STORE },
  )
}

export const headers = passOnHeaders('Cache-Control')

/** The CPF's input: 11 digits, with or without the dots and dash. */
const CPF_MAX_LENGTH = 14

/**
 * The page's form: the documents (files, read from the form itself), the CPF when gifts are on
 * (checked by submitVerification, in its place among the others) and the consent.
 */
const VERIFICATION_FORMS = {
  submit: orderedForm({ cpf: plain({ maxLength: CPF_MAX_LENGTH }), consent: plain() }),
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireRole(request, 'provider')
  const { form, checked } = await parseForm(request, VERIFICATION_FORMS)
  const files: Partial<Record<DocumentPart, Buffer>> = {}
  for (const part of DOCUMENT_PARTS) {
    const file = form.get(part)
    if (file && typeof file !== 'string' && file.size > 0) {
      files[part] = Buffer.from(await file.arrayBuffer())
    }
  }
  const consent = checked.ok && checked.value.consent === 'on'
  const cpf = payoutCpfOf(checked.ok ? checked.value.cpf : '')
  const result = await submitVerification(user.id, files, consent, cpf)
  if (!result.ok) {
    // The hour's decodes spent (issue 30 point 10): the same documents may be sent again later.
    const status = result.error.message === 'documentHourlyLimit' ? 429 : 422
    return data<VerificationAnswer>({ intent: 'submit', error: result.error }, status)
  }
  return data<VerificationAnswer>({ intent: 'submit', sent: true })
}

/**
 * The browser's check before sending: every photo chosen, none too large, the CPF when asked,
 * consent given.
 */
function documentsProblem(form: FormData): FieldError | undefined {
  for (const part of DOCUMENT_PARTS) {
    const file = form.get(part)
    if (!(file instanceof File) || file.size === 0)
      return { field: part, message: 'documentMissing' }
    if (file.size > MAX_PHOTO_BYTES) return { field: part, message: 'photoSize' }
  }
  const cpf = form.get('cpf')
  if (typeof cpf === 'string') {
    if (!cpf.trim()) return { field: 'cpf', message: 'cpfRequired' }
    const digits = cpfDigits(cpf.trim())
    if (!digits || !isValidCpf(digits)) return { field: 'cpf', message: 'cpfInvalid' }
  }
  if (form.get('consent') !== 'on') return { field: 'consent', message: 'consentRequired' }
  return undefined
}

export default function VerificationPage({ loaderData }: Route.ComponentProps) {
  const t = useT()
  const v = t.dashboard.verification
  const longDate = useLongDate()
  const form = useCheckedForm<VerificationAnswer>('submit', documentsProblem)
  const { latest, status, missing } = loaderData
  const pending = latest?.status === 'pending'
  const blocked = status === 'suspended' || status === 'banned'
  const formError = form.data?.error?.field === 'form' ? form.data.error.message : undefined
  return (
    <div className="max-w-2xl space-y-4">
      <div>
        <h2 className="text-xl font-semibold">{v.title}</h2>
        <p className="mt-1 text-sm text-stone-600">{v.intro}</p>
        <p className="mt-1 text-sm text-stone-600">{v.privacy}</p>
      </div>
      {form.data?.sent ? <FormAlert tone="success" title={v.sent} reveal={form.data} /> : null}
      {formError ? (
        <FormAlert tone="error" title={t.formErrors[formError]} reveal={form.data} />
      ) : null}
      <ActionAlert data={form.data} />
      {pending && latest && !form.data?.sent ? (
        <FormAlert tone="info" title={format(v.pending, { date: longDate(latest.submittedAt) })} />
      ) : null}
      {!pending && latest?.status === 'rejected' && latest.decidedAt ? (
        <FormAlert tone="error" title={format(v.rejected, { date: longDate(latest.decidedAt) })}>
          {latest.reason ? format(t.dashboard.standing.reason, { reason: latest.reason }) : null}
        </FormAlert>
      ) : null}
      {status === 'approved' && loaderData.verifiedAt && loaderData.endsAt ? (
        <FormAlert
          tone={loaderData.renewSoon ? 'info' : 'success'}
          title={
            loaderData.renewSoon
              ? format(v.renew, { date: longDate(loaderData.endsAt) })
              : format(v.approved, {
                  date: longDate(loaderData.verifiedAt),
                  until: longDate(loaderData.endsAt),
                })
          }
        />
      ) : null}
      {blocked ? <FormAlert tone="error" title={v.blocked} /> : null}
      {!blocked && !pending && missing.length > 0 ? (
        <FormAlert tone="info" title={v.incomplete}>
          <ul className="mt-1 list-disc pl-5">
            {missing.map((item) => (
              <li key={item}>
                <Link
                  to={item === 'photos' ? '/dashboard/photos' : '/dashboard/profile'}
                  className="underline"
                >
                  {t.dashboard.nextSteps[item]}
                </Link>
              </li>
            ))}
          </ul>
        </FormAlert>
      ) : null}
      {!blocked && !pending && missing.length === 0 && !form.data?.sent ? (
        <Form
          method="post"
          encType="multipart/form-data"
          noValidate
          onSubmit={form.onSubmit}
          className={`space-y-4 ${cardClass}`}
        >
          <input type="hidden" name="intent" value="submit" />
          {DOCUMENT_PARTS.map((part) => {
            const error = form.errorOf(part)
            return (
              <div key={part}>
                <label htmlFor={part} className="block text-sm font-medium">
                  {v[part]}
                </label>
                <p id={`${part}-hint`} className="text-sm text-stone-600">
                  {v[`${part}Hint`]}
                </p>
                <FilePicker
                  id={part}
                  name={part}
                  accept="image/jpeg,image/png,image/webp,image/heic,image/heif,.heic,.heif"
                  describedBy={`${part}-hint`}
                  invalid={Boolean(error)}
                />
                {error ? (
                  <p role="alert" className="mt-1 text-sm text-red-700">
                    {t.formErrors[error]}
                  </p>
                ) : null}
              </div>
            )
          })}
          {loaderData.askCpf ? (
            <div>
              <TextField
                label={v.cpf}
                name="cpf"
                hint={v.cpfHint}
                error={form.errorOf('cpf')}
                inputMode="numeric"
                autoComplete="off"
                placeholder="000.000.000-00"
                maxLength={CPF_MAX_LENGTH}
              />
            </div>
          ) : null}
          <div>
            <CheckboxField name="consent">{v.consent}</CheckboxField>
            {form.errorOf('consent') ? (
              <p role="alert" className="mt-1 text-sm text-red-700">
                {t.formErrors.consentRequired}
              </p>
            ) : null}
          </div>
          <div className="sm:max-w-xs">
            <SubmitButton label={v.submit} pendingLabel={v.submitting} pending={form.submitting} />
          </div>
        </Form>
      ) : null}
    </div>
  )
}
