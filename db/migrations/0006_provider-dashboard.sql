CREATE TABLE "photo_flags" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"image_id" uuid NOT NULL,
	"matched_image_id" uuid NOT NULL,
	"distance" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	"resolved_by" text,
	"resolution" text
);
--> statement-breakpoint
CREATE TABLE "verification_submissions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"profile_id" uuid NOT NULL,
	"status" text DEFAULT 'receiving' NOT NULL,
	"consent_at" timestamp with time zone NOT NULL,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"document_front_key" text,
	"document_back_key" text,
	"selfie_key" text,
	"document_front_hash" text NOT NULL,
	"document_back_hash" text NOT NULL,
	"selfie_hash" text NOT NULL,
	"decided_at" timestamp with time zone,
	"reviewer_id" text,
	"reason" text,
	CONSTRAINT "verification_submissions_status_check" CHECK ("verification_submissions"."status" in ('receiving', 'pending', 'approved', 'rejected'))
);
--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "status_reason" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "suspended_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "verification_reminder_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "pending_working_name" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "changes_submitted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "photo_flags" ADD CONSTRAINT "photo_flags_image_id_images_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."images"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "photo_flags" ADD CONSTRAINT "photo_flags_matched_image_id_images_id_fk" FOREIGN KEY ("matched_image_id") REFERENCES "public"."images"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "photo_flags" ADD CONSTRAINT "photo_flags_resolved_by_user_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verification_submissions" ADD CONSTRAINT "verification_submissions_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verification_submissions" ADD CONSTRAINT "verification_submissions_reviewer_id_user_id_fk" FOREIGN KEY ("reviewer_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "photo_flags_pair_key" ON "photo_flags" USING btree ("image_id","matched_image_id");--> statement-breakpoint
CREATE INDEX "photo_flags_open_idx" ON "photo_flags" USING btree ("created_at") WHERE "photo_flags"."resolved_at" is null;--> statement-breakpoint
CREATE INDEX "verification_submissions_queue_idx" ON "verification_submissions" USING btree ("status","submitted_at");--> statement-breakpoint
CREATE INDEX "verification_submissions_profile_idx" ON "verification_submissions" USING btree ("profile_id");--> statement-breakpoint
CREATE INDEX "images_file_hash_idx" ON "images" USING btree ("file_hash");