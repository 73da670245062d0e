-- unaccent: accent-insensitive city and name matching; pg_trgm: fast ILIKE on names.
CREATE EXTENSION IF NOT EXISTS unaccent;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS pg_trgm;
