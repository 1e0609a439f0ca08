ALTER TABLE "assets" DROP COLUMN "preview_url";--> statement-breakpoint
ALTER TABLE "assets" DROP COLUMN "url";--> statement-breakpoint
ALTER TABLE "assets" DROP COLUMN "transcoding_urls";