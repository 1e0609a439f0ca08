-- Folder listings (000 §9: folders first, then the sort; default name ascending). Partial on
-- visible rows and covering the sort keys, so a page is read in index order without a sort
-- (bench/library: a page deep in a 10k-child folder went from ~100 ms to a few ms).
CREATE INDEX "assets_list_name_idx" ON "assets" USING btree ("brand_id", "parent_id", "library", ("type" <> 'FOLDER'), lower("name"), "id") INCLUDE ("type", "name") WHERE NOT "is_hidden";--> statement-breakpoint
CREATE INDEX "assets_list_created_idx" ON "assets" USING btree ("brand_id", "parent_id", "library", ("type" <> 'FOLDER'), "created_at", "id") INCLUDE ("type") WHERE NOT "is_hidden";--> statement-breakpoint
CREATE INDEX "assets_list_size_idx" ON "assets" USING btree ("brand_id", "parent_id", "library", ("type" <> 'FOLDER'), "size", "id") INCLUDE ("type") WHERE NOT "is_hidden";
