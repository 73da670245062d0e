import { ProfileCard } from '#app/components/profile/profile-card.tsx'
import type { ProfileCardData } from '#app/modules/listing/card.ts'

/** Horizontal, swipeable strip of cards (discovery feed); plain overflow scrolling, no script. */
export function FeedStrip({ profiles, refCity }: { profiles: ProfileCardData[]; refCity: string }) {
  return (
    <ul className="-mx-4 flex snap-x snap-mandatory gap-3 overflow-x-auto px-4 pb-2">
      {profiles.map((profile, index) => (
        <li key={profile.id} className="w-44 shrink-0 snap-start sm:w-52">
          <ProfileCard
            profile={profile}
            eager={index < 2}
            highPriority={index === 0}
            // The strip's cards are w-44 / sm:w-52, whatever the screen.
            sizes="(min-width: 640px) 208px, 176px"
            refCity={refCity}
            headingLevel={3}
          />
        </li>
      ))}
    </ul>
  )
}
