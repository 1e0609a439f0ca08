CREATE TABLE "uploads" (
	"asset_id" uuid PRIMARY KEY NOT NULL,
	"upload_id" text,
	"client_id" text,
	"retry_count" integer DEFAULT 0 NOT NULL,
	"can_retry" boolean DEFAULT true NOT NULL,
	"failure_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_asset_id_assets_id_fk" FOREIGN KEY ("asset_id") REFERENCES "public"."assets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Existing files keep their upload state: one row per file, before the columns go.
INSERT INTO "uploads" ("asset_id", "upload_id", "client_id", "retry_count", "can_retry", "failure_reason")
SELECT "id", "upload_id", "client_id", "retry_count", "can_retry", "failure_reason"
FROM "assets" WHERE "type" <> 'FOLDER' AND "uploading_state" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "assets" DROP COLUMN "upload_id";--> statement-breakpoint
ALTER TABLE "assets" DROP COLUMN "client_id";--> statement-breakpoint
ALTER TABLE "assets" DROP COLUMN "retry_count";--> statement-breakpoint
ALTER TABLE "assets" DROP COLUMN "can_retry";--> statement-breakpoint
ALTER TABLE "assets" DROP COLUMN "failure_reason";