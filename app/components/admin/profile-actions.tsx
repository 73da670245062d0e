import { MEMBERSHIP_TIERS } from '#app/domain/membership.ts'
import { formatBrlCents } from '#app/domain/money.ts'
import { format, useLanguage, useT } from '#app/i18n/i18n.ts'
import { AdminField, AdminForm, ReasonField } from './admin-form.tsx'
import { Panel, SectionTitle } from './admin-parts.tsx'
import type { AdminProfileFacts, ReturnFeeFacts } from './profile-facts.tsx'
import { SuspendFields, SuspendPreview, type SuspensionDaily } from './suspend-form.tsx'

// The actions of /admin/profiles/{id} (issue 8 item 5) that the profile's state allows: suspend,
// waive a return fee, reset two-factor, end a suspension, hide or show, change the plan, ban.

export function ProfileActions({
  profile,
  returnFee,
  nextSuspension,
  daily,
}: {
  profile: AdminProfileFacts
  returnFee: ReturnFeeFacts | null
  nextSuspension: number
  daily: SuspensionDaily | null
}) {
  const t = useT()
  const a = t.admin
  const language = useLanguage()
  const feeDue =
    returnFee !== null && returnFee.cents > 0 && !returnFee.paidAt && !returnFee.waivedAt
  const id = { profileId: profile.id }
  return (
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
              {(error) => <SuspendFields error={error} daily={daily} />}
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
  )
}
