-- Creative analytics' rollups (issue 17 benchmark): each delivered ad's sums and creative scores
-- per date preset, refreshed by the ANALYTICS_ROLLUP job after the sync, the import and the demo
-- write delivery; ad_rollup_states says whether a brand's rollups still match its data and windows.
CREATE TABLE "ad_rollup_states" (
	"brand_id" uuid PRIMARY KEY NOT NULL,
	"data_version" bigint DEFAULT 1 NOT NULL,
	"rolled_version" bigint DEFAULT 0 NOT NULL,
	"windows" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"refreshed_at" timestamp with time zone
);
--> statement-breakpoint
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
	"hook_score" integer,
	"hold_score" integer,
	"click_score" integer,
	"convert_score" integer,
	CONSTRAINT "ad_rollups_ad_id_preset_pk" PRIMARY KEY("ad_id","preset")
);
--> statement-breakpoint
ALTER TABLE "ad_rollup_states" ADD CONSTRAINT "ad_rollup_states_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_rollups" ADD CONSTRAINT "ad_rollups_ad_id_ads_id_fk" FOREIGN KEY ("ad_id") REFERENCES "public"."ads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_rollups" ADD CONSTRAINT "ad_rollups_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ad_rollups_brand_preset_spend_idx" ON "ad_rollups" USING btree ("brand_id","preset","spend");