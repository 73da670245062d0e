import { sql } from 'drizzle-orm'
import { z } from 'zod'
import { brazilDay } from '#app/domain/brazil-time.ts'
import {
  DEVICE_CLASSES,
  histogramPercentile,
  PAGE_TYPES,
  VITAL_MAX_VALUE,
  VITAL_METRICS,
  VITALS_TOKEN_LENGTH,
  type VitalMetric,
  vitalBucket,
} from '#app/domain/web-vitals.ts'
import type { VitalFigure, VitalFigures, VitalsSummary } from '#app/modules/analytics/types.ts'
import { db } from '#db/client.server.ts'
import { webVitalsDaily } from '#db/schema/web-vitals.ts'

// Web vitals of real visits (issue 24 point 4; ADR 0023): one beacon adds one to a bucket of
// each metric it carries, for the day, page type and device class; the team's page reads the
// 75th percentile of the last 28 days back from those histograms.

/** The days the team's page sums. */
export const VITALS_WINDOW_DAYS = 28
/** Older days are deleted by the daily sweep. */
export const VITALS_RETENTION_DAYS = 90

const value = (metric: VitalMetric) => z.number().min(0).max(VITAL_MAX_VALUE[metric]).optional()

/**
 * A beacon's body: its page type, device class, at least one metric and its page's token,
 * nothing else (an unknown key is refused, so no identifier or address can ride along; the token
 * names a page view, not a person: vitals-token.server.ts).
 */
export const vitalsBeaconSchema = z
  .strictObject({
    token: z.string().length(VITALS_TOKEN_LENGTH),
    page: z.enum(PAGE_TYPES),
    device: z.enum(DEVICE_CLASSES),
    LCP: value('LCP'),
    INP: value('INP'),
    CLS: value('CLS'),
    TTFB: value('TTFB'),
  })
  .refine((beacon) => VITAL_METRICS.some((metric) => beacon[metric] !== undefined), {
    message: 'no metric',
  })
export type VitalsBeacon = z.infer<typeof vitalsBeaconSchema>

/** Counts one page view's metrics, in one statement. */
export async function recordVitals(
  beacon: Omit<VitalsBeacon, 'token'>,
  at: Date = new Date(),
): Promise<void> {
  const day = brazilDay(at)
  const rows = VITAL_METRICS.flatMap((metric) => {
    const reported = beacon[metric]
    if (reported === undefined) return []
    const bucket = vitalBucket(metric, reported)
    return [{ day, pageType: beacon.page, device: beacon.device, metric, bucket, count: 1 }]
  })
  if (rows.length === 0) return
  await db()
    .insert(webVitalsDaily)
    .values(rows)
    .onConflictDoUpdate({
      target: [
        webVitalsDaily.day,
        webVitalsDaily.pageType,
        webVitalsDaily.device,
        webVitalsDaily.metric,
        webVitalsDaily.bucket,
      ],
      set: { count: sql`${webVitalsDaily.count} + 1` },
    })
}

type Row = { page: string; device: string; metric: string; bucket: number; count: number }

function figuresOf(rows: readonly Row[]): VitalFigures {
  const entries = VITAL_METRICS.map((metric): [VitalMetric, VitalFigure] => {
    const buckets = rows.filter((row) => row.metric === metric)
    return [
      metric,
      {
        p75: histogramPercentile(metric, buckets),
        samples: buckets.reduce((sum, row) => sum + row.count, 0),
      },
    ]
  })
  return Object.fromEntries(entries) as VitalFigures
}

/** The last 28 days' 75th percentiles: overall, per page type and per device class. */
export async function vitalsSummary(now: Date = new Date()): Promise<VitalsSummary> {
  const to = brazilDay(now)
  const result = await db().execute(sql`
    select page_type as page, device, metric, bucket, sum(count)::integer as count
    from web_vitals_daily
    where day > ${to}::date - ${VITALS_WINDOW_DAYS}::integer and day <= ${to}::date
    group by page_type, device, metric, bucket`)
  const rows = (result as unknown as { rows: Row[] }).rows.map((row) => ({
    ...row,
    bucket: Number(row.bucket),
    count: Number(row.count),
  }))
  const from = new Date(Date.parse(`${to}T12:00:00Z`) - (VITALS_WINDOW_DAYS - 1) * 86_400_000)
    .toISOString()
    .slice(0, 10)
  return {
    from,
    to,
    overall: figuresOf(rows),
    byPage: PAGE_TYPES.filter((page) => rows.some((row) => row.page === page)).map((page) => ({
      page,
      figures: figuresOf(rows.filter((row) => row.page === page)),
    })),
    byDevice: DEVICE_CLASSES.filter((device) => rows.some((row) => row.device === device)).map(
      (device) => ({ device, figures: figuresOf(rows.filter((row) => row.device === device)) }),
    ),
  }
}

/** Deletes the days older than the retention; returns how many rows went. */
export async function forgetOldVitals(now: Date = new Date()): Promise<number> {
  const result = await db().execute(sql`
    delete from web_vitals_daily
    where day <= ${brazilDay(now)}::date - ${VITALS_RETENTION_DAYS}::integer
    returning 1`)
  return (result as unknown as { rows: unknown[] }).rows.length
}
