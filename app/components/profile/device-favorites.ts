import { useCallback, useEffect, useState } from 'react'
import { DEVICE_FAVORITES_KEY } from '#app/domain/flags.ts'
import { isUuid } from '#app/domain/uuid.ts'

// Favourites saved on this device, before (or without) a client account: a list of profile ids
// in local storage. They never leave the browser; the client area (issue 9) takes them over.

/** The profile ids saved on this device (none when storage is unreadable). */
export function readDeviceFavorites(): string[] {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(DEVICE_FAVORITES_KEY) ?? '[]')
    return Array.isArray(value) ? value.filter((id): id is string => isUuid(String(id))) : []
  } catch {
    return []
  }
}

/** Whether the profile is a device favourite, and a toggle that returns the new state. */
export function useDeviceFavorite(profileId: string): [boolean, () => boolean] {
  const [favorite, setFavorite] = useState(false)
  useEffect(() => setFavorite(readDeviceFavorites().includes(profileId)), [profileId])
  const toggle = useCallback(() => {
    const ids = readDeviceFavorites()
    const saved = !ids.includes(profileId)
    const next = saved ? [profileId, ...ids] : ids.filter((id) => id !== profileId)
    try {
      localStorage.setItem(DEVICE_FAVORITES_KEY, JSON.stringify(next.slice(0, 500)))
    } catch {
      // Storage full or disabled: the state below still answers the press.
    }
    setFavorite(saved)
    return saved
  }, [profileId])
  return [favorite, toggle]
}
