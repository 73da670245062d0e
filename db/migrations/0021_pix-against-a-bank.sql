ALTER TABLE "pix_payments" DROP CONSTRAINT "pix_payments_outcome_check";--> statement-breakpoint
ALTER TABLE "pix_payments" ADD COLUMN "key" text;--> statement-breakpoint
ALTER TABLE "pix_refunds" ADD COLUMN "sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "pix_payments" ADD CONSTRAINT "pix_payments_outcome_check" CHECK ("pix_payments"."outcome" in ('credited', 'refunded', 'foreign'));