CREATE TABLE "asset_fingerprints" (
	"asset_id" uuid PRIMARY KEY NOT NULL,
	"brand_id" uuid NOT NULL,
	"library" text NOT NULL,
	"kind" text NOT NULL,
	"sha256" text,
	"hashes" text[] NOT NULL,
	"colours" text[] NOT NULL,
	"bands" integer[] NOT NULL,
	"duration_ms" integer,
	"duplicate_of" uuid,
	"identical" boolean DEFAULT false NOT NULL,
	"resolved" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "asset_fingerprints" ADD CONSTRAINT "asset_fingerprints_asset_id_assets_id_fk" FOREIGN KEY ("asset_id") REFERENCES "public"."assets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asset_fingerprints" ADD CONSTRAINT "asset_fingerprints_duplicate_of_assets_id_fk" FOREIGN KEY ("duplicate_of") REFERENCES "public"."assets"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "asset_fingerprints_sha_idx" ON "asset_fingerprints" USING btree ("brand_id","library","sha256");--> statement-breakpoint
CREATE INDEX "asset_fingerprints_bands_idx" ON "asset_fingerprints" USING gin ("bands");--> statement-breakpoint
CREATE INDEX "asset_fingerprints_video_idx" ON "asset_fingerprints" USING btree ("brand_id","library","duration_ms") WHERE "asset_fingerprints"."kind" = 'VIDEO';--> statement-breakpoint
CREATE INDEX "asset_fingerprints_duplicate_idx" ON "asset_fingerprints" USING btree ("brand_id","duplicate_of");