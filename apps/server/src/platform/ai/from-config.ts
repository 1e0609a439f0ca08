import type { Config } from '../../config.js';
import { type OpenAiCompatibleOptions, OpenAiCompatibleProvider } from './openai-compatible.js';

/**
 * The process's AI provider from the server configuration (AI_* variables). Build it once per
 * process: its AI_CONCURRENCY limit holds per instance.
 */
export function aiProviderFromConfig(
  ai: Config['ai'],
  overrides: Pick<
    OpenAiCompatibleOptions,
    'fetch' | 'sleep' | 'retryBaseDelayMs' | 'retryMaxDelayMs' | 'tries' | 'timeoutMs' | 'idleTimeoutMs'
  > = {},
): OpenAiCompatibleProvider {
  return new OpenAiCompatibleProvider({
    baseUrl: ai.baseUrl,
    apiKey: ai.apiKey,
    chatModel: ai.chatModel,
    visionModel: ai.visionModel,
    embedBaseUrl: ai.embedBaseUrl,
    embedModel: ai.embedModel,
    embedDims: ai.embedDims,
    imageEmbedBaseUrl: ai.imageEmbedBaseUrl,
    imageEmbedModel: ai.imageEmbedModel,
    imageEmbedDims: ai.imageEmbedDims,
    transcribeBaseUrl: ai.transcribeBaseUrl,
    transcribeModel: ai.transcribeModel,
    jsonMode: ai.jsonMode,
    concurrency: ai.concurrency,
    timeoutMs: ai.timeoutMs,
    ...overrides,
  });
}
