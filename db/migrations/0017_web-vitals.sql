CREATE TABLE "web_vitals_daily" (
	"day" date NOT NULL,
	"page_type" text NOT NULL,
	"device" text NOT NULL,
	"metric" text NOT NULL,
	"bucket" smallint NOT NULL,
	"count" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "web_vitals_daily_day_page_type_device_metric_bucket_pk" PRIMARY KEY("day","page_type","device","metric","bucket"),
	CONSTRAINT "web_vitals_daily_count_check" CHECK ("web_vitals_daily"."count" > 0),
	CONSTRAINT "web_vitals_daily_bucket_check" CHECK ("web_vitals_daily"."bucket" >= 0)
);
