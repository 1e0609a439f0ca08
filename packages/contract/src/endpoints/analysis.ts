import { z } from 'zod';
import {
  assetAnalysisSchema,
  assetTextSchema,
  assetTranscriptSchema,
  regenerateAiTagsBodySchema,
  regenerateAiTagsResponseSchema,
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
};
