-- Ad naming convention per brand (issue 17 "Beyond the seeds"): the delimiter and fields an
-- admin saves, and each ad's values under it (`ads.naming_values`, written with the ad and again
-- on save; null when the name does not fit), GIN-indexed for creative analytics' groups and filters.
CREATE TABLE "ad_naming_conventions" (
	"brand_id" uuid PRIMARY KEY NOT NULL,
	"account_id" uuid NOT NULL,
	"delimiter" text NOT NULL,
	"fields" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ads" ADD COLUMN "naming_values" jsonb;--> statement-breakpoint
ALTER TABLE "ad_naming_conventions" ADD CONSTRAINT "ad_naming_conventions_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_naming_conventions" ADD CONSTRAINT "ad_naming_conventions_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ads_naming_values_idx" ON "ads" USING gin ("naming_values");
