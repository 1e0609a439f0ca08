/** The AI provider platform layer (ai.md §4.1): what modules import. */
export { imageDataUrl, imagePart } from './data-url.js';
export { AiError, type AiErrorCode } from './errors.js';
export { aiProviderFromConfig } from './from-config.js';
export { type OpenAiCompatibleOptions, OpenAiCompatibleProvider } from './openai-compatible.js';
export type * from './types.js';
