import type { AiCapabilities, AiCapability, AiCapabilityId, SemanticSearchStatus } from '@hookline/contract';
import type { Config } from '../../config.js';
import { TESSERACT_ENGINE } from '../../platform/ai/local/ocr.js';
import { HUMAN_ENGINE } from '../../platform/ai/local/people.js';
import { POCKETSPHINX_ENGINE } from '../../platform/ai/local/speech.js';
import { TECHNICAL_TAGS_ENGINE } from '../../platform/ai/local/technical-tags.js';
import type { Caps } from '../../platform/ai/types.js';

type AiConfig = Config['ai'];

/** Each remote capability's server and model, and the variables that set them. */
const SETTINGS: Record<
  Exclude<AiCapabilityId, 'personas' | 'ocr' | 'technicalTags'>,
  { baseUrl: keyof AiConfig; model: keyof AiConfig; variables: string[] }
> = {
  chat: { baseUrl: 'baseUrl', model: 'chatModel', variables: ['AI_BASE_URL', 'AI_CHAT_MODEL'] },
  vision: { baseUrl: 'baseUrl', model: 'visionModel', variables: ['AI_BASE_URL', 'AI_VISION_MODEL'] },
  // Without its own base URL, embeddings use AI_BASE_URL (config.ts): that is the one to name.
  embeddings: { baseUrl: 'embedBaseUrl', model: 'embedModel', variables: ['AI_BASE_URL', 'AI_EMBED_MODEL'] },
  // More like this by content (issue 16): its server defaults to the embeddings' one.
  imageEmbeddings: {
    baseUrl: 'imageEmbedBaseUrl',
    model: 'imageEmbedModel',
    variables: ['AI_BASE_URL', 'AI_IMAGE_EMBED_MODEL'],
  },
  transcription: {
    baseUrl: 'transcribeBaseUrl',
    model: 'transcribeModel',
    variables: ['AI_TRANSCRIBE_BASE_URL', 'AI_TRANSCRIBE_MODEL'],
  },
};

const hostOf = (url: string | undefined) => (url ? new URL(url).host : null);

/**
 * The provider's capabilities as the settings show them: on or off (the provider decides, and
 * for personas also whether Human runs on this server),
 * the model and host of each one that is on, and the variables still unset for each one
 * that is off. Only hosts and model names are told; the key never leaves the server.
 */
export function describeCapabilities(
  caps: Caps,
  ai: AiConfig,
  local: {
    personas: boolean;
    transcription?: boolean;
    ocr?: boolean;
    /** Whether the database has pgvector, as the search module finds it (image embeddings need it). */
    vectorExtension?: boolean;
  } = { personas: false },
  /** Semantic search as the search module reports it (issue 16). */
  semanticSearch?: SemanticSearchStatus,
): AiCapabilities {
  const remote = (Object.keys(SETTINGS) as (keyof typeof SETTINGS)[]).map((id): AiCapability => {
    const { baseUrl, model, variables } = SETTINGS[id];
    const values = [ai[baseUrl], ai[model]] as (string | undefined)[];
    const enabled = caps[id];
    return {
      id,
      enabled,
      source: enabled ? 'remote' : null,
      model: enabled ? (values[1] ?? null) : null,
      host: enabled ? hostOf(values[0]) : null,
      enableWith: enabled ? [] : variables.filter((_, i) => !values[i]),
    };
  });
  // Image embeddings with their model set but no pgvector: off, and no variable turns them on.
  const imageEmbeddings = remote.find((c) => c.id === 'imageEmbeddings') as AiCapability;
  if (imageEmbeddings.enabled && local.vectorExtension === false)
    Object.assign(imageEmbeddings, {
      enabled: false,
      source: null,
      model: null,
      host: null,
      enableWith: [],
    } satisfies Partial<AiCapability>);
  // Personas: the vision model's when there is one, else Human's on this server (gender and
  // age group), else off until a vision model is set.
  const vision = remote.find((c) => c.id === 'vision') as AiCapability;
  const personas: AiCapability = vision.enabled
    ? { ...vision, id: 'personas' }
    : local.personas
      ? { id: 'personas', enabled: true, source: 'local', model: HUMAN_ENGINE, host: null, enableWith: [] }
      : { ...vision, id: 'personas' };
  // Transcription: the server's when set, else pocketsphinx's rough English one when asked for.
  const transcription = remote.find((c) => c.id === 'transcription') as AiCapability;
  if (!transcription.enabled && local.transcription)
    Object.assign(transcription, {
      enabled: true,
      source: 'local',
      model: POCKETSPHINX_ENGINE,
      host: null,
      enableWith: [],
    } satisfies Partial<AiCapability>);
  // Reading text and technical tags never leave this server. Reading text needs Debian's
  // tesseract-ocr and tesseract-ocr-eng (or TESSERACT_PATH naming a tesseract elsewhere).
  const onThisServer = (id: AiCapabilityId, model: string): AiCapability => ({
    id,
    enabled: true,
    source: 'local',
    model,
    host: null,
    enableWith: [],
  });
  const ocr: AiCapability = local.ocr
    ? onThisServer('ocr', TESSERACT_ENGINE)
    : { id: 'ocr', enabled: false, source: null, model: null, host: null, enableWith: ['TESSERACT_PATH'] };
  const capabilities = [...remote, personas, ocr, onThisServer('technicalTags', TECHNICAL_TAGS_ENGINE)];
  // Frames go to the vision model, audio to the transcription server.
  const sendsMediaTo = [
    ...new Set(
      capabilities
        .filter((c) => c.enabled && c.host && (c.id === 'vision' || c.id === 'transcription'))
        .map((c) => c.host as string),
    ),
  ];
  return { capabilities, sendsMediaTo, ...(semanticSearch ? { semanticSearch } : {}) };
}
