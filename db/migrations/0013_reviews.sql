CREATE TABLE "profile_contacts" (
	"user_id" text NOT NULL,
	"profile_id" uuid NOT NULL,
	"first_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "profile_contacts_user_id_profile_id_pk" PRIMARY KEY("user_id","profile_id")
);
--> statement-breakpoint
CREATE TABLE "profile_review_stats" (
	"profile_id" uuid PRIMARY KEY NOT NULL,
	"review_count" integer DEFAULT 0 NOT NULL,
	"rating_sum" integer DEFAULT 0 NOT NULL,
	"photos_match_count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "profile_review_stats_counts_check" CHECK ("profile_review_stats"."review_count" >= 0 and "profile_review_stats"."rating_sum" >= 0 and "profile_review_stats"."photos_match_count" >= 0)
);
--> statement-breakpoint
CREATE TABLE "reviews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"profile_id" uuid NOT NULL,
	"author_id" text NOT NULL,
	"rating" smallint NOT NULL,
	"photos_match" boolean NOT NULL,
	"body" text NOT NULL,
	"quotable" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'published' NOT NULL,
	"signals" text[] DEFAULT '{}'::text[] NOT NULL,
	"network_key" text,
	"device_key" text,
	"featured" boolean DEFAULT false NOT NULL,
	"reply" text,
	"replied_at" timestamp with time zone,
	"reported_at" timestamp with time zone,
	"report_reason" text,
	"report_details" text,
	"moderated_at" timestamp with time zone,
	"moderated_by" text,
	"moderation_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_at" timestamp with time zone,
	CONSTRAINT "reviews_rating_check" CHECK ("reviews"."rating" between 1 and 5),
	CONSTRAINT "reviews_status_check" CHECK ("reviews"."status" in ('published', 'pending', 'hidden')),
	CONSTRAINT "reviews_report_reason_check" CHECK ("reviews"."report_reason" is null or "reviews"."report_reason" in ('never_met', 'offensive', 'personal_data', 'contact_data', 'other')),
	CONSTRAINT "reviews_moderation_reason_check" CHECK ("reviews"."moderation_reason" is null or "reviews"."moderation_reason" in ('fake', 'offensive', 'personal_data', 'contact_data', 'explicit', 'other')),
	CONSTRAINT "reviews_featured_check" CHECK (not "reviews"."featured" or "reviews"."quotable")
);
--> statement-breakpoint
ALTER TABLE "audit_log" DROP CONSTRAINT "audit_log_action_check";--> statement-breakpoint
ALTER TABLE "audit_log" DROP CONSTRAINT "audit_log_target_check";--> statement-breakpoint
ALTER TABLE "profile_contacts" ADD CONSTRAINT "profile_contacts_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profile_contacts" ADD CONSTRAINT "profile_contacts_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profile_review_stats" ADD CONSTRAINT "profile_review_stats_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_author_id_user_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_moderated_by_user_id_fk" FOREIGN KEY ("moderated_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "profile_contacts_last_idx" ON "profile_contacts" USING btree ("last_at");--> statement-breakpoint
CREATE INDEX "profile_contacts_profile_idx" ON "profile_contacts" USING btree ("profile_id");--> statement-breakpoint
CREATE INDEX "reviews_profile_published_idx" ON "reviews" USING btree ("profile_id","created_at" DESC NULLS LAST) WHERE "reviews"."status" = 'published';--> statement-breakpoint
CREATE INDEX "reviews_author_idx" ON "reviews" USING btree ("author_id","profile_id","created_at");--> statement-breakpoint
CREATE INDEX "reviews_author_created_idx" ON "reviews" USING btree ("author_id","created_at");--> statement-breakpoint
CREATE INDEX "reviews_profile_created_idx" ON "reviews" USING btree ("profile_id","created_at");--> statement-breakpoint
CREATE INDEX "reviews_created_idx" ON "reviews" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "reviews_queue_idx" ON "reviews" USING btree ("created_at") WHERE "reviews"."status" = 'pending' or "reviews"."reported_at" is not null;--> statement-breakpoint
CREATE INDEX "reviews_featured_idx" ON "reviews" USING btree ("published_at" DESC NULLS LAST) WHERE "reviews"."featured" and "reviews"."status" = 'published';--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_action_check" CHECK ("audit_log"."action" in ('verification_approve', 'verification_reject', 'changes_approve', 'changes_reject', 'suspend', 'lift_suspension', 'ban', 'hide', 'unhide', 'set_tier', 'report_resolve', 'report_hide', 'flag_resolve', 'reserve_username', 'release_username', 'grant_admin', 'revoke_admin', 'review_publish', 'review_hide', 'review_restore', 'review_remove', 'review_report_close', 'review_feature', 'review_unfeature'));--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_target_check" CHECK ("audit_log"."target_type" in ('profile', 'user', 'username', 'report', 'photo_flag', 'review'));--> statement-breakpoint
-- A profile's published reviews summed up (count, ratings, 'photos match'), kept here by the
-- database itself, and the change feed (ADR 0015) told when a public profile's published reviews
-- change: their ratings show on cards and on the profile page, which every instance keeps.
CREATE FUNCTION "reviews_published_change"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_counts boolean := TG_OP <> 'INSERT' AND OLD.status = 'published';
  new_counts boolean := TG_OP <> 'DELETE' AND NEW.status = 'published';
BEGIN
  IF old_counts THEN
    UPDATE profile_review_stats SET
      review_count = review_count - 1,
      rating_sum = rating_sum - OLD.rating,
      photos_match_count = photos_match_count - CASE WHEN OLD.photos_match THEN 1 ELSE 0 END
    WHERE profile_id = OLD.profile_id;
  END IF;
  IF new_counts THEN
    INSERT INTO profile_review_stats AS s (profile_id, review_count, rating_sum, photos_match_count)
    VALUES (NEW.profile_id, 1, NEW.rating, CASE WHEN NEW.photos_match THEN 1 ELSE 0 END)
    ON CONFLICT (profile_id) DO UPDATE SET
      review_count = s.review_count + 1,
      rating_sum = s.rating_sum + EXCLUDED.rating_sum,
      photos_match_count = s.photos_match_count + EXCLUDED.photos_match_count;
  END IF;
  -- What a public page shows of a review: published or not, its words, rating, reply, name.
  IF (old_counts OR new_counts)
    AND NOT (TG_OP = 'UPDATE' AND old_counts AND new_counts
      AND OLD.body = NEW.body AND OLD.rating = NEW.rating AND OLD.photos_match = NEW.photos_match
      AND OLD.reply IS NOT DISTINCT FROM NEW.reply AND OLD.featured = NEW.featured)
    AND profile_is_public(CASE WHEN TG_OP = 'DELETE' THEN OLD.profile_id ELSE NEW.profile_id END)
  THEN
    PERFORM pg_notify('aprova_public_changes', 'changed');
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "reviews_published_change" AFTER INSERT OR UPDATE OR DELETE ON "reviews"
  FOR EACH ROW EXECUTE FUNCTION "reviews_published_change"();
--> statement-breakpoint
-- Near-identical texts (a suspicion rule): candidates found by trigram similarity.
CREATE INDEX "reviews_body_trgm_idx" ON "reviews" USING gin ("body" gin_trgm_ops);
