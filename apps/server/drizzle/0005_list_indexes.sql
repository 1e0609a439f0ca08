DROP INDEX "assets_list_name_idx";--> statement-breakpoint
DROP INDEX "assets_list_created_idx";--> statement-breakpoint
DROP INDEX "assets_list_size_idx";