export interface OwnPhoto {
  id: string
  storagePath: string
  variantWidths: number[]
  width: number
  height: number
  isCover: boolean
  /** Added to an approved profile: waits for the team's review. */
  pending: boolean
}
