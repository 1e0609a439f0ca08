import { z } from 'zod';
import {
  assetAnalysisSchema,
  assetBreakdownSchema,
  assetTextSchema,
  assetTranscriptSchema,
  clipSubtypeSchema,
  clipSubtypesQuerySchema,
  creativeClipSchema,
  creativeClipsQuerySchema,
  regenerateAiTagsBodySchema,
  regenerateAiTagsResponseSchema,
  videoIntelligenceTypeSchema,
} from '../analysis.js';
import { creativeClipTypes } from '../analysis-constants.js';
import { brandScopedParams, defineEndpoint } from '../endpoint.js';

/** AI analysis of library files (issue 15): read text, statuses, retries and the clip types. */

const tags = ['ai-analysis'] as const;
const B = '/api/accounts/:accountId/brands/:brandId' as const;
const assetParams = brandScopedParams({ assetId: z.uuid() });

export const analysisEndpoints = {
  text: defineEndpoint({
    method: 'GET',
    path: `${B}/assets/:assetId/text`,
    summary: 'The text read in an image or in a video’s frames, with times',
    tags,
    permission: 'asset.read',
    params: assetParams,
    response: assetTextSchema,
  }),
  transcript: defineEndpoint({
    method: 'GET',
    path: `${B}/assets/:assetId/transcript`,
    summary: 'The speech of a video or audio file as timed lines',
    tags,
    permission: 'asset.read',
    params: assetParams,
    response: assetTranscriptSchema,
  }),
  status: defineEndpoint({
    method: 'GET',
    path: `${B}/assets/:assetId/analysis`,
    summary: 'Each analysed feature of a file: its status and what it says',
    tags,
    permission: 'asset.read',
    params: assetParams,
    response: assetAnalysisSchema,
  }),
  retry: defineEndpoint({
    method: 'POST',
    path: `${B}/assets/:assetId/analysis/retry`,
    summary: 'Runs the failed features of a file’s analysis again',
    tags,
    permission: 'asset.update',
    params: assetParams,
    response: assetAnalysisSchema,
  }),
  regenerateTags: defineEndpoint({
    method: 'POST',
    path: `${B}/tags/regenerate-ai`,
    summary: 'Makes the picked files’ AI tags again (402 past the plan’s AI tag allocations)',
    tags,
    permission: 'asset.update',
    params: brandScopedParams({}),
    body: regenerateAiTagsBodySchema,
    response: regenerateAiTagsResponseSchema,
    status: 202,
  }),
  clipTypes: defineEndpoint({
    method: 'GET',
    path: `${B}/assets/scence-ai-types`,
    summary: 'The creative-clip (scene intelligence) types',
    tags,
    permission: 'library.read',
    params: brandScopedParams({}),
    response: z.array(z.enum(creativeClipTypes)),
  }),
  breakdown: defineEndpoint({
    method: 'GET',
    path: `${B}/assets/:assetId/transcription-breakdown`,
    summary: 'A video’s creative clips (transcription breakdown), or why it has none',
    tags,
    permission: 'asset.intelligence',
    params: assetParams,
    response: assetBreakdownSchema,
  }),
  intelligenceTypes: defineEndpoint({
    method: 'GET',
    path: `${B}/video-intelligence-types`,
    summary: 'The creative-clip types, each with the brand’s subtypes of it',
    tags,
    permission: 'library.read',
    params: brandScopedParams({}),
    response: z.array(videoIntelligenceTypeSchema),
  }),
  subtypes: defineEndpoint({
    method: 'GET',
    path: `${B}/video-intelligence-types/subtypes`,
    summary: 'Scene subtype search: the brand’s clip subtypes of some types, most used first',
    tags,
    permission: 'library.read',
    params: brandScopedParams({}),
    query: clipSubtypesQuerySchema,
    response: z.array(clipSubtypeSchema),
    list: true,
  }),
  creativeClips: defineEndpoint({
    method: 'GET',
    path: `${B}/creative-clips`,
    summary: 'The brand’s creative clips of some types and subtypes, newest files first',
    tags,
    permission: 'library.read',
    params: brandScopedParams({}),
    query: creativeClipsQuerySchema,
    response: z.array(creativeClipSchema),
    list: true,
  }),
};
