import { z } from 'zod';

/**
 * What this server's AI can do (issue 15, design/ai.md §4.1): each capability is on when its
 * model is configured. Remote capabilities run on the OpenAI-compatible server the operator
 * configured; the key never leaves the server, so the answer names only hosts and models.
 * Personas come from the vision model when there is one, else from Human on this server
 * (local: gender and age group only).
 */
export const aiCapabilityIds = ['chat', 'vision', 'embeddings', 'transcription', 'personas'] as const;
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

export const aiCapabilitiesSchema = z.object({
  capabilities: z.array(aiCapabilitySchema),
  /** The hosts analysed files' frames and audio are sent to (empty: none leave the server). */
  sendsMediaTo: z.array(z.string()),
});
export type AiCapabilities = z.infer<typeof aiCapabilitiesSchema>;
