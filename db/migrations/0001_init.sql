CREATE TABLE "account" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"provider_id" text NOT NULL,
	"user_id" text NOT NULL,
	"access_token" text,
	"refresh_token" text,
	"id_token" text,
	"access_token_expires_at" timestamp with time zone,
	"refresh_token_expires_at" timestamp with time zone,
	"scope" text,
	"password" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "session" (
	"id" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ip_address" text,
	"user_agent" text,
	"user_id" text NOT NULL,
	CONSTRAINT "session_token_unique" UNIQUE("token")
);
--> statement-breakpoint
CREATE TABLE "user" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"email_verified" boolean DEFAULT false NOT NULL,
	"image" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_email_unique" UNIQUE("email")
);
--> statement-breakpoint
CREATE TABLE "user_roles" (
	"user_id" text PRIMARY KEY NOT NULL,
	"role" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "verification" (
	"id" text PRIMARY KEY NOT NULL,
	"identifier" text NOT NULL,
	"value" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "images" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"profile_id" uuid NOT NULL,
	"url" text NOT NULL,
	"is_cover" boolean DEFAULT false NOT NULL,
	"display_order" integer DEFAULT 0 NOT NULL,
	"media_type" text DEFAULT 'image' NOT NULL,
	"verification_type" text DEFAULT 'profile' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"duration" integer,
	"file_hash" text,
	"file_size" bigint,
	"integrity_verified" boolean DEFAULT false NOT NULL,
	"last_integrity_check" timestamp with time zone,
	"storage_path" text,
	"mime_type" text,
	"width" integer,
	"height" integer,
	"perceptual_hash" text,
	"variant_widths" integer[] DEFAULT '{}' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "profile_services" (
	"profile_id" uuid NOT NULL,
	"service_slug" text NOT NULL,
	CONSTRAINT "profile_services_profile_id_service_slug_pk" PRIMARY KEY("profile_id","service_slug")
);
--> statement-breakpoint
CREATE TABLE "profiles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text,
	"name" text NOT NULL,
	"working_name" text,
	"username" text NOT NULL,
	"age" integer,
	"city" text,
	"city_slug" text,
	"neighborhood_slug" text,
	"description" text,
	"hourly_rate" integer,
	"is_premium" boolean DEFAULT false NOT NULL,
	"membership_tier" text DEFAULT 'free' NOT NULL,
	"tier_expires_at" timestamp with time zone,
	"tier_upgraded_at" timestamp with time zone,
	"status" text DEFAULT 'draft' NOT NULL,
	"visibility_status" text DEFAULT 'active' NOT NULL,
	"verification_status" text DEFAULT 'not_submitted' NOT NULL,
	"document_verification_status" text DEFAULT 'not_submitted' NOT NULL,
	"video_verification_status" text DEFAULT 'not_submitted' NOT NULL,
	"contact_verified" boolean DEFAULT false NOT NULL,
	"whatsapp" text,
	"telegram" text,
	"x_handle" text,
	"touring_available" boolean DEFAULT false NOT NULL,
	"show_availability_status" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"monthly_photo_uploads" integer DEFAULT 0 NOT NULL,
	"photo_upload_reset_date" date,
	"terms_accepted_at" timestamp with time zone,
	"premium_expires_at" timestamp with time zone,
	"bulk_created" boolean DEFAULT false NOT NULL,
	"bulk_created_at" timestamp with time zone,
	"contact_encrypted" boolean DEFAULT false NOT NULL,
	"photo_source_tracking" jsonb,
	"hidden_at" timestamp with time zone,
	"hidden_by" text,
	"source_url" text,
	"is_demo" boolean DEFAULT false NOT NULL,
	CONSTRAINT "profiles_tier_check" CHECK ("profiles"."membership_tier" in ('vip_plus', 'ouro', 'prata', 'bronze', 'basico', 'free')),
	CONSTRAINT "profiles_status_check" CHECK ("profiles"."status" in ('draft', 'pending', 'approved', 'rejected', 'suspended', 'banned')),
	CONSTRAINT "profiles_visibility_check" CHECK ("profiles"."visibility_status" in ('active', 'paused', 'hidden')),
	CONSTRAINT "profiles_age_check" CHECK ("profiles"."age" is null or "profiles"."age" between 18 and 100),
	CONSTRAINT "profiles_rate_check" CHECK ("profiles"."hourly_rate" is null or "profiles"."hourly_rate" >= 0)
);
--> statement-breakpoint
CREATE TABLE "reserved_usernames" (
	"username" text PRIMARY KEY NOT NULL,
	"profile_id" uuid,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cities" (
	"slug" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"state" varchar(2) NOT NULL,
	"region" text NOT NULL,
	"lat" double precision NOT NULL,
	"lng" double precision NOT NULL,
	"population" integer NOT NULL,
	"description_pt" text,
	"description_en" text
);
--> statement-breakpoint
CREATE TABLE "neighborhoods" (
	"city_slug" text NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"population" integer,
	"description_pt" text,
	"description_en" text,
	"landmarks" text[] DEFAULT '{}' NOT NULL,
	CONSTRAINT "neighborhoods_city_slug_slug_pk" PRIMARY KEY("city_slug","slug")
);
--> statement-breakpoint
CREATE TABLE "services" (
	"slug" text PRIMARY KEY NOT NULL,
	"name_pt" text NOT NULL,
	"name_en" text NOT NULL,
	"description_pt" text NOT NULL,
	"description_en" text NOT NULL,
	"keywords_pt" text[] NOT NULL,
	"keywords_en" text[] NOT NULL,
	"meta_description_pt" text NOT NULL,
	"meta_description_en" text NOT NULL,
	"content_pt" text NOT NULL,
	"content_en" text NOT NULL,
	"display_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "account" ADD CONSTRAINT "account_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session" ADD CONSTRAINT "session_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_roles" ADD CONSTRAINT "user_roles_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "images" ADD CONSTRAINT "images_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profile_services" ADD CONSTRAINT "profile_services_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profile_services" ADD CONSTRAINT "profile_services_service_slug_services_slug_fk" FOREIGN KEY ("service_slug") REFERENCES "public"."services"("slug") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_city_slug_cities_slug_fk" FOREIGN KEY ("city_slug") REFERENCES "public"."cities"("slug") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_hidden_by_user_id_fk" FOREIGN KEY ("hidden_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reserved_usernames" ADD CONSTRAINT "reserved_usernames_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "neighborhoods" ADD CONSTRAINT "neighborhoods_city_slug_cities_slug_fk" FOREIGN KEY ("city_slug") REFERENCES "public"."cities"("slug") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_user_id_idx" ON "account" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "session_user_id_idx" ON "session" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "verification_identifier_idx" ON "verification" USING btree ("identifier");--> statement-breakpoint
CREATE INDEX "images_profile_order_idx" ON "images" USING btree ("profile_id","display_order");--> statement-breakpoint
CREATE INDEX "profile_services_service_idx" ON "profile_services" USING btree ("service_slug");--> statement-breakpoint
CREATE UNIQUE INDEX "profiles_username_key" ON "profiles" USING btree ("username");--> statement-breakpoint
CREATE UNIQUE INDEX "profiles_user_id_key" ON "profiles" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "profiles_public_city_idx" ON "profiles" USING btree ("city_slug","created_at") WHERE "profiles"."status" = 'approved' and "profiles"."visibility_status" = 'active';--> statement-breakpoint
CREATE INDEX "profiles_status_idx" ON "profiles" USING btree ("status","visibility_status");