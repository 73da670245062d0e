CREATE TABLE "profile_daily_stats" (
	"profile_id" uuid NOT NULL,
	"day" date NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"whatsapp_clicks" integer DEFAULT 0 NOT NULL,
	"telegram_clicks" integer DEFAULT 0 NOT NULL,
	"x_clicks" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "profile_daily_stats_profile_id_day_pk" PRIMARY KEY("profile_id","day"),
	CONSTRAINT "profile_daily_stats_counts_check" CHECK ("profile_daily_stats"."views" >= 0 and "profile_daily_stats"."whatsapp_clicks" >= 0 and "profile_daily_stats"."telegram_clicks" >= 0 and "profile_daily_stats"."x_clicks" >= 0)
);
--> statement-breakpoint
ALTER TABLE "profile_daily_stats" ADD CONSTRAINT "profile_daily_stats_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;