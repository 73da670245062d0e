CREATE TABLE "charge_submissions" (
	"user_id" text NOT NULL,
	"key" text NOT NULL,
	"charge_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "charge_submissions_user_id_key_pk" PRIMARY KEY("user_id","key")
);
--> statement-breakpoint
ALTER TABLE "charge_submissions" ADD CONSTRAINT "charge_submissions_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "charge_submissions" ADD CONSTRAINT "charge_submissions_charge_id_pix_charges_id_fk" FOREIGN KEY ("charge_id") REFERENCES "public"."pix_charges"("id") ON DELETE cascade ON UPDATE no action;