import { Link } from 'react-router'
import { CircleAlert, CircleCheck, Clock, EyeOff, Pause } from '#app/components/ui/icons.tsx'
import { BRAZIL_TIME_ZONE } from '#app/domain/brazil-time.ts'
import { paths } from '#app/domain/paths.ts'
import {
  LAPSED_VERIFICATION_REASON,
  type ProviderStanding,
  REPORT_REVIEW_REASON,
} from '#app/domain/provider.ts'
import { SUPPORT_EMAIL } from '#app/domain/site.ts'
import { format, useLanguage, useT } from '#app/i18n/i18n.ts'

/** A date as the provider reads it, in Brazilian time. */
export function useLongDate() {
  const lang = useLanguage()
  const formatter = new Intl.DateTimeFormat(lang === 'pt' ? 'pt-BR' : 'en', {
    dateStyle: 'long',
    timeZone: BRAZIL_TIME_ZONE,
  })
  return (date: Date | string) => formatter.format(new Date(date))
}

const TONES = {
  info: 'border-sky-200 bg-sky-50 text-sky-950',
  success: 'border-emerald-200 bg-emerald-50 text-emerald-950',
  warning: 'border-amber-200 bg-amber-50 text-amber-950',
  danger: 'border-red-200 bg-red-50 text-red-950',
} as const

/** The dashboard's banner (issue 7 item 1): where the profile stands, and why. */
export function StandingBanner({
  standing,
  username,
  origin,
}: {
  standing: ProviderStanding
  username: string
  origin: string
}) {
  const t = useT()
  const s = t.dashboard.standing
  const longDate = useLongDate()
  const reason = (text: string | null) =>
    text ? (
      <p className="mt-1 text-sm">
        {format(s.reason, {
          reason:
            text === LAPSED_VERIFICATION_REASON
              ? s.lapsedReason
              : text === REPORT_REVIEW_REASON
                ? s.reportReviewReason
                : text,
        })}
      </p>
    ) : null
  const support = <p className="mt-2 text-sm">{format(s.support, { email: SUPPORT_EMAIL })}</p>
  let tone: keyof typeof TONES = 'info'
  let Icon = Clock
  let title = ''
  let body: React.ReactNode = null
  switch (standing.kind) {
    case 'draft':
      tone = standing.lapsed ? 'warning' : 'info'
      Icon = standing.lapsed ? CircleAlert : Clock
      title = standing.lapsed ? s.lapsedTitle : s.draftTitle
      body = <p>{standing.lapsed ? s.lapsedText : s.draftText}</p>
      break
    case 'pending':
      title = s.pendingTitle
      body = <p>{s.pendingText}</p>
      break
    case 'rejected':
      tone = 'danger'
      Icon = CircleAlert
      title = s.rejectedTitle
      body = (
        <>
          <p>{s.rejectedText}</p>
          {reason(standing.reason)}
          {support}
        </>
      )
      break
    case 'suspended':
      tone = 'danger'
      Icon = CircleAlert
      title = s.suspendedTitle
      body = (
        <>
          <p>
            {standing.until
              ? format(s.suspendedUntil, { date: longDate(standing.until) })
              : s.suspendedOpen}
          </p>
          {reason(standing.reason)}
          {support}
        </>
      )
      break
    case 'banned':
      tone = 'danger'
      Icon = CircleAlert
      title = s.bannedTitle
      body = (
        <>
          <p>{s.bannedText}</p>
          {reason(standing.reason)}
          {support}
        </>
      )
      break
    case 'approved': {
      const url = `${origin}${paths.profile(username)}`
      if (standing.visibility === 'paused') {
        tone = 'warning'
        Icon = Pause
        title = s.pausedTitle
        body = <p>{s.pausedText}</p>
      } else if (standing.visibility === 'hidden' && standing.reason === REPORT_REVIEW_REASON) {
        // Hidden by the site itself on a report (issue 33 point 15), not by anyone's decision.
        tone = 'warning'
        Icon = EyeOff
        title = s.reportHiddenTitle
        body = (
          <>
            <p>{s.reportHiddenText}</p>
            {support}
          </>
        )
      } else if (standing.visibility === 'hidden') {
        tone = 'danger'
        Icon = EyeOff
        title = s.hiddenTitle
        body = (
          <>
            <p>{s.hiddenText}</p>
            {reason(standing.reason)}
            {support}
          </>
        )
      } else {
        tone = 'success'
        Icon = CircleCheck
        title = s.approvedTitle
        body = (
          <p>
            {s.approvedText}{' '}
            <Link to={paths.profile(username)} className="font-medium break-all underline">
              {url}
            </Link>
          </p>
        )
      }
      body = (
        <>
          {body}
          {standing.changesPending ? <p className="mt-2 text-sm">{s.changesPending}</p> : null}
          {standing.renewSoon && standing.verificationEndsAt ? (
            <p className="mt-2 text-sm font-medium">
              {standing.documentsPending
                ? s.renewSent
                : format(s.renewSoon, { date: longDate(standing.verificationEndsAt) })}
            </p>
          ) : null}
        </>
      )
      break
    }
  }
  return (
    <section
      aria-labelledby="standing-title"
      className={`flex gap-3 rounded-lg border p-4 ${TONES[tone]}`}
    >
      <Icon aria-hidden="true" className="mt-0.5 size-6 shrink-0" />
      <div>
        <h2 id="standing-title" className="font-semibold">
          {title}
        </h2>
        <div className="mt-1">{body}</div>
      </div>
    </section>
  )
}
