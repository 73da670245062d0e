import { data, Link } from 'react-router'
import { AdminField, AdminForm, PageAnswer } from '#app/components/admin/admin-form.tsx'
import { Panel, SectionTitle, Thumb } from '#app/components/admin/admin-parts.tsx'
import { DocumentViewer } from '#app/components/admin/document-viewer.tsx'
import { useLongDate } from '#app/components/provider/standing-banner.tsx'
import { formatCpf } from '#app/domain/gifts.ts'
import { REJECTION_REASONS } from '#app/domain/moderation.ts'
import { DOCUMENT_PARTS } from '#app/domain/provider.ts'
import { isUuid } from '#app/domain/uuid.ts'
import { format, useT } from '#app/i18n/i18n.ts'
import { adminAction } from '#app/modules/admin/actions.server.ts'
import { adminMeta } from '#app/modules/admin/meta.ts'
import { checkForReview, profilePhotos } from '#app/modules/admin/queue-queries.server.ts'
import { requireRecentConfirmation, requireRole } from '#app/modules/auth/session.server.ts'
import { PRIVATE_NO_STORE } from '#app/modules/http/cache-control.ts'
import { passOnHeaders } from '#app/modules/http/route-headers.ts'
import type { Route } from './+types/check'

// /admin/verifications/{id} (issue 8 item 2): the document's front and back and the selfie
// (through the admin-only document route) beside the profile's photos; approve, or reject with
// a reason from the list and the admin's words. The provider is told by e-mail in her language.

export const meta = (args: Route.MetaArgs) => adminMeta(args, 'queue')

export async function loader({ request, params }: Route.LoaderArgs) {
  const admin = await requireRole(request, 'admin')
  // Identity documents are shown to an admin who proved who she is in the last minutes (issue 23).
  await requireRecentConfirmation(request, admin)
  if (!isUuid(params.id)) throw new Response('Not found', { status: 404 })
  const check = await checkForReview(params.id)
  if (!check) throw new Response('Not found', { status: 404 })
  const photos = await profilePhotos(check.profileId)
  return data({ check, photos }, { headers: PRIVATE_NO_STORE })
}

export const headers = passOnHeaders('Cache-Control')

export function action({ request }: Route.ActionArgs) {
  return adminAction(request, ['approve-check', 'reject-check'])
}

export default function Check({ loaderData }: Route.ComponentProps) {
  const t = useT()
  const c = t.admin.check
  const longDate = useLongDate()
  const { check, photos } = loaderData
  const parts = t.dashboard.verification
  return (
    <div className="space-y-6">
      <Link to="/admin/verifications" className="text-sm text-rose-900 underline">
        {c.back}
      </Link>
      <h2 className="text-xl font-semibold">{format(c.title, { name: check.name })}</h2>
      <PageAnswer />
      <Panel>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="text-stone-600">{t.admin.profile.username}</dt>
          <dd>
            <Link to={`/admin/profiles/${check.profileId}`} className="underline">
              {check.username}
            </Link>
          </dd>
          <dt className="text-stone-600">{t.admin.search.email}</dt>
          <dd className="break-all">{check.email ?? '—'}</dd>
          <dt className="text-stone-600">{t.admin.profile.age}</dt>
          <dd>{check.age ?? '—'}</dd>
          <dt className="text-stone-600">{t.admin.profile.city}</dt>
          <dd>{check.city ?? '—'}</dd>
          <dt className="text-stone-600">{t.admin.profile.whatsapp}</dt>
          <dd>{check.whatsapp ?? '—'}</dd>
        </dl>
        <p className="mt-2 text-sm text-stone-600">
          {format(c.consent, { date: longDate(check.consentAt) })}
        </p>
      </Panel>
      {check.status !== 'pending' ? (
        <p role="status" className="rounded-md bg-stone-100 p-3 text-sm">
          {c.decided}
        </p>
      ) : (
        <>
          <Panel>
            <SectionTitle title={c.documents} />
            <ul className="grid gap-3 sm:grid-cols-3">
              {DOCUMENT_PARTS.map((part) => (
                <li key={part}>
                  <DocumentViewer
                    src={`/admin/verification/${check.id}/${part}`}
                    label={parts[part]}
                  />
                </li>
              ))}
            </ul>
            {check.cpf ? (
              <div className="mt-3 rounded-md bg-stone-50 p-3 text-sm">
                <p>
                  <span className="text-stone-600">{c.cpf}: </span>
                  <span className="font-mono text-base font-semibold">{formatCpf(check.cpf)}</span>
                </p>
                <p className="mt-1 text-stone-600">{c.cpfHint}</p>
              </div>
            ) : null}
          </Panel>
          <Panel>
            <SectionTitle title={c.photos} />
            {photos.length === 0 ? (
              <p className="text-sm text-stone-600">{c.noPhotos}</p>
            ) : (
              <ul className="grid grid-cols-3 gap-2 sm:grid-cols-6">
                {photos.map((photo) => (
                  <li key={photo.id}>
                    <Thumb photo={photo} alt="" />
                  </li>
                ))}
              </ul>
            )}
          </Panel>
          <div className="grid gap-4 md:grid-cols-2">
            <Panel>
              <SectionTitle title={c.approve} hint={c.approveHint} />
              <AdminForm
                intent="approve-check"
                hidden={{ submissionId: check.id }}
                submit={c.approve}
              />
            </Panel>
            <Panel>
              <SectionTitle title={c.rejectTitle} />
              <AdminForm
                intent="reject-check"
                hidden={{ submissionId: check.id }}
                submit={c.reject}
                tone="danger"
              >
                {(error) => (
                  <>
                    <AdminField
                      kind="select"
                      label={t.admin.reasonLabel}
                      name="code"
                      error={error('code')}
                      options={REJECTION_REASONS.map((code) => ({
                        value: code,
                        label: t.admin.rejectionReasons[code],
                      }))}
                    />
                    <AdminField
                      kind="textarea"
                      label={t.admin.noteLabel}
                      name="note"
                      error={error('note')}
                    />
                  </>
                )}
              </AdminForm>
            </Panel>
          </div>
        </>
      )}
    </div>
  )
}
