import { sql } from 'drizzle-orm'
import { timestamp } from 'drizzle-orm/pg-core'

// Column and check helpers shared by the schema files.

/** A list of constants as SQL for a CHECK (… in (…)); never given input. */
export const inList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '))

/** timestamp with time zone. */
export const timestamptz = (name: string) => timestamp(name, { withTimezone: true })
