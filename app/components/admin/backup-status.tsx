import { BRAZIL_TIME_ZONE } from '#app/domain/brazil-time.ts'
import { format, useLanguage, useT } from '#app/i18n/i18n.ts'

// /admin's line about backups (issue 32 point 1): the last one taken, and a failure since, in
// red, with its reason, so the team sees a backup that stopped working.

export interface BackupStatusView {
  lastSuccess: string | undefined
  failure: { at: string; error: string } | undefined
}

export function BackupStatus({ status }: { status: BackupStatusView }) {
  const t = useT().admin.overview
  const language = useLanguage()
  const when = (at: string) =>
    new Intl.DateTimeFormat(language === 'pt' ? 'pt-BR' : 'en', {
      dateStyle: 'medium',
      timeStyle: 'short',
      timeZone: BRAZIL_TIME_ZONE,
    }).format(new Date(at))
  return (
    <section aria-label={t.backupTitle} className="space-y-1 text-sm" data-testid="backup-status">
      <p className="text-stone-700">
        {status.lastSuccess ? (
          <>
            {t.backupLast} <time dateTime={status.lastSuccess}>{when(status.lastSuccess)}</time>
          </>
        ) : (
          t.backupNone
        )}
      </p>
      {status.failure ? (
        <p role="alert" className="font-semibold text-red-700">
          {format(t.backupFailed, { date: when(status.failure.at), reason: status.failure.error })}
        </p>
      ) : null}
    </section>
  )
}
