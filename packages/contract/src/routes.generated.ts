// Generated from the endpoint definitions by `npm run generate -w @hookline/contract`: do not edit.
import type { Routes } from './route.js';
import { platformApi } from './routes/platform.generated.js';
import { authApi } from './routes/auth.generated.js';
import { profileApi } from './routes/profile.generated.js';
import { brandsApi } from './routes/brands.generated.js';
import { teamApi } from './routes/team.generated.js';
import { plansApi } from './routes/plans.generated.js';
import { jobsApi } from './routes/jobs.generated.js';
import { libraryApi } from './routes/library.generated.js';
import { uploadsApi } from './routes/uploads.generated.js';
import { downloadsApi } from './routes/downloads.generated.js';
import { tagsApi } from './routes/tags.generated.js';
import { customFieldsApi } from './routes/customFields.generated.js';
import { commentsApi } from './routes/comments.generated.js';
import { sharesApi } from './routes/shares.generated.js';
import { boardsApi } from './routes/boards.generated.js';
import { integrationsApi } from './routes/integrations.generated.js';
import { adPerformanceApi } from './routes/adPerformance.generated.js';
import { analyticsApi } from './routes/analytics.generated.js';
import { aiApi } from './routes/ai.generated.js';
import { analysisApi } from './routes/analysis.generated.js';
import { namingConventionApi } from './routes/namingConvention.generated.js';
import { duplicatesApi } from './routes/duplicates.generated.js';
import { assetPerformanceApi } from './routes/assetPerformance.generated.js';
import { assetCardPerformanceApi } from './routes/assetCardPerformance.generated.js';
import { searchApi } from './routes/search.generated.js';
import { savedSearchesApi } from './routes/savedSearches.generated.js';

export { platformApi } from './routes/platform.generated.js';
export { authApi } from './routes/auth.generated.js';
export { profileApi } from './routes/profile.generated.js';
export { brandsApi } from './routes/brands.generated.js';
export { teamApi } from './routes/team.generated.js';
export { plansApi } from './routes/plans.generated.js';
export { jobsApi } from './routes/jobs.generated.js';
export { libraryApi } from './routes/library.generated.js';
export { uploadsApi } from './routes/uploads.generated.js';
export { downloadsApi } from './routes/downloads.generated.js';
export { tagsApi } from './routes/tags.generated.js';
export { customFieldsApi } from './routes/customFields.generated.js';
export { commentsApi } from './routes/comments.generated.js';
export { sharesApi } from './routes/shares.generated.js';
export { boardsApi } from './routes/boards.generated.js';
export { integrationsApi } from './routes/integrations.generated.js';
export { adPerformanceApi } from './routes/adPerformance.generated.js';
export { analyticsApi } from './routes/analytics.generated.js';
export { aiApi } from './routes/ai.generated.js';
export { analysisApi } from './routes/analysis.generated.js';
export { namingConventionApi } from './routes/namingConvention.generated.js';
export { duplicatesApi } from './routes/duplicates.generated.js';
export { assetPerformanceApi } from './routes/assetPerformance.generated.js';
export { assetCardPerformanceApi } from './routes/assetCardPerformance.generated.js';
export { searchApi } from './routes/search.generated.js';
export { savedSearchesApi } from './routes/savedSearches.generated.js';

/** Every group (the server and tests; the web imports the groups it calls, e.g. `libraryApi`). */
export const routes: Routes = {
  platform: platformApi,
  auth: authApi,
  profile: profileApi,
  brands: brandsApi,
  team: teamApi,
  plans: plansApi,
  jobs: jobsApi,
  library: libraryApi,
  uploads: uploadsApi,
  downloads: downloadsApi,
  tags: tagsApi,
  customFields: customFieldsApi,
  comments: commentsApi,
  shares: sharesApi,
  boards: boardsApi,
  integrations: integrationsApi,
  adPerformance: adPerformanceApi,
  analytics: analyticsApi,
  ai: aiApi,
  analysis: analysisApi,
  namingConvention: namingConventionApi,
  duplicates: duplicatesApi,
  assetPerformance: assetPerformanceApi,
  assetCardPerformance: assetCardPerformanceApi,
  search: searchApi,
  savedSearches: savedSearchesApi,
};
