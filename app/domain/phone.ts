import { DEFAULT_COUNTRY_CODE } from './contact.ts'

// WhatsApp numbers as providers type them ('(11) 99999-0000', '+351 912 345 678'), checked and
// kept in E.164 ('+5511999990000'). Brazilian numbers are checked against the national plan
// (area code, 9-digit mobiles starting with 9, 8-digit landlines starting with 2 to 5); numbers
// of other countries by the E.164 length only.

/** Brazil's area codes (DDD) in use, per Anatel's national numbering plan. */
const BRAZIL_AREA_CODES = new Set([
  11, 12, 13, 14, 15, 16, 17, 18, 19, 21, 22, 24, 27, 28, 31, 32, 33, 34, 35, 37, 38, 41, 42, 43,
  44, 45, 46, 47, 48, 49, 51, 53, 54, 55, 61, 62, 63, 64, 65, 66, 67, 68, 69, 71, 73, 74, 75, 77,
  79, 81, 82, 83, 84, 85, 86, 87, 88, 89, 91, 92, 93, 94, 95, 96, 97, 98, 99,
])

/** A Brazilian national number (area code and subscriber number, digits only) in E.164. */
function brazilianE164(national: string): string | undefined {
  const match = /^(\d{2})(9\d{8}|[2-5]\d{7})$/.exec(national)
  if (!match || !BRAZIL_AREA_CODES.has(Number(match[1]))) return undefined
  return `+${DEFAULT_COUNTRY_CODE}${national}`
}

/**
 * The E.164 form of a typed WhatsApp number, or undefined when it cannot be one. Without '+' the
 * number is Brazilian (a leading trunk 0 is dropped, as in '011 99999-0000'); with '+55' it must
 * follow the Brazilian plan; with another country code it must have 8 to 15 digits.
 */
export function whatsappE164(typed: string): string | undefined {
  const trimmed = typed.trim()
  if (!/^\+?[\d\s().-]+$/.test(trimmed)) return undefined
  const digits = trimmed.replace(/\D/g, '')
  if (!trimmed.startsWith('+')) return brazilianE164(digits.replace(/^0/, ''))
  if (digits.startsWith(DEFAULT_COUNTRY_CODE)) {
    return brazilianE164(digits.slice(DEFAULT_COUNTRY_CODE.length))
  }
  return /^[1-9]\d{7,14}$/.test(digits) ? `+${digits}` : undefined
}

/** A stored E.164 number as people read it: '+55 11 99999-0000' for Brazil, spaced otherwise. */
export function formatPhone(e164: string): string {
  const brazil = /^\+55(\d{2})(\d{4,5})(\d{4})$/.exec(e164)
  if (brazil) return `+55 ${brazil[1]} ${brazil[2]}-${brazil[3]}`
  return e164
}
