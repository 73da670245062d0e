import type { ProfileCardData } from '#app/modules/listing/card.ts'

/** One saved or viewed profile as the client area shows it. */
export type SavedEntry =
  | { kind: 'public'; entryId: string; at: string; card: ProfileCardData }
  /** Not public now (paused, hidden, suspended, in review): only the name the client knew. */
  | { kind: 'unavailable'; entryId: string; at: string; profileId: string; name: string }
  /** Deleted: nothing of it is left, only the fact that something was saved. */
  | { kind: 'removed'; entryId: string; at: string }
