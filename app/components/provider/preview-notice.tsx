import { Link } from 'react-router'
import { ProfileView } from '#app/components/profile/profile-view.tsx'
import { Eye } from '#app/components/ui/icons.tsx'
import type { ProviderStanding } from '#app/domain/provider.ts'
import { useT } from '#app/i18n/i18n.ts'
import type { ProfilePageData } from '#app/modules/profile/public-profile.ts'
import type { ReviewPage } from '#app/modules/reviews/review-types.ts'

/**
 * The notice over a profile's preview (issue 19 point 19): marked as a preview, and why the
 * profile is not public yet (what is missing, the review, a pause or a decision of the team).
 */
export function PreviewNotice({
  standing,
  isPublic,
  back,
}: {
  standing: ProviderStanding
  isPublic: boolean
  back: { to: string; label: string }
}) {
  const t = useT()
  const p = t.dashboard.preview
  const missing = standing.kind === 'draft' || standing.kind === 'rejected' ? standing.missing : []
  const state = (() => {
    switch (standing.kind) {
      case 'pending':
        return p.pending
      case 'rejected':
        return p.rejected
      case 'suspended':
        return p.suspended
      case 'banned':
        return p.banned
      case 'approved':
        if (standing.visibility === 'paused') return p.paused
        if (standing.visibility === 'hidden') return p.hidden
        return standing.changesPending ? p.changesPending : null
      default:
        return null
    }
  })()
  return (
    <section
      aria-labelledby="preview-title"
      data-testid="preview-notice"
      className="mt-4 rounded-lg border-2 border-dashed border-violet-400 bg-violet-50 p-4 text-sm text-violet-950"
    >
      <p className="inline-flex items-center gap-1 rounded bg-violet-800 px-2 py-0.5 text-xs font-bold uppercase tracking-wide text-white">
        <Eye aria-hidden="true" className="size-4" />
        {p.badge}
      </p>
      <h2 id="preview-title" className="mt-2 text-base font-semibold">
        {p.title}
      </h2>
      <p className="mt-1">{isPublic ? p.isPublic : p.notPublic}</p>
      {state ? <p className="mt-1 font-medium">{state}</p> : null}
      {missing.length > 0 ? (
        <>
          <p className="mt-2 font-medium">{p.missingTitle}</p>
          <ul className="mt-1 list-disc pl-5">
            {missing.map((item) => (
              <li key={item}>{t.dashboard.nextSteps[item]}</li>
            ))}
          </ul>
        </>
      ) : null}
      <p className="mt-1 text-violet-900">{p.pendingPhotos}</p>
      <Link to={back.to} className="mt-3 inline-block font-medium underline">
        {back.label}
      </Link>
    </section>
  )
}

/** A preview page: the public page's body under the notice, with a way `back`. */
export function ProfilePreviewPage({
  preview,
  back,
}: {
  preview: ProfilePageData & { reviews: ReviewPage; standing: ProviderStanding; isPublic: boolean }
  back: { to: string; label: string }
}) {
  const { standing, isPublic, ...page } = preview
  return (
    <ProfileView
      {...page}
      preview={<PreviewNotice standing={standing} isPublic={isPublic} back={back} />}
    />
  )
}
