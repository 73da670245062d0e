import { Link } from 'react-router'
import { cardClass } from '#app/components/ui/card.tsx'
import { Circle, CircleCheck } from '#app/components/ui/icons.tsx'
import type { ProfileItem } from '#app/domain/provider.ts'
import { PROFILE_ITEMS } from '#app/domain/provider.ts'
import { useT } from '#app/i18n/i18n.ts'

/** Where each missing item is filled in. */
const WHERE: Record<ProfileItem, string> = {
  workingName: '/dashboard/profile',
  age: '/dashboard/profile',
  city: '/dashboard/profile',
  description: '/dashboard/profile',
  contact: '/dashboard/profile',
  photos: '/dashboard/photos',
  documents: '/dashboard/verification',
}

/** What the profile still needs before review (issue 7 item 1: what to do next). */
export function NextSteps({ missing }: { missing: ProfileItem[] }) {
  const t = useT()
  return (
    <section aria-labelledby="next-steps-title" className={cardClass}>
      <h2 id="next-steps-title" className="font-semibold">
        {t.dashboard.nextSteps.title}
      </h2>
      <ul className="mt-3 space-y-2">
        {PROFILE_ITEMS.map((item) => {
          const done = !missing.includes(item)
          const where = WHERE[item]
          return (
            <li key={item} className="flex items-center gap-2 text-sm">
              {done ? (
                <CircleCheck aria-hidden="true" className="size-5 shrink-0 text-emerald-700" />
              ) : (
                <Circle aria-hidden="true" className="size-5 shrink-0 text-stone-400" />
              )}
              {done ? (
                <span className="text-stone-500 line-through">{t.dashboard.nextSteps[item]}</span>
              ) : where ? (
                <Link
                  to={where}
                  className="font-medium text-rose-900 underline-offset-2 hover:underline"
                >
                  {t.dashboard.nextSteps[item]}
                </Link>
              ) : (
                <span>{t.dashboard.nextSteps[item]}</span>
              )}
            </li>
          )
        })}
      </ul>
    </section>
  )
}
