import { normalizeSlug } from './slug.ts'

/** A profile's username: 3 to 30 of a-z, 0-9 and inner hyphens (its public address). */
export const USERNAME_LENGTH = { min: 3, max: 30 } as const
export const USERNAME_PATTERN = /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/

/** Whether `value` has the shape of a username (availability is the database's question). */
export function isUsername(value: string): boolean {
  return (
    value.length >= USERNAME_LENGTH.min &&
    value.length <= USERNAME_LENGTH.max &&
    USERNAME_PATTERN.test(value) &&
    !value.includes('--')
  )
}

/** The username a name suggests ('Ana Luísa' gives 'ana-luisa'); `fallback` when too short. */
export function usernameFromName(name: string, fallback = 'perfil'): string {
  const slug = normalizeSlug(name).slice(0, USERNAME_LENGTH.max).replace(/-+$/, '')
  return slug.length >= USERNAME_LENGTH.min ? slug : fallback
}

/** The same base with a numeric suffix, still within the length limit ('ana-luisa-4821'). */
export function usernameWithSuffix(base: string, suffix: number): string {
  const tail = `-${suffix}`
  return `${base.slice(0, USERNAME_LENGTH.max - tail.length).replace(/-+$/, '')}${tail}`
}
