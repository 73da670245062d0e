import { useRef, useState } from 'react'
import { Form, Link } from 'react-router'
import { Section } from '#app/components/account/account-settings.tsx'
import { SecurityNotice } from '#app/components/account/security-cards.tsx'
import { firstProblem, useCheckedForm } from '#app/components/forms/use-checked-form.ts'
import { ActionAlert, FormAlert } from '#app/components/ui/alert.tsx'
import { Button, buttonClass, SubmitButton } from '#app/components/ui/button.tsx'
import { TextField } from '#app/components/ui/field.tsx'
import { useHydrated } from '#app/components/use-hydrated.ts'
import type { Flash } from '#app/domain/flash.ts'
import { SUPPORT_EMAIL } from '#app/domain/site.ts'
import { format, useLanguage, useT } from '#app/i18n/i18n.ts'
import type { SecurityAnswer, SessionRow } from '#app/modules/auth/security-answers.ts'
import {
  enrolConfirmSchema,
  enrolSchema,
  passwordOnlySchema,
} from '#app/modules/auth/two-factor-schema.ts'

// /account/security (issue 23): two-step verification (set up, backup codes, off) and the
// account's open sessions, for every role.

export interface SecurityPageProps {
  role: 'provider' | 'client' | 'admin'
  /** The account's address, written into the backup codes' file. */
  email: string
  setupRequired: boolean
  twoFactorEnabled: boolean
  password: boolean
  codesLeft: number
  sessions: SessionRow[]
  flash?: Flash
}

function PasswordInput({ form }: { form: ReturnType<typeof useCheckedForm> }) {
  const s = useT().security
  return (
    <TextField
      label={s.passwordForChange}
      name="password"
      type="password"
      autoComplete="current-password"
      schema={passwordOnlySchema}
      error={form.errorOf('password')}
    />
  )
}

/** The text of the codes' file: what it is, the account, when they were made, the codes. */
function codesFile(
  s: ReturnType<typeof useT>['security'],
  language: ReturnType<typeof useLanguage>,
  { codes, email, at }: { codes: string[]; email: string; at?: string },
) {
  const date = at
    ? new Intl.DateTimeFormat(language === 'pt' ? 'pt-BR' : 'en', {
        dateStyle: 'long',
        timeStyle: 'short',
        timeZone: 'America/Sao_Paulo',
      }).format(new Date(at))
    : undefined
  return [
    s.codesFileTitle,
    format(s.codesFileAccount, { email }),
    ...(date ? [format(s.codesFileDate, { date })] : []),
    '',
    ...codes,
    '',
    s.codesFileNote,
    '',
  ].join('\n')
}

/**
 * The backup codes, shown once (issue 23), with a button that copies them (once the page runs
 * its scripts; where the clipboard refuses, they are selected to copy by hand) and a link that
 * downloads them as a text file (issue 33 point 11). The file is made in the page from the codes
 * it shows, as a data: address, so it downloads without JavaScript too and no address of the
 * site ever serves codes.
 */
function BackupCodes({ codes, email, at }: { codes: string[]; email: string; at?: string }) {
  const s = useT().security
  const language = useLanguage()
  const hydrated = useHydrated()
  const list = useRef<HTMLUListElement>(null)
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null)
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(codes.join('\n'))
      setCopied('yes')
    } catch {
      const range = document.createRange()
      if (list.current) range.selectNodeContents(list.current)
      document.getSelection()?.removeAllRanges()
      document.getSelection()?.addRange(range)
      setCopied('failed')
    }
  }
  const file = `data:text/plain;charset=utf-8,${encodeURIComponent(codesFile(s, language, { codes, email, at }))}`
  return (
    <FormAlert tone="info" title={s.codesTitle}>
      <p>{s.codesText}</p>
      <ul
        ref={list}
        className="mt-2 grid grid-cols-2 gap-x-6 gap-y-1 font-mono text-base text-stone-900"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="mt-3 flex flex-wrap gap-2">
        {hydrated ? (
          <Button type="button" tone="secondary" size="small" onClick={copy}>
            {s.copyCodes}
          </Button>
        ) : null}
        <a
          href={file}
          download={s.codesFileName}
          className={`inline-block ${buttonClass('secondary', 'small')}`}
        >
          {s.downloadCodes}
        </a>
      </div>
      <p role="status" className="text-sm not-empty:mt-2">
        {copied === 'yes' ? s.codesCopied : copied === 'failed' ? s.codesCopyFailed : ''}
      </p>
    </FormAlert>
  )
}

function Enrolment({ answer, email }: { answer: SecurityAnswer; email: string }) {
  const s = useT().security
  const enrolment = answer.enrolment
  const form = useCheckedForm<SecurityAnswer>('enrol-confirm', firstProblem(enrolConfirmSchema))
  if (!enrolment) return null
  return (
    <div className="space-y-4">
      <h3 className="font-medium">{s.scanTitle}</h3>
      <svg
        role="img"
        aria-label={s.qrLabel}
        viewBox={`0 0 ${enrolment.qr.size} ${enrolment.qr.size}`}
        width="192"
        height="192"
        shapeRendering="crispEdges"
        className="size-48 rounded-md border border-stone-200 bg-white"
      >
        <rect width={enrolment.qr.size} height={enrolment.qr.size} fill="#fff" />
        <path d={enrolment.qr.path} fill="#000" />
      </svg>
      <p className="text-sm">
        <a href={enrolment.uri} className="font-medium text-rose-900 underline">
          {s.openInApp}
        </a>
      </p>
      <p className="text-sm text-stone-700">
        {s.scanText}{' '}
        <code className="break-words rounded bg-stone-100 px-1 font-mono text-stone-900">
          {enrolment.secret}
        </code>
      </p>
      {enrolment.backupCodes ? (
        <BackupCodes codes={enrolment.backupCodes} email={email} at={answer.codesAt} />
      ) : null}
      <h3 className="font-medium">{s.confirmTitle2}</h3>
      <Form method="post" noValidate onSubmit={form.onSubmit} className="space-y-3">
        <input type="hidden" name="intent" value="enrol-confirm" />
        <input type="hidden" name="uri" value={enrolment.uri} />
        <input type="hidden" name="backupCodes" value={enrolment.backupCodes?.join(' ') ?? ''} />
        <ActionAlert data={form.data} />
        <TextField
          label={s.code}
          name="code"
          schema={enrolConfirmSchema}
          autoComplete="one-time-code"
          inputMode="numeric"
          error={form.errorOf('code')}
        />
        <SubmitButton label={s.finish} pendingLabel={s.verifying} pending={form.submitting} />
      </Form>
    </div>
  )
}

function TwoFactorSection(props: SecurityPageProps) {
  const t = useT()
  const s = t.security
  const start = useCheckedForm<SecurityAnswer>('enrol', firstProblem(enrolSchema))
  const confirm = useCheckedForm<SecurityAnswer>('enrol-confirm', () => undefined)
  const codes = useCheckedForm<SecurityAnswer>('backup-codes', firstProblem(passwordOnlySchema))
  const off = useCheckedForm<SecurityAnswer>('turn-off', firstProblem(passwordOnlySchema))
  const enrolling = start.data?.enrolment
    ? start.data
    : confirm.data?.enrolment
      ? confirm.data
      : undefined
  if (!props.twoFactorEnabled) {
    return (
      <Section heading="h2" title={s.twoFactorTitle} text={s.twoFactorOffText}>
        {enrolling ? (
          <Enrolment answer={enrolling} email={props.email} />
        ) : (
          <Form method="post" noValidate onSubmit={start.onSubmit} className="space-y-3">
            <input type="hidden" name="intent" value="enrol" />
            <ActionAlert data={start.data} />
            {props.password ? <PasswordInput form={start} /> : null}
            <SubmitButton label={s.start} pendingLabel={s.verifying} pending={start.submitting} />
          </Form>
        )}
      </Section>
    )
  }
  return (
    <Section heading="h2" title={s.twoFactorTitle} text={s.twoFactorOnText}>
      <h3 className="font-medium">{s.codesSectionTitle}</h3>
      <p className="text-sm text-stone-600">
        {format(s.codesLeft, { count: props.codesLeft })} {s.newCodesText}
      </p>
      {codes.data?.backupCodes ? (
        <>
          <FormAlert tone="success" title={s.newCodesDone} reveal={codes.data} />
          <BackupCodes codes={codes.data.backupCodes} email={props.email} at={codes.data.codesAt} />
        </>
      ) : null}
      <Form method="post" noValidate onSubmit={codes.onSubmit} className="space-y-3">
        <input type="hidden" name="intent" value="backup-codes" />
        <ActionAlert data={codes.data} />
        {props.password ? <PasswordInput form={codes} /> : null}
        <Button type="submit" tone="secondary" disabled={codes.submitting}>
          {s.newCodes}
        </Button>
      </Form>
      {props.role === 'admin' ? null : (
        <Form
          method="post"
          noValidate
          onSubmit={off.onSubmit}
          className="space-y-3 border-t border-stone-200 pt-3"
        >
          <input type="hidden" name="intent" value="turn-off" />
          <p className="text-sm text-stone-600">{s.turnOffText}</p>
          <ActionAlert data={off.data} />
          {off.errorOf('form') ? (
            <FormAlert tone="error" title={t.formErrors[off.errorOf('form') ?? 'unexpected']} />
          ) : null}
          {props.password ? <PasswordInput form={off} /> : null}
          <Button type="submit" tone="danger" disabled={off.submitting}>
            {s.turnOff}
          </Button>
        </Form>
      )}
      {props.role === 'admin' ? null : (
        <p className="text-sm text-stone-600">{format(s.lostDevice, { email: SUPPORT_EMAIL })}</p>
      )}
    </Section>
  )
}

function SessionsSection({ sessions }: { sessions: SessionRow[] }) {
  const s = useT().security
  const lang = useLanguage()
  const when = new Intl.DateTimeFormat(lang === 'pt' ? 'pt-BR' : 'en', {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'America/Sao_Paulo',
  })
  return (
    <Section heading="h2" title={s.sessionsTitle} text={s.sessionsText}>
      <ul className="divide-y divide-stone-200">
        {[...sessions]
          .sort((a, b) => Number(b.current) - Number(a.current))
          .map((row) => (
            <li key={row.id} className="flex flex-wrap items-start justify-between gap-2 py-3">
              <div className="min-w-0 text-sm">
                <p className="font-medium text-stone-900">
                  {row.device
                    ? format(s.deviceOn, { browser: row.device.browser, system: row.device.system })
                    : s.unknownDevice}
                  {row.current ? (
                    <span className="ml-2 rounded bg-emerald-100 px-1.5 py-0.5 text-xs text-emerald-900">
                      {s.thisDevice}
                    </span>
                  ) : null}
                  {row.waiting ? (
                    <span className="ml-2 text-xs text-stone-600">({s.waiting})</span>
                  ) : null}
                </p>
                <p className="text-stone-600">
                  {row.place ? format(s.place, { place: row.place }) : s.unknownPlace}
                </p>
                <p className="text-stone-600">
                  {format(s.lastSeen, { date: when.format(new Date(row.lastSeenAt)) })}
                </p>
                <p className="text-stone-600">
                  {format(s.signedInAt, { date: when.format(new Date(row.signedInAt)) })}
                </p>
              </div>
              {row.current ? null : (
                <Form method="post">
                  <input type="hidden" name="intent" value="end-session" />
                  <input type="hidden" name="sessionId" value={row.id} />
                  <Button
                    type="submit"
                    tone="secondary"
                    size="small"
                    aria-label={format(s.endNamed, {
                      device: row.device
                        ? format(s.deviceOn, {
                            browser: row.device.browser,
                            system: row.device.system,
                          })
                        : s.unknownDevice,
                    })}
                  >
                    {s.endOne}
                  </Button>
                </Form>
              )}
            </li>
          ))}
      </ul>
      {sessions.some((row) => !row.current) ? (
        <Form method="post" className="border-t border-stone-200 pt-4">
          <input type="hidden" name="intent" value="end-others" />
          <Button type="submit" tone="danger">
            {s.endOthers}
          </Button>
        </Form>
      ) : null}
    </Section>
  )
}

/** The security page of every role. */
export function SecurityPage(props: SecurityPageProps) {
  const s = useT().security
  const notice = props.flash
    ? {
        'two-factor-on': s.turnedOn,
        'two-factor-off': s.turnedOff,
        'session-ended': s.ended,
        'others-ended': s.endedOthers,
      }[props.flash as string]
    : undefined
  return (
    <div className="space-y-4">
      <div>
        <h1 className="text-2xl font-bold tracking-tight">{s.title}</h1>
        <p className="mt-1 text-stone-600">{s.text}</p>
      </div>
      <SecurityNotice text={notice} />
      {props.setupRequired ? (
        <FormAlert tone="info" title={s.setupRequired}>
          <Form method="post" action="/sign-out" className="mt-1">
            {s.noPhoneNow}{' '}
            <button type="submit" className="font-medium underline">
              {s.signOut}
            </button>
          </Form>
        </FormAlert>
      ) : null}
      {props.role === 'admin' && props.twoFactorEnabled ? (
        // A block of its own, so the card below keeps its distance (issue 33 point 11).
        <p>
          <Link to="/admin" className={`inline-block ${buttonClass('main', 'page')}`}>
            {s.goToAdmin}
          </Link>
        </p>
      ) : null}
      <TwoFactorSection {...props} />
      <SessionsSection sessions={props.sessions} />
    </div>
  )
}
