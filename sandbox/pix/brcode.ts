// The "Pix Copia e Cola" text of a dynamic charge, as the local Pix server returns it in
// `pixCopiaECola`: an EMV QR Code payload (BR Code) following the Banco Central's manual, so a
// site that shows it or renders it as a QR code gets something a bank app would accept in form.

/** CRC-16/CCITT-FALSE (polynomial 0x1021, initial 0xFFFF) in 4 upper-case hex digits. */
export function pixCrc16(text: string): string {
  let crc = 0xffff
  for (const byte of Buffer.from(text, 'utf8')) {
    crc ^= byte << 8
    for (let bit = 0; bit < 8; bit++) {
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff
    }
  }
  return crc.toString(16).toUpperCase().padStart(4, '0')
}

/** One EMV field: two-digit id, two-digit length, value. */
function field(id: string, value: string): string {
  return `${id}${String(value.length).padStart(2, '0')}${value}`
}

/** Names in a BR Code are plain ASCII, at most `max` characters. */
function plain(text: string, max: number): string {
  return text
    .normalize('NFD')
    .replace(/[^\x20-\x7e]/g, '')
    .slice(0, max)
}

export interface DynamicBrCode {
  /** The payload location without scheme, e.g. '127.0.0.1:4321/qr/v2/…'. */
  location: string
  merchantName: string
  merchantCity: string
}

/**
 * A dynamic BR Code: the amount is not in it (the bank app fetches it from `location`), the
 * transaction id field is '***' as the manual asks for dynamic codes, and the CRC closes it.
 */
export function dynamicBrCode({ location, merchantName, merchantCity }: DynamicBrCode): string {
  const withoutCrc = [
    field('00', '01'),
    field('01', '12'),
    field('26', field('00', 'br.gov.bcb.pix') + field('25', location)),
    field('52', '0000'),
    field('53', '986'),
    field('58', 'BR'),
    field('59', plain(merchantName, 25)),
    field('60', plain(merchantCity, 15)),
    field('62', field('05', '***')),
    '6304',
  ].join('')
  return withoutCrc + pixCrc16(withoutCrc)
}

/** The top-level EMV fields of a BR Code by id (for tests reading one back). */
export function readBrCode(code: string): Map<string, string> {
  const fields = new Map<string, string>()
  let at = 0
  while (at < code.length) {
    const id = code.slice(at, at + 2)
    const length = Number(code.slice(at + 2, at + 4))
    if (!/^\d{2}$/.test(id) || !Number.isInteger(length)) throw new Error(`bad EMV field at ${at}`)
    fields.set(id, code.slice(at + 4, at + 4 + length))
    at += 4 + length
  }
  return fields
}
