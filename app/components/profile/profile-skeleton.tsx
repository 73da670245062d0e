import { useEffect, useState } from 'react'
import { useLocation, useNavigation } from 'react-router'
import { SiteShell } from '#app/components/layout/site-shell.tsx'
import { useT } from '#app/i18n/i18n.ts'

/** Waiting this long before the skeleton avoids a flash when the profile is already preloaded. */
const SKELETON_DELAY_MS = 150

/** Whether a client-side navigation to another profile page is under way (for long enough). */
export function useLoadingProfile(): boolean {
  const navigation = useNavigation()
  const location = useLocation()
  const target = navigation.state === 'loading' ? navigation.location.pathname : undefined
  const loading = Boolean(target?.startsWith('/acompanhante/') && target !== location.pathname)
  const [shown, setShown] = useState(false)
  useEffect(() => {
    if (!loading) {
      setShown(false)
      return
    }
    const timer = window.setTimeout(() => setShown(true), SKELETON_DELAY_MS)
    return () => window.clearTimeout(timer)
  }, [loading])
  return loading && shown
}

/** The profile page's outline while its data loads (SPEC §2 loading skeleton). */
export function ProfileSkeleton() {
  const t = useT()
  const block = 'animate-pulse rounded-lg bg-stone-200'
  return (
    <SiteShell>
      <div role="status" aria-live="polite" className="pb-16 md:pb-8">
        <span className="sr-only">{t.profile.loading}</span>
        <div className={`${block} mt-4 h-4 w-64`} />
        <div className={`${block} mt-4 h-4 w-20`} />
        <div className="mt-4 grid gap-8 lg:grid-cols-[1fr_20rem]">
          <div>
            <div className={`${block} h-9 w-56`} />
            <div className="mt-4 grid grid-cols-2 gap-2">
              {[0, 1, 2, 3].map((tile) => (
                <div key={tile} className={`${block} aspect-[3/4]`} />
              ))}
            </div>
          </div>
          <div className="space-y-4">
            <div className={`${block} h-48`} />
            <div className={`${block} h-28`} />
            <div className={`${block} h-32`} />
          </div>
        </div>
      </div>
    </SiteShell>
  )
}
