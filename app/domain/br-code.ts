// The BR Code of a dynamic Pix charge (the Banco Central's "Manual do BR Code", EMV QRCPS-MPM):
// what a bank app reads from the QR code or the 'copia e cola' text. The institution usually
// returns it as `pixCopiaECola`, which the API Pix makes optional (issue 31 point 4): without it
// the site builds it from the charge's `location`, where the bank app fetches the amount.

/** CRC-16/CCITT-FALSE (polynomial 0x1021, start 0xFFFF) of the UTF-8 bytes, 4 upper-case hex digits. */
export function brCodeCrc(text: string): string {
  let crc = 0xffff
  for (const byte of new TextEncoder().encode(text)) {
    crc ^= byte << 8
    for (let bit = 0; bit < 8; bit++) {
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff
    }
  }
  return crc.toString(16).toUpperCase().padStart(4, '0')
}

/** One EMV field: two-digit id, two-digit length, value (at most 99 characters). */
function field(id: string, value: string): string {
  if (value.length > 99) throw new RangeError(`BR Code field ${id} longer than 99`)
  return `${id}${String(value.length).padStart(2, '0')}${value}`
}

/**
 * A name or city as the manual's character set allows: accents dropped (São → Sao), anything
 * else outside printable ASCII left out, cut to `max`. Lengths then count bytes and characters
 * alike, so no bank app can disagree on them.
 */
function plain(text: string, max: number): string {
  return text
    .normalize('NFD')
    .replace(/[^\x20-\x7e]/g, '')
    .trim()
    .slice(0, max)
}

export interface DynamicCharge {
  /** The charge's location as the API gives it, without a scheme (`pix.example.com/qr/v2/…`). */
  location: string
  merchantName: string
  merchantCity: string
}

/**
 * The BR Code of a charge paid through its location: point of initiation 12 (used once), the
 * Pix account information (GUI `br.gov.bcb.pix`, URL in 25), the fixed fields, `***` as the
 * transaction id (the manual's rule for dynamic codes) and the CRC in 63.
 */
export function dynamicBrCode({ location, merchantName, merchantCity }: DynamicCharge): string {
  const url = location.replace(/^https?:\/\//i, '')
  const withoutCrc = [
    field('00', '01'),
    field('01', '12'),
    field('26', field('00', 'br.gov.bcb.pix') + field('25', url)),
    field('52', '0000'),
    field('53', '986'),
    field('58', 'BR'),
    field('59', plain(merchantName, 25) || 'Aprova'),
    field('60', plain(merchantCity, 15) || 'Brasil'),
    field('62', field('05', '***')),
    '6304',
  ].join('')
  return withoutCrc + brCodeCrc(withoutCrc)
}
