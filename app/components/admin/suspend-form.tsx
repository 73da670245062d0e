import { useCallback, useEffect, useRef, useState } from 'react'
import { returnFeeCents, SUSPENSION_DAYS } from '#app/domain/moderation.ts'
import { formatBrlCents, parseReais } from '#app/domain/money.ts'
import { isPaidTier, type PaidTier, PLAN_DAYS } from '#app/domain/plans.ts'
import { format, useCount, useLanguage, useT } from '#app/i18n/i18n.ts'
import { AdminField, AdminForm, ReasonField, useAdminAnswer } from './admin-form.tsx'

// The suspension form of /admin/profiles/{id} (issue 33 point 5): its fields with the return fee
// counted as the team types, and the preview the action answers with, to be confirmed.

/** Her plan's daily value, from which the return fee is counted (sanctions.server.ts). */
export interface SuspensionDaily {
  tier: PaidTier | null
  priceCents: number | null
  dailyValueCents: number
}

type Daily = SuspensionDaily | null

/**
 * The return fee of the suspension the team asked to see (issue 33 point 5): days × her plan's
 * daily value, or the fee the team set, and the button that confirms it with the same values.
 * Sent without JavaScript, the page comes back with it.
 */
export function SuspendPreview() {
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

export function SuspendFields({
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
