/** Profiles on the home page (SPEC §9). */
export const HOME_PROFILE_LIMIT = 16
