import { doublePrecision, integer, pgTable, primaryKey, text, varchar } from 'drizzle-orm/pg-core'

/** The built-in cities (SPEC §3), loaded from db/seed/reference at every start. */
export const cities = pgTable('cities', {
  slug: text('slug').primaryKey(),
  name: text('name').notNull(),
  state: varchar('state', { length: 2 }).notNull(),
  region: text('region', {
    enum: ['Sudeste', 'Nordeste', 'Sul', 'Centro-Oeste', 'Norte'],
  }).notNull(),
  lat: doublePrecision('lat').notNull(),
  lng: doublePrecision('lng').notNull(),
  population: integer('population').notNull(),
  descriptionPt: text('description_pt'),
  descriptionEn: text('description_en'),
})

export const neighborhoods = pgTable(
  'neighborhoods',
  {
    citySlug: text('city_slug')
      .notNull()
      .references(() => cities.slug, { onDelete: 'cascade' }),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    population: integer('population'),
    descriptionPt: text('description_pt'),
    descriptionEn: text('description_en'),
    landmarks: text('landmarks').array().notNull().default([]),
  },
  (t) => [primaryKey({ columns: [t.citySlug, t.slug] })],
)

export const services = pgTable('services', {
  slug: text('slug').primaryKey(),
  namePt: text('name_pt').notNull(),
  nameEn: text('name_en').notNull(),
  descriptionPt: text('description_pt').notNull(),
  descriptionEn: text('description_en').notNull(),
  keywordsPt: text('keywords_pt').array().notNull(),
  keywordsEn: text('keywords_en').array().notNull(),
  metaDescriptionPt: text('meta_description_pt').notNull(),
  metaDescriptionEn: text('meta_description_en').notNull(),
  contentPt: text('content_pt').notNull(),
  contentEn: text('content_en').notNull(),
  displayOrder: integer('display_order').notNull().default(0),
})
