// Brazil's 27 federative units (IBGE): the two-letter code cities carry, and the name, which is
// the same in both interface languages (proper names are not translated).

/** State names by their two-letter code. */
export const BRAZIL_STATES: Readonly<Record<string, string>> = {
  AC: 'Acre',
  AL: 'Alagoas',
  AP: 'Amapá',
  AM: 'Amazonas',
  BA: 'Bahia',
  CE: 'Ceará',
  DF: 'Distrito Federal',
  ES: 'Espírito Santo',
  GO: 'Goiás',
  MA: 'Maranhão',
  MT: 'Mato Grosso',
  MS: 'Mato Grosso do Sul',
  MG: 'Minas Gerais',
  PA: 'Pará',
  PB: 'Paraíba',
  PR: 'Paraná',
  PE: 'Pernambuco',
  PI: 'Piauí',
  RJ: 'Rio de Janeiro',
  RN: 'Rio Grande do Norte',
  RS: 'Rio Grande do Sul',
  RO: 'Rondônia',
  RR: 'Roraima',
  SC: 'Santa Catarina',
  SP: 'São Paulo',
  SE: 'Sergipe',
  TO: 'Tocantins',
}

/** A state's name from its code (the code itself when unknown). */
export function stateName(code: string): string {
  return BRAZIL_STATES[code.toUpperCase()] ?? code
}

/** The id of a state's group on the cities page (its code in lower case: 'sp'). */
export function stateAnchor(code: string): string {
  return code.toLowerCase()
}
