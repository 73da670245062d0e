/** Shapes of the built-in reference data (SPEC §3). Texts that visitors read come in both interface languages. */
export type Region = 'Sudeste' | 'Nordeste' | 'Sul' | 'Centro-Oeste' | 'Norte'

export interface Localized<T = string> {
  pt: T
  en: T
}

export interface CitySeed {
  /** normalizeSlug(name) */
  slug: string
  /** Official name with accents, e.g. 'São Paulo' */
  name: string
  /** Two-letter UF, e.g. 'SP' */
  state: string
  region: Region
  lat: number
  lng: number
  /** IBGE estimate, whole people */
  population: number
  /** One or two neutral sentences about the city */
  description: Localized
}

export interface NeighborhoodSeed {
  citySlug: string
  slug: string
  name: string
  population: number
  description: Localized
  /** Real landmarks of the neighbourhood (proper names, same in both languages) */
  landmarks: string[]
}

export interface ServiceSeed {
  slug: 'gfe' | 'fetiche' | 'casais' | 'maduras' | 'jovens' | 'premium'
  name: Localized
  description: Localized
  keywords: Localized<string[]>
  metaDescription: Localized
  /** A few paragraphs for the service page, separated by blank lines */
  content: Localized
}
