import jsQR from 'jsqr'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { qrDrawing } from '#app/platform/qr-code.server.ts'
import { dynamicBrCode } from '#sandbox/pix/brcode.ts'

// The charge page's QR code (issue 21 point 3) must read back, in a real decoder, as exactly the
// 'copia e cola' code: rendered from its SVG to pixels as a browser would, then decoded.

async function decoded(text: string) {
  const { size, path } = qrDrawing(text)
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${size} ${size}" width="${size * 8}" height="${size * 8}" shape-rendering="crispEdges"><rect width="100%" height="100%" fill="#fff"/><path d="${path}" fill="#000"/></svg>`
  const { data, info } = await sharp(Buffer.from(svg))
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true })
  return jsQR(new Uint8ClampedArray(data), info.width, info.height)
}

async function decode(text: string): Promise<string | undefined> {
  return (await decoded(text))?.data
}

describe('the Pix QR code', () => {
  it('decodes to the BR Code it was drawn from', async () => {
    const code = dynamicBrCode({
      location: 'pix.example.com/qr/v2/9d36b84fc70b478fb95c12729b90ca25',
      merchantName: 'APROVA',
      merchantCity: 'SAO PAULO',
    })
    expect(await decode(code)).toBe(code)
  })

  it('carries the UTF-8 bytes of a code with accents, the bytes its CRC was computed over (issue 31)', async () => {
    // A code as an institution may return it: the receiver's city with an accent.
    const code =
      '00020101021226580014br.gov.bcb.pix2536pix.example.com/qr/v2/cobv/9d36b84f5204000053039865802BR5906Aprova6009São Paulo62070503***6304'
    const read = await decoded(code)
    expect(Buffer.from(read?.binaryData ?? [])).toEqual(Buffer.from(code, 'utf8'))
    expect(read?.data).toBe(code)
  })

  it('keeps a quiet zone of 4 modules and draws nothing in it', () => {
    const { size, path } = qrDrawing('00020126')
    const coordinates = [...path.matchAll(/M(\d+) (\d+)h(\d+)/g)].map((m) => m.slice(1).map(Number))
    expect(coordinates.length).toBeGreaterThan(0)
    for (const [x = 0, y = 0, width = 0] of coordinates) {
      expect(x).toBeGreaterThanOrEqual(4)
      expect(y).toBeGreaterThanOrEqual(4)
      expect(x + width).toBeLessThanOrEqual(size - 4)
      expect(y).toBeLessThan(size - 4)
    }
  })
})
