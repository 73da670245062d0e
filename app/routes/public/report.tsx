import { useState } from 'react'
import { data, Form, Link, type ShouldRevalidateFunction } from 'react-router'
import { firstProblem, useCheckedForm } from '#app/components/forms/use-checked-form.ts'
import { SiteShell } from '#app/components/layout/site-shell.tsx'
import {
  ProfileFormErrorBoundary,
  ProfileNotFound,
} from '#app/components/profile/profile-not-found.tsx'
import { ActionAlert, FormAlert } from '#app/components/ui/alert.tsx'
import { buttonClass, SubmitButton } from '#app/components/ui/button.tsx'
import { CountedTextArea } from '#app/components/ui/field.tsx'
import { Flag } from '#app/components/ui/icons.tsx'
import { REPORT_REASONS } from '#app/domain/moderation.ts'
import { paths } from '#app/domain/paths.ts'
import { format, useLanguage, useT } from '#app/i18n/i18n.ts'
import { currentUser } from '#app/modules/auth/session.server.ts'
import { fileReport, reportTarget } from '#app/modules/client/reports.server.ts'
import { reportSchema } from '#app/modules/client/schema.ts'
import type { FormAnswer } from '#app/modules/forms/checks.ts'
import { parseSingleForm } from '#app/modules/forms/parse-form.server.ts'
import { metaContext, pageMeta } from '#app/modules/seo/meta.ts'
import type { Route } from './+types/report'

// /acompanhante/{username}/denunciar (issue 9 item 2): a client or a visitor reports a public
// profile to the team. No captcha: the limits are per account or per address, in the database.

export async function loader({ params }: Route.LoaderArgs) {
  const profile = await reportTarget(params.slug)
  // Not thrown: after a 'minor' report hid the profile, this loader runs again to show the
  // thanks, which the reporter must see rather than 'profile not found'.
  if (!profile) return data({ profile: null }, { status: 404 })
  return { profile }
}

/** The thanks need nothing of the profile, which a 'minor' report may just have hidden. */
export const shouldRevalidate: ShouldRevalidateFunction = ({
  actionResult,
  defaultShouldRevalidate,
}) => (actionResult?.done ? false : defaultShouldRevalidate)

interface ReportAnswer extends FormAnswer<'report'> {
  done?: boolean
  /** A 'minor' report that could not hide the profile (past the hide budgets): say so. */
  keptOnline?: boolean
}

export async function action({ params, request, context }: Route.ActionArgs) {
  const { form, checked } = await parseSingleForm(request, reportSchema)
  const values = {
    reason: String(form.get('reason') ?? ''),
    details: String(form.get('details') ?? ''),
  }
  if (!checked.ok)
    return data<ReportAnswer>({ intent: 'report', error: checked.error, values }, 400)
  const profile = await reportTarget(params.slug)
  if (!profile) throw data({ kind: 'profile' }, { status: 404 })
  const user = await currentUser(request)
  const filed = await fileReport(
    { userId: user?.role === 'client' ? user.id : undefined, clientIp: context?.clientIp },
    { profileId: profile.id, ...checked.value },
  )
  if (filed.ok) {
    const keptOnline = checked.value.reason === 'minor' && !filed.hid
    // A 200 of its own: the page's loader, run again after this, answers 404 for a profile the
    // report just hid, and would otherwise set the status of the thanks.
    return data<ReportAnswer>({ intent: 'report', done: true, keptOnline }, { status: 200 })
  }
  if (filed.error === 'notFound') throw data({ kind: 'profile' }, { status: 404 })
  return data<ReportAnswer>(
    {
      intent: 'report',
      values,
      alert: {
        title: 'tooManyAttempts',
        text: 'tryAgainIn',
        minutes: Math.ceil(filed.retryAfterS / 60),
      },
    },
    { status: 429, headers: { 'Retry-After': String(filed.retryAfterS) } },
  )
}

export function meta(args: Route.MetaArgs) {
  const { t } = metaContext(args)
  const name = args.data?.profile?.name
  return pageMeta(args, {
    title: name ? format(t.report.metaTitle, { name }) : t.profile.notFoundTitle,
    noindex: true,
  })
}

export default function ReportPage({ loaderData }: Route.ComponentProps) {
  const t = useT()
  const lang = useLanguage()
  const r = t.report
  const { profile } = loaderData
  const form = useCheckedForm<ReportAnswer>('report', firstProblem(reportSchema))
  const [reason, setReason] = useState(form.valueOf('reason') ?? '')
  if (form.data?.done) {
    return (
      <SiteShell>
        <section className="mx-auto max-w-xl py-12">
          <FormAlert tone="success" title={r.thanksTitle} reveal={form.data}>
            <p>{r.thanksText}</p>
            {/* The form promised a 'minor' report takes the profile offline: not when it did not. */}
            {form.data.keptOnline ? <p className="mt-1">{r.keptOnlineText}</p> : null}
          </FormAlert>
          <div className="mt-6 flex flex-wrap gap-3">
            <Link to={paths.home(lang)} className={buttonClass('main', 'page')}>
              {r.backToStart}
            </Link>
          </div>
        </section>
      </SiteShell>
    )
  }
  if (!profile) return <ProfileNotFound />
  const profilePath = paths.profile(profile.username)
  const reasonError = form.errorOf('reason')
  return (
    <SiteShell>
      <section className="mx-auto max-w-xl py-8">
        <h1 className="flex items-center gap-2 text-2xl font-bold tracking-tight">
          <Flag aria-hidden="true" className="size-6 text-rose-800" />
          {format(r.title, { name: profile.name })}
        </h1>
        <p className="mt-2 text-stone-700">{r.intro}</p>
        <div className="mt-4">
          <ActionAlert data={form.data} />
        </div>
        <Form method="post" noValidate onSubmit={form.onSubmit} className="mt-4 space-y-5">
          <fieldset aria-describedby={reasonError ? 'reason-message' : undefined}>
            <legend className="mb-2 text-sm font-medium text-stone-800">{r.reasonLegend}</legend>
            <div className="space-y-2">
              {REPORT_REASONS.map((one) => (
                <label
                  key={one}
                  className="flex cursor-pointer items-center gap-3 rounded-md border border-stone-300 bg-white px-3 py-2.5 has-[:checked]:border-rose-700 has-[:checked]:bg-rose-50"
                >
                  <input
                    type="radio"
                    name="reason"
                    value={one}
                    defaultChecked={reason === one}
                    onChange={() => setReason(one)}
                    className="size-4 accent-rose-800"
                  />
                  <span>{r.reasons[one]}</span>
                </label>
              ))}
            </div>
            {reasonError ? (
              <p id="reason-message" role="alert" className="mt-1 text-sm text-red-700">
                {t.formErrors[reasonError]}
              </p>
            ) : null}
          </fieldset>
          {reason === 'minor' ? (
            <p className="rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-950">
              {r.minorNotice}
            </p>
          ) : null}
          <CountedTextArea
            label={r.details}
            name="details"
            schema={reportSchema}
            rows={5}
            hint={r.detailsHint}
            error={form.errorOf('details')}
            defaultValue={form.valueOf('details') ?? ''}
          />
          <SubmitButton label={r.submit} pendingLabel={r.submitting} pending={form.submitting} />
        </Form>
        <p className="mt-6 text-sm">
          <Link to={profilePath} className="underline">
            {r.backToProfile}
          </Link>
        </p>
      </section>
    </SiteShell>
  )
}

export const ErrorBoundary = ProfileFormErrorBoundary
