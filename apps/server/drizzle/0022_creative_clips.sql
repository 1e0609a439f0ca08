CREATE TABLE "asset_clips" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"asset_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"type" text NOT NULL,
	"subtype" text,
	"quote" text NOT NULL,
	"start_ms" integer NOT NULL,
	"end_ms" integer NOT NULL,
	"hook" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "asset_clips" ADD CONSTRAINT "asset_clips_asset_id_assets_id_fk" FOREIGN KEY ("asset_id") REFERENCES "public"."assets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "asset_clips_asset_idx" ON "asset_clips" USING btree ("asset_id","position");--> statement-breakpoint
CREATE INDEX "asset_clips_type_idx" ON "asset_clips" USING btree ("type","subtype");