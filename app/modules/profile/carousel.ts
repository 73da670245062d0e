export interface CarouselPhoto {
  storagePath: string
  variantWidths: number[]
  width: number
  height: number
}

export interface CarouselNeighbour {
  id: string
  username: string
  name: string
  photos: CarouselPhoto[]
}

export interface Carousel {
  /** 1-based place of the current profile. */
  position: number
  total: number
  previous: CarouselNeighbour
  next: CarouselNeighbour
}
