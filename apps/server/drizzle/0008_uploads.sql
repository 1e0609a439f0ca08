CREATE TABLE "storage_garbage" (
	"id" uuid PRIMARY KEY NOT NULL,
	"storage_prefix" text NOT NULL,
	"upload_key" text,
	"upload_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "assets" ADD COLUMN "storage_prefix" text;--> statement-breakpoint
ALTER TABLE "assets" ADD COLUMN "content_type" text;--> statement-breakpoint
ALTER TABLE "assets" ADD COLUMN "upload_id" text;--> statement-breakpoint
ALTER TABLE "assets" ADD COLUMN "client_id" text;--> statement-breakpoint
ALTER TABLE "assets" ADD COLUMN "retry_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "assets" ADD COLUMN "can_retry" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "assets" ADD COLUMN "failure_reason" text;--> statement-breakpoint
ALTER TABLE "assets" ADD COLUMN "variants" jsonb;--> statement-breakpoint
ALTER TABLE "assets" ADD COLUMN "metadata" jsonb;--> statement-breakpoint
ALTER TABLE "assets" ADD COLUMN "uploaded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "user_id" uuid;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "account_id" uuid;--> statement-breakpoint
CREATE INDEX "assets_storage_prefix_idx" ON "assets" USING btree ("storage_prefix");--> statement-breakpoint
CREATE INDEX "assets_uploading_idx" ON "assets" USING btree ("uploading_state","created_at") WHERE "assets"."uploading_state" in ('UPLOADING', 'UPLOADED_GENERATING_THUMBNAIL');