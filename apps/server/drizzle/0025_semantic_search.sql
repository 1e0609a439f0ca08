-- Semantic search (issue 16, design/ai.md §4.2 f). pgvector is optional: Debian's PostgreSQL 15
-- has none, PGlite ships it. This migration creates the extension only when the server lists it
-- (and leaves it out, with a notice, when the role may not create it); it never fails without it.
-- `asset_embeddings` and its HNSW index need the `vector` type and the configured model's dims,
-- so the search module creates them at start-up when the extension is there
-- (modules/search/embeddings.ts). What follows works on any PostgreSQL.
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_available_extensions WHERE name = 'vector') THEN
    BEGIN
      CREATE EXTENSION IF NOT EXISTS vector;
    EXCEPTION WHEN insufficient_privilege THEN
      RAISE NOTICE 'vector extension not created: %', SQLERRM;
    END;
  END IF;
END $$;
--> statement-breakpoint
-- One row: the embeddings model the stored vectors were made with, and whether a re-embed runs.
CREATE TABLE "embedding_state" (
  "id" boolean PRIMARY KEY DEFAULT true CHECK ("id"),
  "enabled" boolean NOT NULL DEFAULT false,
  "model" text,
  "dims" integer,
  "reembedding" boolean NOT NULL DEFAULT false,
  "updated_at" timestamp with time zone NOT NULL DEFAULT now()
);
--> statement-breakpoint
-- Items whose search document changed since their vectors were made; the AI_EMBED job drains it.
CREATE TABLE "embedding_queue" (
  "asset_id" uuid PRIMARY KEY REFERENCES "assets"("id") ON DELETE CASCADE,
  "queued_at" timestamp with time zone NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE INDEX "embedding_queue_queued_idx" ON "embedding_queue" ("queued_at");
--> statement-breakpoint
-- A rebuilt search document queues the item's embedding while semantic search is on: one
-- statement per batch of the SEARCH_INDEX job, in its transaction.
CREATE FUNCTION search_queue_embeddings() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM embedding_state WHERE enabled) THEN
    INSERT INTO embedding_queue (asset_id) SELECT asset_id FROM changed ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER search_documents_embed_insert AFTER INSERT ON search_documents
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION search_queue_embeddings();
--> statement-breakpoint
CREATE TRIGGER search_documents_embed_update AFTER UPDATE ON search_documents
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION search_queue_embeddings();
