CREATE TABLE "balance_freezes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"profile_id" uuid NOT NULL,
	"cause" text NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"released_at" timestamp with time zone,
	"released_by" text,
	"release_note" text,
	CONSTRAINT "balance_freezes_cause_check" CHECK ("balance_freezes"."cause" in ('ban', 'minor_report', 'team'))
);
--> statement-breakpoint
CREATE TABLE "gifts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" text,
	"profile_id" uuid,
	"charge_id" uuid,
	"amount_cents" integer NOT NULL,
	"message" text,
	"status" text DEFAULT 'awaiting_payment' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	"available_at" timestamp with time zone,
	"refunded_at" timestamp with time zone,
	CONSTRAINT "gifts_charge_id_unique" UNIQUE("charge_id"),
	CONSTRAINT "gifts_status_check" CHECK ("gifts"."status" in ('awaiting_payment', 'pending', 'available', 'refunded')),
	CONSTRAINT "gifts_amount_check" CHECK ("gifts"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "ledger_transfers" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"from_account" text NOT NULL,
	"to_account" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"kind" text NOT NULL,
	"gift_id" uuid,
	"withdrawal_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_transfers_amount_check" CHECK ("ledger_transfers"."amount_cents" > 0),
	CONSTRAINT "ledger_transfers_accounts_check" CHECK ("ledger_transfers"."from_account" <> "ledger_transfers"."to_account"),
	CONSTRAINT "ledger_transfers_kind_check" CHECK ("ledger_transfers"."kind" in ('gift_paid', 'gift_available', 'gift_refunded', 'withdrawal_requested', 'withdrawal_paid', 'withdrawal_fee', 'withdrawal_failed'))
);
--> statement-breakpoint
CREATE TABLE "withdrawals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"profile_id" uuid,
	"requested_by" text,
	"amount_cents" integer NOT NULL,
	"fee_cents" integer NOT NULL,
	"pix_key" text NOT NULL,
	"status" text DEFAULT 'requested' NOT NULL,
	"payout_id" text NOT NULL,
	"end_to_end_id" text,
	"failure" text,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"settled_at" timestamp with time zone,
	CONSTRAINT "withdrawals_payout_id_unique" UNIQUE("payout_id"),
	CONSTRAINT "withdrawals_status_check" CHECK ("withdrawals"."status" in ('requested', 'sent', 'paid', 'failed')),
	CONSTRAINT "withdrawals_amount_check" CHECK ("withdrawals"."amount_cents" > "withdrawals"."fee_cents" and "withdrawals"."fee_cents" > 0)
);
--> statement-breakpoint
ALTER TABLE "audit_log" DROP CONSTRAINT "audit_log_action_check";--> statement-breakpoint
ALTER TABLE "audit_log" DROP CONSTRAINT "audit_log_target_check";--> statement-breakpoint
ALTER TABLE "pix_charges" DROP CONSTRAINT "pix_charges_purpose_check";--> statement-breakpoint
ALTER TABLE "pix_charges" DROP CONSTRAINT "pix_charges_purpose_fields_check";--> statement-breakpoint
ALTER TABLE "pix_refunds" DROP CONSTRAINT "pix_refunds_reason_check";--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "payout_cpf_hash" text;--> statement-breakpoint
ALTER TABLE "verification_submissions" ADD COLUMN "cpf" text;--> statement-breakpoint
ALTER TABLE "verification_submissions" ADD COLUMN "cpf_hash" text;--> statement-breakpoint
ALTER TABLE "balance_freezes" ADD CONSTRAINT "balance_freezes_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gifts" ADD CONSTRAINT "gifts_client_id_user_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gifts" ADD CONSTRAINT "gifts_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gifts" ADD CONSTRAINT "gifts_charge_id_pix_charges_id_fk" FOREIGN KEY ("charge_id") REFERENCES "public"."pix_charges"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_transfers" ADD CONSTRAINT "ledger_transfers_gift_id_gifts_id_fk" FOREIGN KEY ("gift_id") REFERENCES "public"."gifts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_transfers" ADD CONSTRAINT "ledger_transfers_withdrawal_id_withdrawals_id_fk" FOREIGN KEY ("withdrawal_id") REFERENCES "public"."withdrawals"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_requested_by_user_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "balance_freezes_open_idx" ON "balance_freezes" USING btree ("profile_id") WHERE "balance_freezes"."released_at" is null;--> statement-breakpoint
CREATE INDEX "gifts_client_idx" ON "gifts" USING btree ("client_id","created_at");--> statement-breakpoint
CREATE INDEX "gifts_profile_idx" ON "gifts" USING btree ("profile_id","created_at");--> statement-breakpoint
CREATE INDEX "gifts_maturing_idx" ON "gifts" USING btree ("available_at") WHERE "gifts"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "ledger_transfers_from_idx" ON "ledger_transfers" USING btree ("from_account");--> statement-breakpoint
CREATE INDEX "ledger_transfers_to_idx" ON "ledger_transfers" USING btree ("to_account");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_transfers_gift_kind_idx" ON "ledger_transfers" USING btree ("gift_id","kind") WHERE "ledger_transfers"."gift_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_transfers_withdrawal_kind_idx" ON "ledger_transfers" USING btree ("withdrawal_id","kind") WHERE "ledger_transfers"."withdrawal_id" is not null;--> statement-breakpoint
CREATE INDEX "withdrawals_profile_idx" ON "withdrawals" USING btree ("profile_id","requested_at");--> statement-breakpoint
CREATE INDEX "withdrawals_open_idx" ON "withdrawals" USING btree ("requested_at") WHERE "withdrawals"."status" in ('requested', 'sent');--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_action_check" CHECK ("audit_log"."action" in ('verification_approve', 'verification_reject', 'changes_approve', 'changes_reject', 'suspend', 'lift_suspension', 'ban', 'hide', 'unhide', 'set_tier', 'report_resolve', 'report_hide', 'flag_resolve', 'reserve_username', 'release_username', 'grant_admin', 'revoke_admin', 'review_publish', 'review_hide', 'review_restore', 'review_remove', 'review_report_close', 'review_feature', 'review_unfeature', 'plan_price', 'payment_refund', 'return_fee_waive', 'suspension_end', 'withdrawal_request', 'withdrawal_paid', 'withdrawal_failed', 'gift_refund', 'balance_freeze', 'balance_release'));--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_target_check" CHECK ("audit_log"."target_type" in ('profile', 'user', 'username', 'report', 'photo_flag', 'review', 'plan', 'payment', 'gift', 'withdrawal'));--> statement-breakpoint
ALTER TABLE "pix_charges" ADD CONSTRAINT "pix_charges_purpose_check" CHECK ("pix_charges"."purpose" in ('plan', 'return_fee', 'gift'));--> statement-breakpoint
ALTER TABLE "pix_charges" ADD CONSTRAINT "pix_charges_purpose_fields_check" CHECK (("pix_charges"."purpose" = 'plan' and "pix_charges"."tier" is not null and "pix_charges"."days" > 0) or ("pix_charges"."purpose" in ('return_fee', 'gift')));--> statement-breakpoint
ALTER TABLE "pix_refunds" ADD CONSTRAINT "pix_refunds_reason_check" CHECK ("pix_refunds"."reason" in ('charge_expired', 'unknown_charge', 'already_paid', 'amount_mismatch', 'team', 'gift_cap'));