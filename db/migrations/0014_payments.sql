CREATE TABLE "pix_charges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"txid" text NOT NULL,
	"purpose" text NOT NULL,
	"user_id" text,
	"profile_id" uuid,
	"tier" text,
	"days" integer,
	"sanction_id" uuid,
	"amount_cents" integer NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"br_code" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	"checked_at" timestamp with time zone,
	"plan_expires_at" timestamp with time zone,
	"credited_days" integer,
	CONSTRAINT "pix_charges_txid_unique" UNIQUE("txid"),
	CONSTRAINT "pix_charges_purpose_check" CHECK ("pix_charges"."purpose" in ('plan', 'return_fee')),
	CONSTRAINT "pix_charges_status_check" CHECK ("pix_charges"."status" in ('active', 'paid', 'expired')),
	CONSTRAINT "pix_charges_tier_check" CHECK ("pix_charges"."tier" is null or "pix_charges"."tier" in ('basico', 'bronze', 'prata', 'ouro', 'vip_plus')),
	CONSTRAINT "pix_charges_amount_check" CHECK ("pix_charges"."amount_cents" > 0),
	CONSTRAINT "pix_charges_purpose_fields_check" CHECK (("pix_charges"."purpose" = 'plan' and "pix_charges"."tier" is not null and "pix_charges"."days" > 0) or ("pix_charges"."purpose" = 'return_fee'))
);
--> statement-breakpoint
CREATE TABLE "pix_payments" (
	"end_to_end_id" text PRIMARY KEY NOT NULL,
	"txid" text,
	"charge_id" uuid,
	"amount_cents" integer NOT NULL,
	"paid_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"outcome" text NOT NULL,
	CONSTRAINT "pix_payments_outcome_check" CHECK ("pix_payments"."outcome" in ('credited', 'refunded')),
	CONSTRAINT "pix_payments_amount_check" CHECK ("pix_payments"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "pix_refunds" (
	"id" text PRIMARY KEY NOT NULL,
	"end_to_end_id" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"reason" text NOT NULL,
	"note" text,
	"status" text DEFAULT 'requested' NOT NULL,
	"return_id" text,
	"requested_by" text,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "pix_refunds_reason_check" CHECK ("pix_refunds"."reason" in ('charge_expired', 'unknown_charge', 'already_paid', 'amount_mismatch', 'team')),
	CONSTRAINT "pix_refunds_status_check" CHECK ("pix_refunds"."status" in ('requested', 'done', 'failed')),
	CONSTRAINT "pix_refunds_amount_check" CHECK ("pix_refunds"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "plan_prices" (
	"tier" text PRIMARY KEY NOT NULL,
	"price_cents" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "plan_prices_tier_check" CHECK ("plan_prices"."tier" in ('basico', 'bronze', 'prata', 'ouro', 'vip_plus')),
	CONSTRAINT "plan_prices_price_check" CHECK ("plan_prices"."price_cents" > 0)
);
--> statement-breakpoint
ALTER TABLE "audit_log" DROP CONSTRAINT "audit_log_action_check";--> statement-breakpoint
ALTER TABLE "audit_log" DROP CONSTRAINT "audit_log_target_check";--> statement-breakpoint
ALTER TABLE "profile_sanctions" ADD COLUMN "fee_paid_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "profile_sanctions" ADD COLUMN "fee_waived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "profile_sanctions" ADD COLUMN "fee_waived_by" text;--> statement-breakpoint
ALTER TABLE "profile_sanctions" ADD COLUMN "fee_waive_reason" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "tier_reminder_for" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "pix_charges" ADD CONSTRAINT "pix_charges_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pix_charges" ADD CONSTRAINT "pix_charges_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pix_charges" ADD CONSTRAINT "pix_charges_sanction_id_profile_sanctions_id_fk" FOREIGN KEY ("sanction_id") REFERENCES "public"."profile_sanctions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pix_payments" ADD CONSTRAINT "pix_payments_charge_id_pix_charges_id_fk" FOREIGN KEY ("charge_id") REFERENCES "public"."pix_charges"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pix_refunds" ADD CONSTRAINT "pix_refunds_end_to_end_id_pix_payments_end_to_end_id_fk" FOREIGN KEY ("end_to_end_id") REFERENCES "public"."pix_payments"("end_to_end_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pix_charges_open_idx" ON "pix_charges" USING btree ("created_at") WHERE "pix_charges"."status" = 'active';--> statement-breakpoint
CREATE INDEX "pix_charges_profile_idx" ON "pix_charges" USING btree ("profile_id","created_at");--> statement-breakpoint
CREATE INDEX "pix_charges_user_idx" ON "pix_charges" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "pix_payments_paid_idx" ON "pix_payments" USING btree ("paid_at");--> statement-breakpoint
CREATE INDEX "pix_payments_charge_idx" ON "pix_payments" USING btree ("charge_id");--> statement-breakpoint
CREATE INDEX "pix_refunds_payment_idx" ON "pix_refunds" USING btree ("end_to_end_id");--> statement-breakpoint
CREATE INDEX "pix_refunds_open_idx" ON "pix_refunds" USING btree ("requested_at") WHERE "pix_refunds"."status" = 'requested';--> statement-breakpoint
CREATE INDEX "profile_sanctions_running_idx" ON "profile_sanctions" USING btree ("ends_at") WHERE "profile_sanctions"."kind" = 'suspension' and "profile_sanctions"."lifted_at" is null;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_action_check" CHECK ("audit_log"."action" in ('verification_approve', 'verification_reject', 'changes_approve', 'changes_reject', 'suspend', 'lift_suspension', 'ban', 'hide', 'unhide', 'set_tier', 'report_resolve', 'report_hide', 'flag_resolve', 'reserve_username', 'release_username', 'grant_admin', 'revoke_admin', 'review_publish', 'review_hide', 'review_restore', 'review_remove', 'review_report_close', 'review_feature', 'review_unfeature', 'plan_price', 'payment_refund', 'return_fee_waive', 'suspension_end'));--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_target_check" CHECK ("audit_log"."target_type" in ('profile', 'user', 'username', 'report', 'photo_flag', 'review', 'plan', 'payment'));--> statement-breakpoint
-- The prices a new site starts with (DEFAULT_PLAN_PRICES_CENTS); the team sets its own on /admin/plans.
INSERT INTO "plan_prices" ("tier", "price_cents") VALUES ('basico', 4900), ('bronze', 7900), ('prata', 11900), ('ouro', 17900), ('vip_plus', 24900) ON CONFLICT DO NOTHING;
