CREATE TABLE "asset_analyses" (
	"asset_id" uuid PRIMARY KEY NOT NULL,
	"tags_status" text,
	"description_status" text,
	"personas_status" text,
	"ocr_status" text,
	"transcription_status" text,
	"breakdown_status" text,
	"personas" jsonb,
	"text_entries" jsonb,
	"failures" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "asset_analyses" ADD CONSTRAINT "asset_analyses_asset_id_assets_id_fk" FOREIGN KEY ("asset_id") REFERENCES "public"."assets"("id") ON DELETE cascade ON UPDATE no action;