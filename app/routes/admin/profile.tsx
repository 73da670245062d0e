import { useCallback, useEffect, useRef, useState } from 'react'
import { data, Link } from 'react-router'
import {
  AdminField,
  AdminForm,
  PageAnswer,
  ReasonField,
  useAdminAnswer,
} from '#app/components/admin/admin-form.tsx'
import { Panel, SectionTitle, Thumb } from '#app/components/admin/admin-parts.tsx'
import { AuditWords } from '#app/components/admin/audit-words.tsx'
import { useLongDate } from '#app/components/provider/standing-banner.tsx'
import { MEMBERSHIP_TIERS } from '#app/domain/membership.ts'
import { returnFeeCents, SUSPENSION_DAYS, SYSTEM_ACTOR_ID } from '#app/domain/moderation.ts'
import { formatBrlCents, parseReais } from '#app/domain/money.ts'
import { isPaidTier, PLAN_DAYS } from '#app/domain/plans.ts'
import { LAPSED_VERIFICATION_REASON, REPORT_REVIEW_REASON } from '#app/domain/provider.ts'
import { isUuid } from '#app/domain/uuid.ts'
import { format, useCount, useLanguage, useT } from '#app/i18n/i18n.ts'
import { adminAction } from '#app/modules/admin/actions.server.ts'
import { adminMeta } from '#app/modules/admin/meta.ts'
import { profileForAdmin } from '#app/modules/admin/profile-queries.server.ts'
import { requireRole } from '#app/modules/auth/session.server.ts'
import { PRIVATE_NO_STORE } from '#app/modules/http/cache-control.ts'
import { passOnHeaders } from '#app/modules/http/route-headers.ts'
import { suspensionDailyOf } from '#app/modules/moderation/sanctions.server.ts'
import type { Route } from './+types/profile'

// /admin/profiles/{id} (issue 8 items 3 and 5): one profile as the team sees it, with the
// actions its state allows (suspend, end a suspension, ban, hide or show, plan), the changes
// waiting for review, its reports and its history from the audit log.

export const meta = (args: Route.MetaArgs) => adminMeta(args, 'search')

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireRole(request, 'admin')
  if (!isUuid(params.id)) throw new Response('Not found', { status: 404 })
  const found = await profileForAdmin(params.id)
  if (!found) throw new Response('Not found', { status: 404 })
  // The daily value of her plan, from which a suspension's return fee is counted (issue 33).
  const daily = found.profile.status === 'approved' ? await suspensionDailyOf(params.id) : null
  return data({ ...found, daily }, { headers: PRIVATE_NO_STORE })
}

export const headers = passOnHeaders('Cache-Control')

export function action({ request }: Route.ActionArgs) {
  return adminAction(request, [
    'approve-changes',
    'reject-changes',
    'suspend',
    'lift',
    'ban',
    'hide',
    'unhide',
    'tier',
    'waive-fee',
    'reset-two-factor',
  ])
}

export default function AdminProfile({ loaderData }: Route.ComponentProps) {
  const t = useT()
  const countText = useCount()
  const a = t.admin
  const longDate = useLongDate()
  const { profile, photos, history, reports, nextSuspension, returnFee } = loaderData
  const language = useLanguage()
  const feeDue =
    returnFee !== null && returnFee.cents > 0 && !returnFee.paidAt && !returnFee.waivedAt
  const id = { profileId: profile.id }
  const pendingPhotos = photos.filter((photo) => photo.pending).length
  return (
    <div className="space-y-6">
      <h2 className="text-xl font-semibold">{format(a.profile.title, { name: profile.name })}</h2>
      {profile.email ? (
        // Issue 19 point 19: the profile as the public will see it (a provider's profile only).
        <Link to={`/admin/profiles/${profile.id}/preview`} className="text-sm underline">
          {t.dashboard.preview.adminLink}
        </Link>
      ) : null}
      <PageAnswer />
      <Panel>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="text-stone-600">{a.profile.username}</dt>
          <dd>{profile.username}</dd>
          <dt className="text-stone-600">{a.profile.account}</dt>
          <dd className="break-all">{profile.email ?? a.profile.noAccount}</dd>
          <dt className="text-stone-600">{a.profile.city}</dt>
          <dd>{profile.city ?? '—'}</dd>
          <dt className="text-stone-600">{a.profile.age}</dt>
          <dd>{profile.age ?? '—'}</dd>
          <dt className="text-stone-600">{a.profile.whatsapp}</dt>
          <dd>{profile.whatsapp ?? '—'}</dd>
          <dt className="text-stone-600">{a.profile.status}</dt>
          <dd>
            <strong>{a.statuses[profile.status]}</strong>
            {profile.suspendedUntil
              ? ` · ${format(a.profile.suspendedUntil, { date: longDate(profile.suspendedUntil) })}`
              : null}
            {profile.statusReason ? (
              <span className="block text-stone-600">
                {format(a.profile.statusReason, {
                  reason:
                    profile.statusReason === LAPSED_VERIFICATION_REASON
                      ? t.dashboard.standing.lapsedReason
                      : profile.statusReason,
                })}
              </span>
            ) : null}
            {returnFee ? (
              <span className="block">
                {a.profile.fee.label}:{' '}
                {returnFee.cents === 0
                  ? a.profile.fee.none
                  : format(
                      returnFee.paidAt
                        ? a.profile.fee.paid
                        : returnFee.waivedAt
                          ? a.profile.fee.waived
                          : a.profile.fee.due,
                      {
                        fee: formatBrlCents(returnFee.cents, language),
                        date: longDate(returnFee.paidAt ?? returnFee.waivedAt ?? new Date()),
                      },
                    )}
                {returnFee.waivedAt && returnFee.waiveReason ? (
                  <span className="block text-stone-600">
                    {format(a.profile.fee.waivedReason, { reason: returnFee.waiveReason })}
                  </span>
                ) : null}
              </span>
            ) : null}
          </dd>
          <dt className="text-stone-600">{a.profile.visibility}</dt>
          <dd>
            {a.visibility[profile.visibilityStatus]}
            {profile.hiddenReason ? (
              <span className="block text-stone-600">
                {format(a.profile.statusReason, {
                  reason:
                    profile.hiddenReason === REPORT_REVIEW_REASON
                      ? a.profile.reportReviewReason
                      : profile.hiddenReason,
                })}
              </span>
            ) : null}
          </dd>
          <dt className="text-stone-600">{a.profile.tier}</dt>
          <dd>
            {profile.tierExpiresAt
              ? format(a.profile.tierUntil, {
                  tier: t.tiers[profile.membershipTier],
                  date: longDate(profile.tierExpiresAt),
                })
              : t.tiers[profile.membershipTier]}
          </dd>
          <dt className="text-stone-600">{t.dashboard.nav.verification}</dt>
          <dd>
            {profile.verifiedAt
              ? format(a.profile.verifiedAt, { date: longDate(profile.verifiedAt) })
              : a.profile.notVerified}
          </dd>
        </dl>
        {profile.status === 'approved' && profile.visibilityStatus === 'active' ? (
          <a
            href={`/acompanhante/${profile.username}`}
            className="mt-3 inline-block text-sm text-rose-900 underline"
          >
            {a.profile.publicPage}
          </a>
        ) : null}
      </Panel>

      {profile.changesSubmittedAt ? (
        <Panel>
          <div id="changes">
            <SectionTitle title={a.profile.changesTitle} />
            <p className="mb-3 text-sm">
              {[
                profile.pendingWorkingName
                  ? format(a.profile.newName, { name: profile.pendingWorkingName })
                  : null,
                pendingPhotos > 0 ? countText(a.profile.newPhotos, pendingPhotos) : null,
              ]
                .filter(Boolean)
                .join(' · ')}
            </p>
            <div className="grid gap-4 md:grid-cols-2">
              <AdminForm intent="approve-changes" hidden={id} submit={a.profile.approveChanges}>
                {(error) => (
                  <AdminField
                    kind="textarea"
                    label={a.noteLabel}
                    name="note"
                    error={error('note')}
                  />
                )}
              </AdminForm>
              <AdminForm
                intent="reject-changes"
                hidden={id}
                submit={a.profile.rejectChanges}
                tone="danger"
              >
                {(error) => <ReasonField name="note" error={error('note')} />}
              </AdminForm>
            </div>
          </div>
        </Panel>
      ) : null}

      <Panel>
        <SectionTitle title={a.profile.photos} />
        {photos.length === 0 ? (
          <p className="text-sm text-stone-600">{a.check.noPhotos}</p>
        ) : (
          <ul className="grid grid-cols-3 gap-2 sm:grid-cols-6">
            {photos.map((photo) => (
              <li key={photo.id}>
                <Thumb photo={photo} alt="" />
                {photo.pending ? (
                  <p className="mt-1 text-xs text-amber-800">{a.profile.pendingPhoto}</p>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </Panel>

      <section>
        <SectionTitle title={a.profile.actions} />
        <div className="grid gap-4 md:grid-cols-2">
          {profile.status === 'approved' ? (
            <Panel>
              <SectionTitle title={a.suspend.title} />
              {nextSuspension > 1 ? (
                <p className="mb-2 text-sm text-amber-800">
                  {format(a.suspend.consecutive, { count: nextSuspension })}
                </p>
              ) : null}
              <SuspendPreview />
              <AdminForm
                intent="suspend"
                hidden={{ ...id, preview: '1' }}
                submit={a.suspend.review}
                tone="plain"
              >
                {(error) => <SuspendFields error={error} daily={loaderData.daily} />}
              </AdminForm>
            </Panel>
          ) : null}
          {feeDue && returnFee ? (
            <Panel>
              <SectionTitle
                title={a.waive.title}
                hint={format(a.waive.hint, { fee: formatBrlCents(returnFee.cents, language) })}
              />
              <AdminForm intent="waive-fee" hidden={id} submit={a.waive.submit}>
                {(error) => <ReasonField error={error('reason')} />}
              </AdminForm>
            </Panel>
          ) : null}
          {profile.twoFactorEnabled ? (
            <Panel>
              <SectionTitle title={a.resetTwoFactor.title} hint={a.resetTwoFactor.hint} />
              <AdminForm intent="reset-two-factor" hidden={id} submit={a.resetTwoFactor.submit}>
                {(error) => <ReasonField error={error('reason')} />}
              </AdminForm>
            </Panel>
          ) : null}
          {profile.status === 'suspended' ? (
            <Panel>
              <SectionTitle title={a.lift.title} />
              <AdminForm intent="lift" hidden={id} submit={a.lift.submit}>
                {(error) => <ReasonField error={error('reason')} />}
              </AdminForm>
            </Panel>
          ) : null}
          <Panel>
            <SectionTitle
              title={profile.visibilityStatus === 'hidden' ? a.hide.showTitle : a.hide.hideTitle}
            />
            <AdminForm
              intent={profile.visibilityStatus === 'hidden' ? 'unhide' : 'hide'}
              hidden={id}
              submit={profile.visibilityStatus === 'hidden' ? a.hide.show : a.hide.hide}
              tone="plain"
            >
              {(error) => <ReasonField error={error('reason')} />}
            </AdminForm>
          </Panel>
          <Panel>
            <SectionTitle title={a.tier.title} />
            <AdminForm intent="tier" hidden={id} submit={a.tier.submit} tone="plain">
              {(error) => (
                <>
                  <AdminField
                    kind="select"
                    label={a.tier.tier}
                    name="tier"
                    defaultValue={profile.membershipTier}
                    error={error('tier')}
                    options={MEMBERSHIP_TIERS.map((tier) => ({
                      value: tier,
                      label: t.tiers[tier],
                    }))}
                  />
                  <AdminField
                    type="date"
                    label={a.tier.expires}
                    name="expires"
                    hint={a.tier.expiresHint}
                    error={error('expires')}
                  />
                  <ReasonField error={error('reason')} />
                </>
              )}
            </AdminForm>
          </Panel>
          {profile.status !== 'banned' ? (
            <Panel>
              <SectionTitle title={a.ban.title} hint={a.ban.hint} />
              <AdminForm intent="ban" hidden={id} submit={a.ban.submit} tone="danger">
                {(error) => (
                  <>
                    <ReasonField error={error('reason')} />
                    <label className="flex items-center gap-2 text-sm">
                      <input type="checkbox" name="confirm" className="size-4" />
                      {a.ban.confirm}
                    </label>
                    {error('confirm') ? (
                      <p className="text-xs text-red-700">{error('confirm')}</p>
                    ) : null}
                  </>
                )}
              </AdminForm>
            </Panel>
          ) : null}
        </div>
      </section>

      <Panel>
        <SectionTitle title={a.profile.reports} />
        {reports.length === 0 ? (
          <p className="text-sm text-stone-600">{a.profile.noReports}</p>
        ) : (
          <ul className="divide-y divide-stone-200 text-sm">
            {reports.map((report) => (
              <li key={report.id} className="py-2">
                <strong>{a.reports.reasons[report.reason]}</strong> ·{' '}
                {format(a.reports.filedAt, { date: longDate(report.createdAt) })}
                {report.resolution ? ` · ${a.reports.resolutions[report.resolution]}` : null}
                {report.details ? <p className="text-stone-700">{report.details}</p> : null}
              </li>
            ))}
          </ul>
        )}
      </Panel>

      <Panel>
        <SectionTitle title={a.profile.history} />
        {history.length === 0 ? (
          <p className="text-sm text-stone-600">{a.profile.noHistory}</p>
        ) : (
          <ul className="divide-y divide-stone-200 text-sm">
            {history.map((entry) => (
              <li key={entry.id} className="py-2">
                <strong>{a.audit.actions[entry.action]}</strong> · {longDate(entry.createdAt)} ·{' '}
                <span className="break-all">
                  {entry.actorEmail === SYSTEM_ACTOR_ID ? a.audit.system : entry.actorEmail}
                </span>
                <AuditWords entry={entry} />
              </li>
            ))}
          </ul>
        )}
        <Link
          to={`/admin/audit?target=${profile.id}`}
          className="mt-2 inline-block text-sm text-rose-900 underline"
        >
          {a.profile.fullHistory}
        </Link>
      </Panel>
    </div>
  )
}

type Daily = Route.ComponentProps['loaderData']['daily']

/**
 * The return fee of the suspension the team asked to see (issue 33 point 5): days × her plan's
 * daily value, or the fee the team set, and the button that confirms it with the same values.
 * Sent without JavaScript, the page comes back with it.
 */
function SuspendPreview() {
  const t = useT()
  const countText = useCount()
  const language = useLanguage()
  const answer = useAdminAnswer()
  const s = t.admin.suspend
  const preview = answer?.intent === 'suspend' ? answer.preview : undefined
  if (!preview || !answer?.values) return null
  const money = (cents: number) => formatBrlCents(cents, language)
  const { preview: _, intent: __, ...values } = answer.values
  const tier = preview.tier && isPaidTier(preview.tier) ? t.tiers[preview.tier] : null
  return (
    <div
      role="status"
      className="mb-4 space-y-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-stone-900"
    >
      <p className="font-semibold">{s.previewTitle}</p>
      <p>{countText(s.previewDays, preview.days)}</p>
      <p>
        <strong>
          {preview.overridden
            ? format(s.previewOverride, {
                fee: money(preview.feeCents),
                planFee: money(preview.planFeeCents),
              })
            : tier
              ? format(s.previewPlan, {
                  fee: money(preview.feeCents),
                  days: preview.days,
                  daily: money(preview.dailyValueCents),
                  tier,
                })
              : s.previewFree}
        </strong>
      </p>
      {tier ? <p className="text-xs text-stone-700">{s.planPaused}</p> : null}
      <AdminForm intent="suspend" hidden={values} submit={s.confirm} tone="danger" />
    </div>
  )
}

function SuspendFields({
  error,
  daily,
}: {
  error: (field: string) => string | undefined
  daily: Daily
}) {
  const t = useT()
  const language = useLanguage()
  const s = t.admin.suspend
  // Uncontrolled fields: what was typed before the page came alive stays, and is read once it
  // does; the fee follows every keystroke after that.
  const box = useRef<HTMLDivElement>(null)
  const [typed, setTyped] = useState({ days: '', fee: '' })
  const read = useCallback(() => {
    const value = (name: string) =>
      box.current?.querySelector<HTMLInputElement>(`input[name="${name}"]`)?.value ?? ''
    setTyped({ days: value('days'), fee: value('fee') })
  }, [])
  useEffect(read, [read])
  const money = (cents: number) => formatBrlCents(cents, language)
  const dayCount = Number(typed.days)
  const dailyCents = daily?.dailyValueCents ?? 0
  const overrideCents = typed.fee.trim() === '' ? null : parseReais(typed.fee)
  const fee =
    Number.isInteger(dayCount) && dayCount > 0
      ? money(overrideCents ?? returnFeeCents(dayCount, dailyCents))
      : null
  const tier = daily?.tier ? t.tiers[daily.tier] : null
  return (
    <div ref={box} onInput={read} className="space-y-3">
      <p className="text-sm text-stone-700">
        {tier && daily?.priceCents
          ? format(s.planDaily, {
              tier,
              daily: money(dailyCents),
              price: money(daily.priceCents),
              planDays: PLAN_DAYS,
            })
          : s.freePlan}
      </p>
      <AdminField
        type="number"
        inputMode="numeric"
        min={SUSPENSION_DAYS.min}
        max={SUSPENSION_DAYS.max}
        label={s.days}
        name="days"
        error={error('days')}
      />
      {fee ? (
        <p className="text-sm" aria-live="polite">
          <strong>{format(s.fee, { fee })}</strong>
        </p>
      ) : null}
      <details open={Boolean(error('fee') || error('feeReason')) || undefined}>
        <summary className="cursor-pointer text-sm font-medium underline">{s.override}</summary>
        <div className="mt-2 space-y-3">
          <AdminField
            inputMode="decimal"
            label={s.overrideFee}
            name="fee"
            hint={s.overrideFeeHint}
            error={error('fee')}
          />
          <ReasonField name="feeReason" label={s.overrideReason} error={error('feeReason')} />
        </div>
      </details>
      <ReasonField error={error('reason')} />
    </div>
  )
}
