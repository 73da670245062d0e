import qrcode from 'qrcode-generator'

// The QR code of a Pix charge (issue 21 point 3) and of an authenticator's set-up (issue 23),
// drawn on the server as one SVG path: the page needs no script and no image request for it,
// and the encoder never reaches the browser.

/** A QR code as an SVG path over a square of `size` modules (the quiet zone included). */
export interface QrDrawing {
  size: number
  path: string
}

/** Modules of light margin around the code, as the QR standard asks for. */
const QUIET_ZONE = 4

/**
 * Draws `text` as a QR code of its UTF-8 bytes (the BR Code's encoding: a receiver named
 * "São Paulo" must reach the bank app as the bytes its CRC was computed over), with medium error
 * correction, the level Pix apps read best on screens; each horizontal run of dark modules is one
 * rectangle of the path.
 */
export function qrDrawing(text: string): QrDrawing {
  const qr = qrcode(0, 'M')
  // The encoder keeps the low byte of each character: one character per UTF-8 byte.
  qr.addData(Buffer.from(text, 'utf8').toString('latin1'), 'Byte')
  qr.make()
  const count = qr.getModuleCount()
  const parts: string[] = []
  for (let row = 0; row < count; row++) {
    let column = 0
    while (column < count) {
      if (!qr.isDark(row, column)) {
        column++
        continue
      }
      const start = column
      while (column < count && qr.isDark(row, column)) column++
      parts.push(
        `M${start + QUIET_ZONE} ${row + QUIET_ZONE}h${column - start}v1h-${column - start}z`,
      )
    }
  }
  return { size: count + QUIET_ZONE * 2, path: parts.join('') }
}
