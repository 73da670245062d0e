const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** Whether a string has the UUID shape of SPEC §5: 8-4-4-4-12 hexadecimal digits. */
export function isUuid(value: string): boolean {
  return UUID.test(value)
}
