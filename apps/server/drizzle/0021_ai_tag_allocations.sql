CREATE TABLE "ai_tag_generations" (
	"asset_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "asset_analyses" ADD COLUMN "notes" jsonb;--> statement-breakpoint
CREATE INDEX "ai_tag_generations_account_idx" ON "ai_tag_generations" USING btree ("account_id","created_at");