-- UNLOGGED by hand (drizzle-kit cannot express it; see db/schema/counters.ts): the counters are
-- written on every limited request and need no crash safety.
CREATE UNLOGGED TABLE "shared_counters" (
	"key" text PRIMARY KEY NOT NULL,
	"count" integer NOT NULL,
	"value" text,
	"expires_at" timestamp with time zone NOT NULL
);
