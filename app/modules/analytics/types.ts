import type { DeviceClass, PageType, VitalMetric } from '#app/domain/web-vitals.ts'

// What the team's web-vitals page receives (issue 24 point 4): browser-safe, for its components.

/** A metric's 75th percentile (null without samples) and how many page views it comes from. */
export interface VitalFigure {
  p75: number | null
  samples: number
}
export type VitalFigures = Record<VitalMetric, VitalFigure>

export interface VitalsSummary {
  /** The first and last day summed (YYYY-MM-DD, Brazil). */
  from: string
  to: string
  overall: VitalFigures
  /** Only the page types and devices with samples, in their fixed order. */
  byPage: { page: PageType; figures: VitalFigures }[]
  byDevice: { device: DeviceClass; figures: VitalFigures }[]
}
