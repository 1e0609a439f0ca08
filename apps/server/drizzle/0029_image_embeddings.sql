-- Image embeddings for more like this (issue 16 "Beyond the seeds"). Like semantic search
-- (0025) the vectors need pgvector and the model's dims: `asset_image_embeddings` and its HNSW
-- index are created by the search module at start-up when the extension is there
-- (modules/search/image-embeddings.ts; 0025 created the extension where the server lists it).
-- What follows works on any PostgreSQL.
-- One row: the image model the stored vectors were made with, and whether a re-embed runs.
CREATE TABLE "image_embedding_state" (
  "id" boolean PRIMARY KEY DEFAULT true CHECK ("id"),
  "enabled" boolean NOT NULL DEFAULT false,
  "model" text,
  "dims" integer,
  "reembedding" boolean NOT NULL DEFAULT false,
  "updated_at" timestamp with time zone NOT NULL DEFAULT now()
);
--> statement-breakpoint
-- Images and videos whose pictures are to be embedded; the AI_IMAGE_EMBED job drains it.
CREATE TABLE "image_embedding_queue" (
  "asset_id" uuid PRIMARY KEY REFERENCES "assets"("id") ON DELETE CASCADE,
  "queued_at" timestamp with time zone NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE INDEX "image_embedding_queue_queued_idx" ON "image_embedding_queue" ("queued_at");
