import { data, Form } from 'react-router'
import { AccountSettings, Section } from '#app/components/account/account-settings.tsx'
import { firstProblem, useCheckedForm } from '#app/components/forms/use-checked-form.ts'
import { FormAlert } from '#app/components/ui/alert.tsx'
import { SubmitButton } from '#app/components/ui/button.tsx'
import { CountedTextArea, TextField } from '#app/components/ui/field.tsx'
import { useT } from '#app/i18n/i18n.ts'
import { accountPageAction, accountPageLoader } from '#app/modules/account/account-page.server.ts'
import type { AccountAnswer } from '#app/modules/account/answer.ts'
import { requireRole } from '#app/modules/auth/session.server.ts'
import { clientDetails, saveClientDetails } from '#app/modules/client/details.server.ts'
import { clientMeta } from '#app/modules/client/meta.ts'
import { clientDetailsSchema } from '#app/modules/client/schema.ts'
import type { FormAnswer } from '#app/modules/forms/checks.ts'
import { checkIntent, readForm } from '#app/modules/forms/parse-form.server.ts'
import { PRIVATE_NO_STORE } from '#app/modules/http/cache-control.ts'
import { passOnHeaders } from '#app/modules/http/route-headers.ts'
import type { Route } from './+types/account'

export const meta = (args: Route.MetaArgs) => clientMeta(args, 'account')

// /client-dashboard/account (issue 9 items 1 and 3): display name and about with the sign-up
// rules, then the account section every role has (e-mail, password, data copy, deletion).

export async function loader({ request }: Route.LoaderArgs) {
  const account = await accountPageLoader(request, 'client')
  const user = await requireRole(request, 'client')
  return data(
    { ...account.data, details: await clientDetails(user.id) },
    { headers: PRIVATE_NO_STORE },
  )
}

interface DetailsAnswer extends FormAnswer<'details'> {
  done?: boolean
}

export async function action({ request, context }: Route.ActionArgs) {
  // The account forms every role has are read by accountPageAction; this page adds one.
  const form = await readForm(request)
  const details = checkIntent(form, { details: clientDetailsSchema })
  if (!details) return accountPageAction(request, context, 'client', form)
  const user = await requireRole(request, 'client')
  const { checked } = details
  if (!checked.ok) {
    return data<DetailsAnswer>(
      {
        intent: 'details',
        error: checked.error,
        values: {
          displayName: String(form.get('displayName') ?? ''),
          about: String(form.get('about') ?? ''),
        },
      },
      400,
    )
  }
  await saveClientDetails(user.id, checked.value)
  return data<DetailsAnswer>({ intent: 'details', done: true })
}

export const headers = passOnHeaders('Cache-Control')

export default function ClientAccount({ loaderData }: Route.ComponentProps) {
  const t = useT()
  const c = t.client
  const signUp = t.auth.clientSignUp
  const { email, details } = loaderData
  const form = useCheckedForm<DetailsAnswer | AccountAnswer>(
    'details',
    firstProblem(clientDetailsSchema),
  )
  return (
    <AccountSettings email={email}>
      <Section title={c.detailsTitle} text={c.detailsText}>
        {form.data && 'done' in form.data && form.data.done ? (
          <FormAlert tone="success" title={c.detailsSaved} reveal={form.data} />
        ) : null}
        <Form method="post" noValidate onSubmit={form.onSubmit} className="space-y-3">
          <input type="hidden" name="intent" value="details" />
          <TextField
            label={signUp.displayName}
            name="displayName"
            schema={clientDetailsSchema}
            autoComplete="nickname"
            defaultValue={form.valueOf('displayName') ?? details.displayName}
            hint={signUp.displayNameHint}
            error={form.errorOf('displayName')}
          />
          <CountedTextArea
            label={signUp.about}
            name="about"
            schema={clientDetailsSchema}
            defaultValue={form.valueOf('about') ?? details.about}
            hint={signUp.aboutHint}
            error={form.errorOf('about')}
          />
          <SubmitButton
            label={c.detailsSubmit}
            pendingLabel={c.submitting}
            pending={form.submitting}
          />
        </Form>
      </Section>
    </AccountSettings>
  )
}
