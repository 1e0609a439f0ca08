-- Keyword search at scale (issue 16 "Benchmark", modules/search): 1,000,000 items on PostgreSQL
-- took 1–5 s for a common word with two filters, as every match was joined to `assets`,
-- filtered there and ranked over its whole (toasted) document.
--
-- `document` also carries the item's filter values as lexemes no text can produce (they start
-- with '='): '=l:<brand>:<library>' ('=u:…' while uploading or failed: not shown), '=t:<type>',
-- '=g:<tag id>', '=a:<aspect>', '=la:<language>', '=p:<platform>', '=m:<YYYY-MM>' (created) and
-- '=n:<word>' per word of the name. A keyword and its filters are then one GIN lookup, whose
-- posting lists intersect inside the index. `head` is the name and tags alone (weight A), small
-- enough to stay in the row: matches are ranked by it first and only the top ones by the whole
-- document. `created_at` is the item's, for the exact date bounds.
ALTER TABLE "search_documents" ADD COLUMN "created_at" timestamptz;--> statement-breakpoint
ALTER TABLE "search_documents" ADD COLUMN "head" tsvector NOT NULL DEFAULT ''::tsvector;--> statement-breakpoint
-- In the row, not TOAST, however long the rest of the document (read for every match).
ALTER TABLE "search_documents" ALTER COLUMN "head" SET STORAGE MAIN;--> statement-breakpoint

-- Library pickers with one or two letters: names starting with them, in order (byte order, so
-- that one index serves LIKE 'ab%' and the order whatever the database's collation).
CREATE INDEX "search_documents_name_prefix_idx" ON "search_documents" ("brand_id", (lower("name") COLLATE "C"));--> statement-breakpoint

-- The words of a brand's item names, for misspelt keywords: a few thousand words are matched
-- by trigrams instead of every name, and the names then found through '=n:' lexemes. Words stay
-- when their items go (a stale word matches nothing); SEARCH_REINDEX rebuilds a brand's.
CREATE TABLE "search_words" (
  "brand_id" uuid NOT NULL,
  "word" text NOT NULL,
  PRIMARY KEY ("brand_id", "word")
);--> statement-breakpoint
CREATE INDEX "search_words_trgm_idx" ON "search_words" USING gin ("word" gin_trgm_ops);--> statement-breakpoint

-- Hiding an item and its upload finishing or failing change what a search may show: rebuild.
DROP TRIGGER "assets_search_update" ON "assets";--> statement-breakpoint
CREATE TRIGGER assets_search_update AFTER UPDATE ON "assets"
  FOR EACH ROW WHEN (
    OLD.name IS DISTINCT FROM NEW.name OR OLD.description IS DISTINCT FROM NEW.description
    OR OLD.metadata IS DISTINCT FROM NEW.metadata OR OLD.library IS DISTINCT FROM NEW.library
    OR OLD.brand_id IS DISTINCT FROM NEW.brand_id OR OLD.is_hidden IS DISTINCT FROM NEW.is_hidden
    OR OLD.uploading_state IS DISTINCT FROM NEW.uploading_state
  ) EXECUTE FUNCTION hookline_search_mark_row('id');--> statement-breakpoint

-- Every document is rebuilt in the new shape by the indexer's next runs.
INSERT INTO "search_dirty" ("asset_id") SELECT "id" FROM "assets" ON CONFLICT DO NOTHING;
