-- Assets <-> ads (issue 17 "Beyond the seeds"): which ads use a library file, found by Meta's video
-- id (META_ID) or by the fingerprints the duplicates module keeps of the ads' creatives
-- (FINGERPRINT, with the largest Hamming distance of a compared picture); rewritten by the
-- ASSET_AD_LINKS job. Keyed by asset and ad; both cascade.
CREATE TABLE "asset_ad_links" (
	"asset_id" uuid NOT NULL,
	"ad_id" uuid NOT NULL,
	"brand_id" uuid NOT NULL,
	"method" text NOT NULL,
	"distance" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "asset_ad_links_asset_id_ad_id_pk" PRIMARY KEY("asset_id","ad_id")
);
--> statement-breakpoint
ALTER TABLE "asset_ad_links" ADD CONSTRAINT "asset_ad_links_asset_id_assets_id_fk" FOREIGN KEY ("asset_id") REFERENCES "public"."assets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asset_ad_links" ADD CONSTRAINT "asset_ad_links_ad_id_ads_id_fk" FOREIGN KEY ("ad_id") REFERENCES "public"."ads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "asset_ad_links_ad_idx" ON "asset_ad_links" USING btree ("ad_id");--> statement-breakpoint
CREATE INDEX "asset_ad_links_brand_idx" ON "asset_ad_links" USING btree ("brand_id","asset_id");