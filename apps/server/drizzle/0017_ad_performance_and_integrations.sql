CREATE TABLE "ad_accounts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"account_id" uuid NOT NULL,
	"brand_id" uuid NOT NULL,
	"external_id" text NOT NULL,
	"name" text NOT NULL,
	"currency" text DEFAULT 'USD' NOT NULL,
	"timezone" text DEFAULT 'UTC' NOT NULL,
	"account_status" integer,
	"disable_reason" integer,
	"enabled" boolean DEFAULT false NOT NULL,
	"deleted" boolean DEFAULT false NOT NULL,
	"source" text NOT NULL,
	"purchase_action_type" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ad_assets" (
	"ad_id" uuid NOT NULL,
	"asset_id" uuid NOT NULL,
	CONSTRAINT "ad_assets_ad_id_asset_id_pk" PRIMARY KEY("ad_id","asset_id")
);
--> statement-breakpoint
CREATE TABLE "ad_campaigns" (
	"id" uuid PRIMARY KEY NOT NULL,
	"ad_account_id" uuid NOT NULL,
	"external_id" text NOT NULL,
	"name" text NOT NULL,
	"status" text,
	"effective_status" text,
	"objective" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ad_creatives" (
	"ad_id" uuid PRIMARY KEY NOT NULL,
	"external_id" text,
	"actor_id" text,
	"actor_name" text,
	"post_id" text,
	"title" text,
	"body" text,
	"cta_type" text,
	"landing_page" text,
	"thumbnail_url" text,
	"video_id" text,
	"image_hash" text
);
--> statement-breakpoint
CREATE TABLE "ad_insights_daily" (
	"ad_id" uuid NOT NULL,
	"date" date NOT NULL,
	"spend" numeric(14, 2) DEFAULT '0' NOT NULL,
	"impressions" integer DEFAULT 0 NOT NULL,
	"reach" integer DEFAULT 0 NOT NULL,
	"clicks" integer DEFAULT 0 NOT NULL,
	"link_clicks" integer DEFAULT 0 NOT NULL,
	"outbound_clicks" integer DEFAULT 0 NOT NULL,
	"conversions" integer DEFAULT 0 NOT NULL,
	"conversion_value" numeric(14, 2) DEFAULT '0' NOT NULL,
	"other_actions" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"plays" integer DEFAULT 0 NOT NULL,
	"three_second_views" integer DEFAULT 0 NOT NULL,
	"p25" integer DEFAULT 0 NOT NULL,
	"p50" integer DEFAULT 0 NOT NULL,
	"p75" integer DEFAULT 0 NOT NULL,
	"p95" integer DEFAULT 0 NOT NULL,
	"p100" integer DEFAULT 0 NOT NULL,
	"thruplays" integer DEFAULT 0 NOT NULL,
	"avg_watch_time_seconds" real DEFAULT 0 NOT NULL,
	"retention" jsonb,
	CONSTRAINT "ad_insights_daily_ad_id_date_pk" PRIMARY KEY("ad_id","date")
);
--> statement-breakpoint
CREATE TABLE "ad_media" (
	"brand_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"external_id" text NOT NULL,
	"asset_id" uuid,
	"skipped_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ad_media_brand_id_kind_external_id_pk" PRIMARY KEY("brand_id","kind","external_id")
);
--> statement-breakpoint
CREATE TABLE "ad_sets" (
	"id" uuid PRIMARY KEY NOT NULL,
	"ad_account_id" uuid NOT NULL,
	"campaign_id" uuid NOT NULL,
	"external_id" text NOT NULL,
	"name" text NOT NULL,
	"status" text,
	"effective_status" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ads" (
	"id" uuid PRIMARY KEY NOT NULL,
	"ad_account_id" uuid NOT NULL,
	"brand_id" uuid NOT NULL,
	"campaign_id" uuid NOT NULL,
	"ad_set_id" uuid NOT NULL,
	"external_id" text NOT NULL,
	"name" text NOT NULL,
	"status" text,
	"effective_status" text,
	"preview_url" text,
	"permalink" text,
	"file_type" text NOT NULL,
	"created_time" timestamp with time zone,
	"updated_time" timestamp with time zone,
	"delivery_synced_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ad_account_syncs" (
	"ad_account_id" uuid PRIMARY KEY NOT NULL,
	"state" text DEFAULT 'IDLE' NOT NULL,
	"synced_from" date,
	"backfill_cursor" date,
	"ads_updated_since" timestamp with time zone,
	"last_run_at" timestamp with time zone,
	"last_success_at" timestamp with time zone,
	"next_run_at" timestamp with time zone,
	"rows_synced" integer DEFAULT 0 NOT NULL,
	"progress" integer,
	"error" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "asset_ad_platform_videos" (
	"asset_id" uuid NOT NULL,
	"ad_account_id" uuid NOT NULL,
	"platform" text DEFAULT 'FACEBOOK' NOT NULL,
	"video_id" text,
	"status" text NOT NULL,
	"error" text,
	"job_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "asset_ad_platform_videos_asset_id_ad_account_id_pk" PRIMARY KEY("asset_id","ad_account_id")
);
--> statement-breakpoint
CREATE TABLE "integration_issues" (
	"id" uuid PRIMARY KEY NOT NULL,
	"integration_id" uuid NOT NULL,
	"code" text NOT NULL,
	"actor_id" text DEFAULT '' NOT NULL,
	"detail" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "integration_oauth_states" (
	"nonce_hash" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"brand_id" uuid NOT NULL,
	"vendor" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "integrations" (
	"id" uuid PRIMARY KEY NOT NULL,
	"account_id" uuid NOT NULL,
	"brand_id" uuid NOT NULL,
	"vendor" text NOT NULL,
	"level" text NOT NULL,
	"user_id" uuid,
	"name" text NOT NULL,
	"is_demo" boolean DEFAULT false NOT NULL,
	"sealed_token" text,
	"token_expires_at" timestamp with time zone,
	"scopes" text[] DEFAULT '{}'::text[] NOT NULL,
	"external_user_id" text,
	"external_user_name" text,
	"pages" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"default_ad_account_id" text,
	"sync_start_at" timestamp with time zone,
	"connected_by" uuid,
	"disconnected_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ad_accounts" ADD CONSTRAINT "ad_accounts_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_accounts" ADD CONSTRAINT "ad_accounts_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_assets" ADD CONSTRAINT "ad_assets_ad_id_ads_id_fk" FOREIGN KEY ("ad_id") REFERENCES "public"."ads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_assets" ADD CONSTRAINT "ad_assets_asset_id_assets_id_fk" FOREIGN KEY ("asset_id") REFERENCES "public"."assets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_campaigns" ADD CONSTRAINT "ad_campaigns_ad_account_id_ad_accounts_id_fk" FOREIGN KEY ("ad_account_id") REFERENCES "public"."ad_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_creatives" ADD CONSTRAINT "ad_creatives_ad_id_ads_id_fk" FOREIGN KEY ("ad_id") REFERENCES "public"."ads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_insights_daily" ADD CONSTRAINT "ad_insights_daily_ad_id_ads_id_fk" FOREIGN KEY ("ad_id") REFERENCES "public"."ads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_media" ADD CONSTRAINT "ad_media_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_media" ADD CONSTRAINT "ad_media_asset_id_assets_id_fk" FOREIGN KEY ("asset_id") REFERENCES "public"."assets"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_sets" ADD CONSTRAINT "ad_sets_ad_account_id_ad_accounts_id_fk" FOREIGN KEY ("ad_account_id") REFERENCES "public"."ad_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_sets" ADD CONSTRAINT "ad_sets_campaign_id_ad_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."ad_campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ads" ADD CONSTRAINT "ads_ad_account_id_ad_accounts_id_fk" FOREIGN KEY ("ad_account_id") REFERENCES "public"."ad_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ads" ADD CONSTRAINT "ads_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ads" ADD CONSTRAINT "ads_campaign_id_ad_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."ad_campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ads" ADD CONSTRAINT "ads_ad_set_id_ad_sets_id_fk" FOREIGN KEY ("ad_set_id") REFERENCES "public"."ad_sets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_account_syncs" ADD CONSTRAINT "ad_account_syncs_ad_account_id_ad_accounts_id_fk" FOREIGN KEY ("ad_account_id") REFERENCES "public"."ad_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asset_ad_platform_videos" ADD CONSTRAINT "asset_ad_platform_videos_asset_id_assets_id_fk" FOREIGN KEY ("asset_id") REFERENCES "public"."assets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asset_ad_platform_videos" ADD CONSTRAINT "asset_ad_platform_videos_ad_account_id_ad_accounts_id_fk" FOREIGN KEY ("ad_account_id") REFERENCES "public"."ad_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integration_issues" ADD CONSTRAINT "integration_issues_integration_id_integrations_id_fk" FOREIGN KEY ("integration_id") REFERENCES "public"."integrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integration_oauth_states" ADD CONSTRAINT "integration_oauth_states_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integration_oauth_states" ADD CONSTRAINT "integration_oauth_states_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integrations" ADD CONSTRAINT "integrations_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integrations" ADD CONSTRAINT "integrations_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integrations" ADD CONSTRAINT "integrations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integrations" ADD CONSTRAINT "integrations_connected_by_users_id_fk" FOREIGN KEY ("connected_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ad_accounts_brand_external_idx" ON "ad_accounts" USING btree ("brand_id","external_id");--> statement-breakpoint
CREATE INDEX "ad_assets_asset_idx" ON "ad_assets" USING btree ("asset_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ad_campaigns_account_external_idx" ON "ad_campaigns" USING btree ("ad_account_id","external_id");--> statement-breakpoint
CREATE INDEX "ad_insights_daily_date_idx" ON "ad_insights_daily" USING btree ("date");--> statement-breakpoint
CREATE INDEX "ad_media_asset_idx" ON "ad_media" USING btree ("asset_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ad_sets_account_external_idx" ON "ad_sets" USING btree ("ad_account_id","external_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ads_account_external_idx" ON "ads" USING btree ("ad_account_id","external_id");--> statement-breakpoint
CREATE INDEX "ads_brand_idx" ON "ads" USING btree ("brand_id");--> statement-breakpoint
CREATE INDEX "ads_ad_set_idx" ON "ads" USING btree ("ad_set_id");--> statement-breakpoint
CREATE INDEX "asset_ad_platform_videos_video_idx" ON "asset_ad_platform_videos" USING btree ("video_id");--> statement-breakpoint
CREATE UNIQUE INDEX "integration_issues_open_idx" ON "integration_issues" USING btree ("integration_id","code","actor_id") WHERE "integration_issues"."resolved_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "integrations_account_level_idx" ON "integrations" USING btree ("brand_id","vendor") WHERE "integrations"."level" = 'ACCOUNT' and "integrations"."disconnected_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "integrations_user_level_idx" ON "integrations" USING btree ("brand_id","vendor","user_id") WHERE "integrations"."level" = 'USER' and "integrations"."disconnected_at" is null;