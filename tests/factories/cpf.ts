// CPFs for tests (issue 22): valid ones, their two check digits computed, never the same twice in
// a test file.

/** A valid CPF (11 digits) from nine digits. */
export function cpfFrom(nine: string): string {
  const digits = nine.split('').map(Number)
  for (const length of [9, 10]) {
    let sum = 0
    for (let i = 0; i < length; i++) sum += (digits[i] ?? 0) * (length + 1 - i)
    const rest = (sum * 10) % 11
    digits.push(rest === 10 ? 0 : rest)
  }
  return digits.join('')
}

let serial = 100_000_000 + Math.floor(Math.random() * 100_000_000)

/** A new valid CPF. */
export const newCpf = () => cpfFrom(String(++serial))

/** The CPF with one check digit changed: 11 digits that are not a CPF. */
export const brokenCpf = (cpf: string) => `${cpf.slice(0, 10)}${(Number(cpf[10]) + 1) % 10}`

/** The CPF as people type it: 123.456.789-09. */
export const typedCpf = (cpf: string) =>
  `${cpf.slice(0, 3)}.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-${cpf.slice(9)}`
