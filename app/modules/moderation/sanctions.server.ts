// Suspension, ban and hiding (SPEC §4): what the team does to a profile that broke the rules.
// One place to import them from; each subject has its own file.

export { banInside, banProfile, hideInside, setHidden } from './bans.server.ts'
export {
  previewSuspension,
  type SuspensionDaily,
  type SuspensionPreview,
  suspensionDaily,
  suspensionDailyOf,
} from './return-fee.server.ts'
export {
  liftSuspension,
  returnInside,
  type SuspendOutcome,
  suspendProfile,
  waiveReturnFee,
} from './suspensions.server.ts'
