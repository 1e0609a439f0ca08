// Generated from the endpoint definitions by `npm run generate -w @hookline/contract`: do not edit.
import { nameGroup, type Routes } from '../route.js';

export const analysisApi: Routes['analysis'] = /* @__PURE__ */ nameGroup('analysis', {
  text: { method: 'GET', path: '/api/accounts/:accountId/brands/:brandId/assets/:assetId/text' },
  transcript: { method: 'GET', path: '/api/accounts/:accountId/brands/:brandId/assets/:assetId/transcript' },
  status: { method: 'GET', path: '/api/accounts/:accountId/brands/:brandId/assets/:assetId/analysis' },
  retry: { method: 'POST', path: '/api/accounts/:accountId/brands/:brandId/assets/:assetId/analysis/retry' },
  regenerateTags: { method: 'POST', path: '/api/accounts/:accountId/brands/:brandId/tags/regenerate-ai', status: 202 },
  clipTypes: { method: 'GET', path: '/api/accounts/:accountId/brands/:brandId/assets/scence-ai-types' },
  breakdown: { method: 'GET', path: '/api/accounts/:accountId/brands/:brandId/assets/:assetId/transcription-breakdown' },
  intelligenceTypes: { method: 'GET', path: '/api/accounts/:accountId/brands/:brandId/video-intelligence-types' },
  subtypes: { method: 'GET', path: '/api/accounts/:accountId/brands/:brandId/video-intelligence-types/subtypes', list: true },
  creativeClips: { method: 'GET', path: '/api/accounts/:accountId/brands/:brandId/creative-clips', list: true },
});
