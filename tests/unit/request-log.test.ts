import { describe, expect, it } from 'vitest'
import { loggedPath } from '#server/request-log.server.ts'

describe('the request log', () => {
  it('never writes the Pix webhook secret that its address carries (issue 21)', () => {
    expect(loggedPath('/webhooks/pix/s3cret-0123456789abcdefghij/pix')).toBe(
      '/webhooks/pix/***/pix',
    )
    expect(loggedPath('/webhooks/pix/s3cret-0123456789abcdefghij')).toBe('/webhooks/pix/***')
    expect(loggedPath('/pt/acompanhantes/recife')).toBe('/pt/acompanhantes/recife')
  })
})
