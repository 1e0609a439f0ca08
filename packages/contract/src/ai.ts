import { z } from 'zod';

/**
 * What this server's AI can do (issue 15, design/ai.md §4.1): each capability is on when its
 * model is configured. Remote capabilities run on the OpenAI-compatible server the operator
 * configured; the key never leaves the server, so the answer names only hosts and models.
 * Personas come from the vision model when there is one, else from Human on this server
 * (local: gender and age group only). Reading text (tesseract) and technical tags (ffprobe and
 * sharp) always run on this server; reading text is off when tesseract or its English data
 * is missing. Image embeddings (more like this by content) also need the database's pgvector.
 */
export const aiCapabilityIds = [
  'chat',
  'vision',
  'embeddings',
  'imageEmbeddings',
  'transcription',
  'personas',
  'ocr',
  'technicalTags',
] as const;
export type AiCapabilityId = (typeof aiCapabilityIds)[number];

export const aiCapabilitySchema = z.object({
  id: z.enum(aiCapabilityIds),
  enabled: z.boolean(),
  /** Where it runs: the configured AI server, or this server itself; null when off. */
  source: z.enum(['remote', 'local']).nullable(),
  /** The model's name (remote), or the local engine's. */
  model: z.string().nullable(),
  /** The host its requests go to (remote only). */
  host: z.string().nullable(),
  /** The environment variables that turn it on, when it is off. */
  enableWith: z.array(z.string()),
});
export type AiCapability = z.infer<typeof aiCapabilitySchema>;

/** Semantic search's words (issue 16, ai.md §4.2 f). */
export const semanticSearchMessages = {
  on: 'Semantic search is on',
  noVector: 'Semantic search is off: the database has no vector extension',
  noModel: 'Semantic search is off: no embeddings model is configured',
  reindexing: 'Re-indexing {done} of {total}',
} as const;

/**
 * Semantic search (issue 16): on when an embeddings model is set and the database has
 * pgvector; while a new model or dims re-embeds the library, search stays lexical and
 * `progress` counts the items done.
 */
export const semanticSearchStatusSchema = z.object({
  enabled: z.boolean(),
  /** Why it is off, or the re-embedding's progress, or that it is on (semanticSearchMessages). */
  message: z.string(),
  progress: z.object({ done: z.number(), total: z.number() }).nullable(),
});
export type SemanticSearchStatus = z.infer<typeof semanticSearchStatusSchema>;

export const aiCapabilitiesSchema = z.object({
  capabilities: z.array(aiCapabilitySchema),
  /** The hosts analysed files' frames and audio are sent to (empty: none leave the server). */
  sendsMediaTo: z.array(z.string()),
  /** Whether keyword search also ranks by meaning (absent from servers without the search module). */
  semanticSearch: semanticSearchStatusSchema.optional(),
});
export type AiCapabilities = z.infer<typeof aiCapabilitiesSchema>;
