-- Creative analytics' rollups (issue 17 benchmark), rebuilt:
--  * each row carries its ad's name, file type, status and asset ids, so a list or group-by of a
--    brand's ads reads ad_rollups alone;
--  * the table is partitioned by preset, so a list scans one preset's rows (an eighth of the
--    table), whatever the planner makes of the brand's index.
-- Rollups are derived data: the old rows are dropped and every brand's marked stale, so the next
-- request queues a refresh (and is answered from the daily rows meanwhile).
-- drizzle-kit does not model partitions; the schema file declares the same columns, keys and index.
DROP TABLE "ad_rollups";--> statement-breakpoint
CREATE TABLE "ad_rollups" (
	"ad_id" uuid NOT NULL,
	"preset" text NOT NULL,
	"brand_id" uuid NOT NULL,
	"spend" double precision NOT NULL,
	"impressions" double precision NOT NULL,
	"clicks" double precision NOT NULL,
	"link_clicks" double precision NOT NULL,
	"outbound_clicks" double precision NOT NULL,
	"conversions" double precision NOT NULL,
	"conversion_value" double precision NOT NULL,
	"plays" double precision NOT NULL,
	"three_second_views" double precision NOT NULL,
	"watch_seconds_times_plays" double precision NOT NULL,
	"thruplays" double precision NOT NULL,
	"name" text NOT NULL,
	"file_type" text NOT NULL,
	"effective_status" text,
	"asset_ids" uuid[] NOT NULL,
	"hook_score" integer,
	"hold_score" integer,
	"click_score" integer,
	"convert_score" integer,
	CONSTRAINT "ad_rollups_ad_id_preset_pk" PRIMARY KEY("ad_id","preset")
) PARTITION BY LIST ("preset");--> statement-breakpoint
CREATE TABLE "ad_rollups_one_day" PARTITION OF "ad_rollups" FOR VALUES IN ('ONE_DAY');--> statement-breakpoint
CREATE TABLE "ad_rollups_seven_days" PARTITION OF "ad_rollups" FOR VALUES IN ('SEVEN_DAYS');--> statement-breakpoint
CREATE TABLE "ad_rollups_fourteen_days" PARTITION OF "ad_rollups" FOR VALUES IN ('FOURTEEN_DAYS');--> statement-breakpoint
CREATE TABLE "ad_rollups_thirty_days" PARTITION OF "ad_rollups" FOR VALUES IN ('THIRTY_DAYS');--> statement-breakpoint
CREATE TABLE "ad_rollups_beginning_of_the_month" PARTITION OF "ad_rollups" FOR VALUES IN ('BEGINNING_OF_THE_MONTH');--> statement-breakpoint
CREATE TABLE "ad_rollups_last_month" PARTITION OF "ad_rollups" FOR VALUES IN ('LAST_MONTH');--> statement-breakpoint
CREATE TABLE "ad_rollups_all_time" PARTITION OF "ad_rollups" FOR VALUES IN ('ALL_TIME');--> statement-breakpoint
CREATE TABLE "ad_rollups_last_3_months" PARTITION OF "ad_rollups" FOR VALUES IN ('LAST_3_MONTHS');--> statement-breakpoint
CREATE TABLE "ad_rollups_other" PARTITION OF "ad_rollups" DEFAULT;--> statement-breakpoint
ALTER TABLE "ad_rollups" ADD CONSTRAINT "ad_rollups_ad_id_ads_id_fk" FOREIGN KEY ("ad_id") REFERENCES "public"."ads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_rollups" ADD CONSTRAINT "ad_rollups_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Highest spend first, as lists open: a page is read in index order (the total is counted apart).
CREATE INDEX "ad_rollups_brand_preset_spend_idx" ON "ad_rollups" USING btree ("brand_id","preset","spend" DESC NULLS LAST);--> statement-breakpoint
UPDATE "ad_rollup_states" SET "rolled_version" = 0;
