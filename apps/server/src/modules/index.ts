import { accessModule } from './access/index.js';
import type { AccessService } from './access/service.js';
import { adPerformanceModule } from './ad-performance/index.js';
import type { AdPerformanceService } from './ad-performance/service.js';
import { aiModule } from './ai/index.js';
import type { AiService } from './ai/service.js';
import { aiAnalysisModule } from './ai-analysis/index.js';
import type { AiAnalysisService } from './ai-analysis/service.js';
import { assetPerformanceModule } from './asset-performance/index.js';
import type { AssetPerformanceService } from './asset-performance/service.js';
import { authModule } from './auth/index.js';
import type { AuthService } from './auth/service.js';
import { boardsModule } from './boards/index.js';
import type { BoardsService } from './boards/service.js';
import { brandsModule } from './brands/index.js';
import type { BrandsService } from './brands/service.js';
import { commentsModule } from './comments/index.js';
import type { CommentsService } from './comments/service.js';
import { customFieldsModule } from './custom-fields/index.js';
import type { CustomFieldsService } from './custom-fields/service.js';
import { demoModule } from './demo/index.js';
import type { DemoService } from './demo/service.js';
import { duplicatesModule } from './duplicates/index.js';
import type { DuplicatesService } from './duplicates/service.js';
import { featureFlagsModule } from './feature-flags/index.js';
import type { FeatureFlagsService } from './feature-flags/service.js';
import { healthModule } from './health/index.js';
import type { HealthService } from './health/service.js';
import { integrationsModule } from './integrations/index.js';
import type { IntegrationsService } from './integrations/service.js';
import { jobsModule } from './jobs/index.js';
import type { JobsService } from './jobs/service.js';
import { libraryItemsModule, libraryModule } from './library/index.js';
import type { LibraryItems } from './library/items-service.js';
import type { LibraryService } from './library/service.js';
import type { ModuleManifest } from './manifest.js';
import { plansModule } from './plans/index.js';
import type { PlansService } from './plans/service.js';
import { searchModule } from './search/index.js';
import type { SearchService } from './search/service.js';
import { sharesModule } from './shares/index.js';
import type { SharesService } from './shares/service.js';
import { tagsModule } from './tags/index.js';
import type { TagsService } from './tags/service.js';
import { teamModule } from './team/index.js';
import type { TeamService } from './team/service.js';
import type { DownloadsService } from './uploads/downloads-service.js';
import { downloadsModule, processingModule, sweeperModule, uploadsModule } from './uploads/index.js';
import type { ProcessingService } from './uploads/processing-service.js';
import type { UploadsService } from './uploads/service.js';
import type { StorageSweeper } from './uploads/sweeper.js';

/** Every module's service by name. */
export interface Services {
  access: AccessService;
  health: HealthService;
  featureFlags: FeatureFlagsService;
  jobs: JobsService;
  auth: AuthService;
  team: TeamService;
  brands: BrandsService;
  plans: PlansService;
  library: LibraryService;
  libraryItems: LibraryItems;
  uploads: UploadsService;
  processing: ProcessingService;
  sweeper: StorageSweeper;
  downloads: DownloadsService;
  tags: TagsService;
  customFields: CustomFieldsService;
  comments: CommentsService;
  shares: SharesService;
  boards: BoardsService;
  adPerformance: AdPerformanceService;
  integrations: IntegrationsService;
  ai: AiService;
  aiAnalysis: AiAnalysisService;
  duplicates: DuplicatesService;
  assetPerformance: AssetPerformanceService;
  search: SearchService;
  demo: DemoService;
}

/** The modules of the server; a new feature adds its manifest here (routes are registered in this order). */
export const modules: readonly ModuleManifest[] = [
  accessModule,
  healthModule,
  authModule,
  teamModule,
  brandsModule,
  plansModule,
  libraryItemsModule,
  libraryModule,
  tagsModule,
  customFieldsModule,
  sharesModule,
  commentsModule,
  boardsModule,
  uploadsModule,
  processingModule,
  sweeperModule,
  downloadsModule,
  adPerformanceModule,
  integrationsModule,
  aiModule,
  aiAnalysisModule,
  duplicatesModule,
  assetPerformanceModule,
  searchModule,
  featureFlagsModule,
  jobsModule,
  demoModule,
] as ModuleManifest[];
