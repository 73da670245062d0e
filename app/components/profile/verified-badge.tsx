import { BadgeCheck } from '#app/components/ui/icons.tsx'
import { useT } from '#app/i18n/i18n.ts'

/**
 * The verified badge, the same on a card and on a profile page (issue 19 point 3); whether a
 * profile has it is decided by app/domain/verified-badge.ts alone. The tooltip says what was
 * verified.
 */
export function VerifiedBadge({ size = 'card' }: { size?: 'card' | 'page' }) {
  const t = useT()
  return (
    <span className="inline-flex shrink-0" title={t.profile.verified} data-verified-badge="">
      <BadgeCheck
        role="img"
        aria-label={t.profileCard.verified}
        className={`${size === 'page' ? 'size-6' : 'size-4'} text-sky-700`}
      />
    </span>
  )
}
