-- The folder filter's options (GET search-options?entity=FOLDER, modules/search) read a brand's
-- folders: without this index that is a scan of every item of the brand (bench/search: 541 ms
-- p50 at 1,000,000 items on PostgreSQL, about 30 ms with it).
CREATE INDEX "assets_folders_idx" ON "assets" ("brand_id", "library") WHERE "type" = 'FOLDER' AND NOT "is_hidden";
