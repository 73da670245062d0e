import { data } from 'react-router'

export type MissingPlace = 'city' | 'neighborhood' | 'service' | 'combination'

/** Throws the 404 of an unknown city, neighbourhood, service or city-plus-service pair. */
export function placeNotFound(kind: MissingPlace): never {
  throw data({ kind }, { status: 404 })
}
