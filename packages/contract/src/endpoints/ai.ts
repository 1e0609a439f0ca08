import { aiCapabilitiesSchema } from '../ai.js';
import { brandScopedParams, defineEndpoint } from '../endpoint.js';

/** The AI provider (issue 15): what this server's AI can do, for the settings' 'AI provider' card. */

const tags = ['ai'] as const;
const B = '/api/accounts/:accountId/brands/:brandId' as const;

export const aiEndpoints = {
  capabilities: defineEndpoint({
    method: 'GET',
    path: `${B}/ai/capabilities`,
    summary: 'Each AI capability on or off, where it runs, and the variables that turn it on',
    tags,
    permission: 'integration.read',
    params: brandScopedParams({}),
    response: aiCapabilitiesSchema,
  }),
};
