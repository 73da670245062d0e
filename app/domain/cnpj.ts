// The CNPJ, the company's number at the Receita Federal: 12 characters and 2 check digits. From
// July 2026 the first 12 may be letters too (IN RFB 2.229/2024): each character counts as its
// char code − 48 ('0'–'9' as 0–9, 'A' as 17 …), and the check digits stay digits, computed modulo
// 11 with the weights 2…9 from the right, as before.

const WEIGHTS = [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]

function checkDigit(body: string): number {
  const weights = WEIGHTS.slice(WEIGHTS.length - body.length)
  let sum = 0
  for (let i = 0; i < body.length; i++) sum += (body.charCodeAt(i) - 48) * (weights[i] ?? 0)
  const rest = sum % 11
  return rest < 2 ? 0 : 11 - rest
}

/**
 * The CNPJ as its 14 characters (letters in capitals), written with or without its dots, slash
 * and dash; null when it is not one (wrong length, a wrong check digit, all one character).
 */
export function normalCnpj(value: string): string | null {
  const plain = value.trim().toUpperCase().replace(/[./-]/g, '')
  if (!/^[0-9A-Z]{12}[0-9]{2}$/.test(plain)) return null
  if (/^(.)\1{13}$/.test(plain)) return null
  const first = checkDigit(plain.slice(0, 12))
  const second = checkDigit(plain.slice(0, 12) + String(first))
  return plain.endsWith(`${first}${second}`) ? plain : null
}

/** A CNPJ as people write it: 12.345.678/0001-95 (12.ABC.345/01DE-35). */
export function formatCnpj(cnpj: string): string {
  const plain = normalCnpj(cnpj) ?? cnpj
  return `${plain.slice(0, 2)}.${plain.slice(2, 5)}.${plain.slice(5, 8)}/${plain.slice(8, 12)}-${plain.slice(12)}`
}
