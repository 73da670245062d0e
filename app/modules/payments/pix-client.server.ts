import { randomInt } from 'node:crypto'
import { serverEnv } from '#app/platform/env.server.ts'
import { type PixApi, pixApi } from './pix-api.server.ts'

// The site's one client of its institution's API Pix, made from the PIX_* configuration, and the
// identifiers the site gives its charges and refunds there.

/** The institution's API, or undefined when Pix is not configured (nothing about money shows). */
let shared: { api: PixApi; config: unknown } | undefined

export function pixClient(): PixApi | undefined {
  const config = serverEnv().pix
  if (!config) return undefined
  if (shared?.config !== config) shared = { api: pixApi(config), config }
  return shared.api
}

export function pixEnabled(): boolean {
  return serverEnv().pix !== undefined
}

const BASE62 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'

/** Random letters and digits: a txid (32) or a refund id ('R' + 31). */
export function randomId(length: number): string {
  let id = ''
  for (let i = 0; i < length; i++) id += BASE62[randomInt(BASE62.length)]
  return id
}

/** A new refund's identifier at the institution. */
export function refundId(): string {
  return `R${randomId(31)}`
}
