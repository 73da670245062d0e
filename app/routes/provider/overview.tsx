import { data, Form, Link, useNavigation } from 'react-router'
import { NextSteps } from '#app/components/provider/next-steps.tsx'
import { StandingBanner, useLongDate } from '#app/components/provider/standing-banner.tsx'
import { StatsChart } from '#app/components/provider/stats-chart.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { cardClass } from '#app/components/ui/card.tsx'
import { Eye, Gift, Star } from '#app/components/ui/icons.tsx'
import { calendarDate, isoDay } from '#app/domain/account.ts'
import { brazilDay, daysUpTo } from '#app/domain/brazil-time.ts'
import { WITHDRAWAL_LIMITS_CENTS } from '#app/domain/gifts.ts'
import { formatBrlCents } from '#app/domain/money.ts'
import { paths } from '#app/domain/paths.ts'
import { providerStanding, uploadAllowance } from '#app/domain/provider.ts'
import { format, useLanguage, useT } from '#app/i18n/i18n.ts'
import { requireRole } from '#app/modules/auth/session.server.ts'
import { orderedForm } from '#app/modules/forms/checks.ts'
import { parseForm } from '#app/modules/forms/parse-form.server.ts'
import { PRIVATE_NO_STORE } from '#app/modules/http/cache-control.ts'
import { passOnHeaders } from '#app/modules/http/route-headers.ts'
import { walletOpen } from '#app/modules/payments/gifts.server.ts'
import { pixEnabled, returnFeeOf } from '#app/modules/payments/payments.server.ts'
import { type GiftSummary, giftSummaryOf } from '#app/modules/payments/provider-gifts.server.ts'
import { profileStats } from '#app/modules/profile/stats.server.ts'
import { dashboardMeta } from '#app/modules/provider/meta.ts'
import { ensureOwnProfile, setPaused } from '#app/modules/provider/own-profile.server.ts'
import {
  countPublicChange,
  mayChangePublicProfile,
} from '#app/modules/provider/public-writes.server.ts'
import { ratingsOf } from '#app/modules/reviews/reviews.server.ts'
import { publicBaseUrl } from '#app/platform/env.server.ts'
import type { Route } from './+types/overview'

export const meta = (args: Route.MetaArgs) => dashboardMeta(args, 'overview')

// /dashboard (issue 7 items 1, 6, 7): where the profile stands and what to do next, the plan
// and the month's uploads, pausing and republishing, and the last 30 days of figures.

const STATS_DAYS = 30

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireRole(request, 'provider')
  const profile = await ensureOwnProfile(user)
  const today = brazilDay()
  const [figures, ratings, returnFee, gifts] = await Promise.all([
    profileStats(profile.id, STATS_DAYS),
    ratingsOf(profile.id),
    profile.status === 'suspended' && pixEnabled() ? returnFeeOf(profile.id) : null,
    // Her gifts at a glance (issue 33 point 12), while her gifts page is open.
    walletOpen(profile.id).then((open) => (open ? giftSummaryOf(profile.id) : null)),
  ])
  const byDay = new Map(figures.map((row) => [row.day, row]))
  const days = daysUpTo(today, STATS_DAYS).map((day) => {
    const row = byDay.get(day)
    return {
      day,
      views: row?.views ?? 0,
      clicks: (row?.whatsappClicks ?? 0) + (row?.telegramClicks ?? 0) + (row?.xClicks ?? 0),
    }
  })
  const allowance = uploadAllowance({
    tier: profile.membershipTier,
    used: profile.monthlyPhotoUploads,
    resetOn: profile.photoUploadResetDate ? calendarDate(profile.photoUploadResetDate) : null,
    today: calendarDate(today),
  })
  return data(
    {
      standing: providerStanding(
        { ...profile, visibility: profile.visibilityStatus, photos: profile.photoCount },
        new Date(),
      ),
      username: profile.username,
      origin: publicBaseUrl(request),
      tier: profile.membershipTier,
      tierExpiresAt: profile.tierExpiresAt,
      allowance: { ...allowance, resetOn: isoDay(allowance.resetOn) },
      days,
      ratings,
      returnFeeDue: returnFee?.settled === 'due',
      gifts,
    },
    { headers: PRIVATE_NO_STORE },
  )
}

export const headers = passOnHeaders('Cache-Control')

export async function action({ request }: Route.ActionArgs) {
  const user = await requireRole(request, 'provider')
  const { intent } = await parseForm(request, {
    pause: orderedForm({}),
    republish: orderedForm({}),
  })
  if (!(await mayChangePublicProfile(user.id)))
    return data({ intent, changed: false, limited: true }, { status: 429 })
  const changed = await setPaused(user.id, intent === 'pause')
  if (changed) await countPublicChange(user.id)
  return data({ intent, changed, limited: false }, { status: changed ? 200 : 409 })
}

export default function Overview({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT()
  const lang = useLanguage()
  const longDate = useLongDate()
  const navigation = useNavigation()
  const { ratings } = loaderData
  const { standing, allowance } = loaderData
  const busy = navigation.state !== 'idle' && navigation.formMethod === 'POST'
  const missing = standing.kind === 'draft' || standing.kind === 'rejected' ? standing.missing : []
  const approved = standing.kind === 'approved' ? standing : undefined
  return (
    <div className="grid gap-4 lg:grid-cols-3">
      <div className="space-y-4 lg:col-span-2">
        <StandingBanner
          standing={standing}
          username={loaderData.username}
          origin={loaderData.origin}
        />
        {standing.kind === 'draft' || standing.kind === 'rejected' ? (
          <NextSteps missing={missing} />
        ) : null}
        {loaderData.returnFeeDue ? (
          <p className={`${cardClass} border-amber-300 text-sm`}>
            {t.dashboard.tier.returnFeeDue}{' '}
            <Link to={paths.dashboardPlan} className="font-semibold underline">
              {t.dashboard.tier.returnFeeLink}
            </Link>
          </p>
        ) : null}
        <section aria-labelledby="preview-link-title" className={cardClass}>
          <h2 id="preview-link-title" className="font-semibold">
            <Link to="/dashboard/preview" className="inline-flex items-center gap-2 underline">
              <Eye aria-hidden="true" className="size-5" />
              {t.dashboard.preview.link}
            </Link>
          </h2>
          <p className="mt-1 text-sm text-stone-600">{t.dashboard.preview.linkHint}</p>
        </section>
        <StatsChart days={loaderData.days} />
      </div>
      <div className="space-y-4">
        <section aria-labelledby="tier-title" className={cardClass}>
          <h2 id="tier-title" className="font-semibold">
            {t.dashboard.tier.title}
          </h2>
          <p className="mt-2 text-sm">
            {format(t.dashboard.tier.current, { tier: t.tiers[loaderData.tier] })}
          </p>
          {loaderData.tierExpiresAt ? (
            <p className="text-sm text-stone-600">
              {format(t.dashboard.tier.until, { date: longDate(loaderData.tierExpiresAt) })}
            </p>
          ) : null}
          <p className="mt-3 text-sm">
            {format(t.dashboard.tier.uploads, { used: allowance.used, limit: allowance.limit })}
          </p>
          <p className="text-sm text-stone-600">
            {format(t.dashboard.tier.resets, { date: longDate(`${allowance.resetOn}T12:00:00Z`) })}
          </p>
          <p className="mt-3 text-sm">
            <Link to={paths.dashboardPlan} className="underline">
              {t.dashboard.tier.link}
            </Link>
          </p>
        </section>
        {loaderData.gifts ? <GiftsCard gifts={loaderData.gifts} /> : null}
        <section aria-labelledby="reviews-title" className={cardClass}>
          <h2 id="reviews-title" className="flex items-center gap-2 font-semibold">
            <Star aria-hidden="true" className="size-5" />
            {t.providerReviews.overviewTitle}
          </h2>
          <p className="mt-2 text-sm">
            {ratings.count === 0
              ? t.providerReviews.summaryNone
              : ratings.count === 1
                ? t.providerReviews.summaryOne
                : format(t.providerReviews.summaryCount, { count: ratings.count })}
          </p>
          {ratings.average !== null ? (
            <p className="text-sm text-stone-600">
              {format(t.providerReviews.summaryAverage, {
                average: ratings.average.toLocaleString(lang === 'pt' ? 'pt-BR' : 'en', {
                  minimumFractionDigits: 1,
                  maximumFractionDigits: 1,
                }),
              })}
            </p>
          ) : null}
          <p className="mt-3 text-sm">
            <Link to={paths.dashboardReviews} className="underline">
              {t.providerReviews.overviewLink}
            </Link>
          </p>
        </section>
        {approved && approved.visibility !== 'hidden' ? (
          <section aria-labelledby="visibility-title" className={cardClass}>
            <h2 id="visibility-title" className="font-semibold">
              {t.dashboard.visibility.title}
            </h2>
            {actionData?.limited ? (
              <p role="alert" className="mt-2 text-sm text-red-700">
                {t.formErrors.tooManyChanges}
              </p>
            ) : null}
            {actionData?.changed ? (
              <p role="status" className="mt-2 text-sm text-emerald-800">
                {actionData.intent === 'pause'
                  ? t.dashboard.visibility.paused
                  : t.dashboard.visibility.republished}
              </p>
            ) : null}
            <Form method="post" className="mt-3">
              {approved.visibility === 'paused' ? (
                <Button
                  type="submit"
                  name="intent"
                  value="republish"
                  disabled={busy}
                  size="large"
                  className="w-full"
                >
                  {t.dashboard.visibility.republish}
                </Button>
              ) : (
                <>
                  <Button
                    type="submit"
                    name="intent"
                    value="pause"
                    disabled={busy}
                    tone="secondary"
                    size="large"
                    className="w-full"
                  >
                    {t.dashboard.visibility.pause}
                  </Button>
                  <p className="mt-2 text-xs text-stone-600">{t.dashboard.visibility.pauseHint}</p>
                </>
              )}
            </Form>
          </section>
        ) : null}
      </div>
    </div>
  )
}

/** Her gifts at a glance: the last one and when, what is pending and available, a way to withdraw. */
function GiftsCard({ gifts }: { gifts: GiftSummary }) {
  const t = useT()
  const g = t.dashboard.gifts
  const lang = useLanguage()
  const longDate = useLongDate()
  const money = (cents: number) => formatBrlCents(cents, lang)
  const canWithdraw = gifts.availableCents >= WITHDRAWAL_LIMITS_CENTS.min
  return (
    <section aria-labelledby="gifts-title" className={cardClass}>
      <h2 id="gifts-title" className="flex items-center gap-2 font-semibold">
        <Gift aria-hidden="true" className="size-5" />
        {g.title}
      </h2>
      <p className="mt-2 text-sm">
        {gifts.lastGift
          ? format(g.last, {
              amount: money(gifts.lastGift.amountCents),
              date: longDate(gifts.lastGift.paidAt),
            })
          : g.none}
      </p>
      <dl className="mt-2 grid grid-cols-[1fr_auto] gap-x-3 gap-y-1 text-sm">
        <dt className="text-stone-600">{g.available}</dt>
        <dd className="text-right font-semibold tabular-nums">{money(gifts.availableCents)}</dd>
        <dt className="text-stone-600">{g.pending}</dt>
        <dd className="text-right tabular-nums">{money(gifts.pendingCents)}</dd>
      </dl>
      {gifts.nextAvailableAt ? (
        <p className="mt-1 text-xs text-stone-600">
          {format(g.next, { date: longDate(gifts.nextAvailableAt) })}
        </p>
      ) : null}
      <p className="mt-3 text-sm">
        <Link to={paths.dashboardGifts} className="font-semibold underline">
          {canWithdraw ? g.withdraw : g.open}
        </Link>
      </p>
    </section>
  )
}
