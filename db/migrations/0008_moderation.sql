CREATE TABLE "audit_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_id" text NOT NULL,
	"actor_email" text NOT NULL,
	"action" text NOT NULL,
	"target_type" text NOT NULL,
	"target_id" text NOT NULL,
	"target_label" text NOT NULL,
	"reason" text,
	"details" jsonb,
	CONSTRAINT "audit_log_action_check" CHECK ("audit_log"."action" in ('verification_approve', 'verification_reject', 'changes_approve', 'changes_reject', 'suspend', 'lift_suspension', 'ban', 'hide', 'unhide', 'set_tier', 'report_resolve', 'flag_resolve', 'reserve_username', 'release_username', 'grant_admin', 'revoke_admin')),
	CONSTRAINT "audit_log_target_check" CHECK ("audit_log"."target_type" in ('profile', 'user', 'username', 'report', 'photo_flag'))
);
--> statement-breakpoint
CREATE TABLE "banned_identifiers" (
	"kind" text NOT NULL,
	"hash" text NOT NULL,
	"profile_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "banned_identifiers_kind_hash_pk" PRIMARY KEY("kind","hash"),
	CONSTRAINT "banned_identifiers_kind_check" CHECK ("banned_identifiers"."kind" in ('email', 'phone', 'document'))
);
--> statement-breakpoint
CREATE TABLE "profile_sanctions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"profile_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"reason" text NOT NULL,
	"days" integer,
	"daily_value_cents" integer,
	"fee_cents" integer,
	"starts_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ends_at" timestamp with time zone,
	"lifted_at" timestamp with time zone,
	"actor_id" text,
	"automatic" boolean DEFAULT false NOT NULL,
	CONSTRAINT "profile_sanctions_kind_check" CHECK ("profile_sanctions"."kind" in ('suspension', 'ban'))
);
--> statement-breakpoint
CREATE TABLE "reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"profile_id" uuid NOT NULL,
	"reporter_id" text,
	"reason" text NOT NULL,
	"details" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	"resolved_by" text,
	"resolution" text,
	"note" text,
	CONSTRAINT "reports_reason_check" CHECK ("reports"."reason" in ('fake_photos', 'not_the_person', 'advance_payment', 'threats', 'minor', 'other'))
);
--> statement-breakpoint
ALTER TABLE "photo_flags" ADD COLUMN "note" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "hidden_reason" text;--> statement-breakpoint
ALTER TABLE "profile_sanctions" ADD CONSTRAINT "profile_sanctions_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profile_sanctions" ADD CONSTRAINT "profile_sanctions_actor_id_user_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_reporter_id_user_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_resolved_by_user_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_created_idx" ON "audit_log" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "audit_log_action_idx" ON "audit_log" USING btree ("action","created_at");--> statement-breakpoint
CREATE INDEX "audit_log_target_idx" ON "audit_log" USING btree ("target_id","created_at");--> statement-breakpoint
CREATE INDEX "audit_log_actor_idx" ON "audit_log" USING btree ("actor_id","created_at");--> statement-breakpoint
CREATE INDEX "profile_sanctions_profile_idx" ON "profile_sanctions" USING btree ("profile_id","starts_at");--> statement-breakpoint
CREATE INDEX "reports_open_idx" ON "reports" USING btree ("created_at") WHERE "reports"."resolved_at" is null;--> statement-breakpoint
CREATE INDEX "reports_profile_idx" ON "reports" USING btree ("profile_id");--> statement-breakpoint
CREATE INDEX "profiles_tier_expiry_idx" ON "profiles" USING btree ("tier_expires_at") WHERE "profiles"."membership_tier" <> 'free';--> statement-breakpoint
-- The audit log is append-only (issue 8 item 8): no UPDATE or DELETE gets through, whoever asks.
CREATE FUNCTION "audit_log_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	RAISE EXCEPTION 'audit_log is append-only';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "audit_log_append_only" BEFORE UPDATE OR DELETE ON "audit_log"
	FOR EACH STATEMENT EXECUTE FUNCTION "audit_log_append_only"();--> statement-breakpoint
CREATE TRIGGER "audit_log_no_truncate" BEFORE TRUNCATE ON "audit_log"
	FOR EACH STATEMENT EXECUTE FUNCTION "audit_log_append_only"();
