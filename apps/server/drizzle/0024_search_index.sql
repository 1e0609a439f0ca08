-- The search index (issue 16, modules/search): one document per library item, rebuilt by the
-- SEARCH_INDEX job from what the item is made of. The tables are the search module's own
-- (raw SQL: drizzle has no tsvector type), so they live here and not in the drizzle schema.
--
-- `document` is the weighted text: A name and tags, B description, custom field values and
-- text read on screen, C transcript, D comments, each in the 'simple' and 'english'
-- configurations together (exact words and stems). `lines` keeps the texts with their
-- sources and times for snippets. Folder, type, dates and dimensions are read from `assets`
-- by join: the library stays the only writer of `assets`.
CREATE TABLE "search_documents" (
  "asset_id" uuid PRIMARY KEY REFERENCES "assets"("id") ON DELETE CASCADE,
  "brand_id" uuid NOT NULL,
  "library" text NOT NULL,
  "name" text NOT NULL,
  "aspect" text,
  "language" text,
  "platforms" text[] NOT NULL DEFAULT '{}'::text[],
  "document" tsvector NOT NULL,
  "lines" jsonb NOT NULL DEFAULT '[]'::jsonb,
  "indexed_at" timestamptz NOT NULL DEFAULT now()
);--> statement-breakpoint
CREATE INDEX "search_documents_document_idx" ON "search_documents" USING gin ("document");--> statement-breakpoint
CREATE INDEX "search_documents_name_trgm_idx" ON "search_documents" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "search_documents_brand_idx" ON "search_documents" ("brand_id", "library");--> statement-breakpoint

-- Items whose document is out of date. Triggers on the tables documents are made of mark
-- them inside the writer's own transaction (no writer can forget, and a rolled-back write
-- marks nothing) and notify 'hookline_search' at commit; the indexer drains this table.
CREATE TABLE "search_dirty" (
  "asset_id" uuid PRIMARY KEY,
  "marked_at" timestamptz NOT NULL DEFAULT now()
);--> statement-breakpoint

-- Marks the item whose id is in the row's column TG_ARGV[0] (asset_id, or id on assets).
CREATE OR REPLACE FUNCTION hookline_search_mark_row() RETURNS trigger AS $$
DECLARE
  item uuid;
BEGIN
  IF TG_OP = 'DELETE' THEN
    item := (to_jsonb(OLD) ->> TG_ARGV[0])::uuid;
  ELSE
    item := (to_jsonb(NEW) ->> TG_ARGV[0])::uuid;
  END IF;
  IF item IS NOT NULL THEN
    INSERT INTO search_dirty (asset_id) VALUES (item) ON CONFLICT DO NOTHING;
    PERFORM pg_notify('hookline_search', '');
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;--> statement-breakpoint

-- A renamed tag or a changed custom field (name, options) marks every item that carries it.
CREATE OR REPLACE FUNCTION hookline_search_mark_tag() RETURNS trigger AS $$
BEGIN
  INSERT INTO search_dirty (asset_id)
    SELECT asset_id FROM asset_tags WHERE tag_id = NEW.id ON CONFLICT DO NOTHING;
  PERFORM pg_notify('hookline_search', '');
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE OR REPLACE FUNCTION hookline_search_mark_field() RETURNS trigger AS $$
BEGIN
  INSERT INTO search_dirty (asset_id)
    SELECT asset_id FROM asset_field_values WHERE field_id = NEW.id ON CONFLICT DO NOTHING;
  PERFORM pg_notify('hookline_search', '');
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;--> statement-breakpoint

-- A deleted item's document goes by its foreign key; moves change nothing a document holds.
CREATE TRIGGER assets_search_insert AFTER INSERT ON "assets"
  FOR EACH ROW EXECUTE FUNCTION hookline_search_mark_row('id');--> statement-breakpoint
CREATE TRIGGER assets_search_update AFTER UPDATE ON "assets"
  FOR EACH ROW WHEN (
    OLD.name IS DISTINCT FROM NEW.name OR OLD.description IS DISTINCT FROM NEW.description
    OR OLD.metadata IS DISTINCT FROM NEW.metadata OR OLD.library IS DISTINCT FROM NEW.library
    OR OLD.brand_id IS DISTINCT FROM NEW.brand_id
  ) EXECUTE FUNCTION hookline_search_mark_row('id');--> statement-breakpoint
CREATE TRIGGER asset_tags_search AFTER INSERT OR DELETE ON "asset_tags"
  FOR EACH ROW EXECUTE FUNCTION hookline_search_mark_row('asset_id');--> statement-breakpoint
CREATE TRIGGER tags_search_rename AFTER UPDATE ON "tags"
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name)
  EXECUTE FUNCTION hookline_search_mark_tag();--> statement-breakpoint
CREATE TRIGGER asset_field_values_search AFTER INSERT OR UPDATE OR DELETE ON "asset_field_values"
  FOR EACH ROW EXECUTE FUNCTION hookline_search_mark_row('asset_id');--> statement-breakpoint
CREATE TRIGGER custom_fields_search_change AFTER UPDATE ON "custom_fields"
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name OR OLD.options IS DISTINCT FROM NEW.options)
  EXECUTE FUNCTION hookline_search_mark_field();--> statement-breakpoint
CREATE TRIGGER comments_search AFTER INSERT OR UPDATE OR DELETE ON "comments"
  FOR EACH ROW EXECUTE FUNCTION hookline_search_mark_row('asset_id');--> statement-breakpoint
CREATE TRIGGER asset_analyses_search_insert AFTER INSERT ON "asset_analyses"
  FOR EACH ROW EXECUTE FUNCTION hookline_search_mark_row('asset_id');--> statement-breakpoint
CREATE TRIGGER asset_analyses_search_update AFTER UPDATE ON "asset_analyses"
  FOR EACH ROW WHEN (
    OLD.text_entries IS DISTINCT FROM NEW.text_entries OR OLD.transcript IS DISTINCT FROM NEW.transcript
  ) EXECUTE FUNCTION hookline_search_mark_row('asset_id');--> statement-breakpoint
CREATE TRIGGER ad_assets_search AFTER INSERT OR DELETE ON "ad_assets"
  FOR EACH ROW EXECUTE FUNCTION hookline_search_mark_row('asset_id');--> statement-breakpoint

-- Items that exist already are indexed by the first run after this migration.
INSERT INTO "search_dirty" ("asset_id") SELECT "id" FROM "assets";
