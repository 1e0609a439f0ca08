import { defineModule } from '../manifest.js';
import { AnalyticsRepository } from './analytics/list-repository.js';
import { AnalyticsService } from './analytics/service.js';
import { ExportImports } from './export-import.js';
import { AdPerformanceRepository } from './repository.js';
import { adPerformanceRoutes } from './routes.js';
import { AdPerformanceService } from './service.js';

/** The ad performance store (ads, creatives, daily insights), Ads Manager export imports and creative analytics. */
export const adPerformanceModule = defineModule({
  name: 'adPerformance',
  needs: ['access', 'uploads', 'plans', 'jobs', 'libraryItems'],
  create: ({ database, storage, log }, { access, uploads, plans, jobs, libraryItems }) => {
    const service = new AdPerformanceService(new AdPerformanceRepository(database.db), uploads, log);
    plans.countAnalyzedAdsWith((accountId) => service.analyzedAdsThisMonth(accountId));
    service.imports = new ExportImports(access, service, jobs, storage);
    service.analytics = new AnalyticsService(
      access,
      new AnalyticsRepository(database.db),
      (brandId) => service.accountsOfBrand(brandId),
      libraryItems,
      storage,
    );
    return service;
  },
  routes: (service) => adPerformanceRoutes(service.imports!, service.analytics!),
  jobs: (service, { registry }) => {
    service.imports!.register(registry);
    service.analytics!.register(registry);
  },
});
