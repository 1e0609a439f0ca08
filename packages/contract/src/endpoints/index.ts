import type { EndpointDefinition } from '../endpoint.js';
import { adPerformanceEndpoints, analyticsEndpoints, namingConventionEndpoints } from './ad-performance.js';
import { aiEndpoints } from './ai.js';
import { analysisEndpoints } from './analysis.js';
import { assetCardPerformanceEndpoints, assetPerformanceEndpoints } from './asset-performance.js';
import { boardEndpoints } from './boards.js';
import { commentEndpoints } from './comments.js';
import { customFieldEndpoints } from './custom-fields.js';
import { duplicateEndpoints } from './duplicates.js';
import { authEndpoints, brandEndpoints, planEndpoints, profileEndpoints, teamEndpoints } from './identity.js';
import { integrationEndpoints } from './integrations.js';
import { libraryEndpoints } from './library.js';
import { jobEndpoints, platformEndpoints } from './platform.js';
import { savedSearchEndpoints } from './saved-searches.js';
import { searchEndpoints } from './search.js';
import { shareEndpoints } from './shares.js';
import { tagEndpoints } from './tags.js';
import { downloadEndpoints, uploadEndpoints } from './uploads.js';

export { adPerformanceEndpoints, analyticsEndpoints, namingConventionEndpoints } from './ad-performance.js';
export { aiEndpoints } from './ai.js';
export { analysisEndpoints } from './analysis.js';
export { assetCardPerformanceEndpoints, assetPerformanceEndpoints } from './asset-performance.js';
export { boardEndpoints } from './boards.js';
export { commentEndpoints } from './comments.js';
export { customFieldEndpoints } from './custom-fields.js';
export { duplicateEndpoints } from './duplicates.js';
export { authEndpoints, brandEndpoints, planEndpoints, profileEndpoints, teamEndpoints } from './identity.js';
export { integrationEndpoints } from './integrations.js';
export { libraryEndpoints } from './library.js';
export { jobEndpoints, platformEndpoints } from './platform.js';
export { savedSearchEndpoints } from './saved-searches.js';
export { searchEndpoints } from './search.js';
export { shareEndpoints } from './shares.js';
export { tagEndpoints } from './tags.js';
export { downloadEndpoints, uploadEndpoints } from './uploads.js';

/**
 * Every endpoint of the API by group and name ('library.listAssets'): the server registers
 * each, the authorization matrix test calls each as every actor.
 */
export const endpoints = {
  platform: platformEndpoints,
  auth: authEndpoints,
  profile: profileEndpoints,
  brands: brandEndpoints,
  team: teamEndpoints,
  plans: planEndpoints,
  jobs: jobEndpoints,
  library: libraryEndpoints,
  uploads: uploadEndpoints,
  downloads: downloadEndpoints,
  tags: tagEndpoints,
  customFields: customFieldEndpoints,
  comments: commentEndpoints,
  shares: shareEndpoints,
  boards: boardEndpoints,
  integrations: integrationEndpoints,
  adPerformance: adPerformanceEndpoints,
  analytics: analyticsEndpoints,
  ai: aiEndpoints,
  analysis: analysisEndpoints,
  namingConvention: namingConventionEndpoints,
  duplicates: duplicateEndpoints,
  assetPerformance: assetPerformanceEndpoints,
  assetCardPerformance: assetCardPerformanceEndpoints,
  search: searchEndpoints,
  savedSearches: savedSearchEndpoints,
} satisfies Record<string, Record<string, EndpointDefinition>>;

export function allEndpoints(): { name: string; endpoint: EndpointDefinition }[] {
  return Object.entries(endpoints).flatMap(([group, endpoints]) =>
    Object.entries(endpoints).map(([name, endpoint]) => ({ name: `${group}.${name}`, endpoint })),
  );
}
