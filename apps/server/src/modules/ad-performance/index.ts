import { defineModule } from '../manifest.js';
import { AnalyticsExport } from './analytics/export-job.js';
import { AnalyticsRepository } from './analytics/list-repository.js';
import { creativeValueOptionsSql } from './analytics/list-sql.js';
import { AnalyticsPresenter } from './analytics/present.js';
import { AnalyticsRollups } from './analytics/rollups.js';
import { AnalyticsService } from './analytics/service.js';
import { ExportImports } from './export-import.js';
import { NamingRepository } from './naming/repository.js';
import { NamingConventionService } from './naming/service.js';
import { AdPerformanceRepository } from './repository.js';
import { adPerformanceRoutes } from './routes.js';
import { AdPerformanceService } from './service.js';

/** The ad performance store (ads, creatives, daily insights), Ads Manager export imports, creative analytics and the ad naming convention. */
export const adPerformanceModule = defineModule({
  name: 'adPerformance',
  needs: ['access', 'uploads', 'plans', 'jobs', 'libraryItems', 'search'],
  create: ({ database, storage, log, queue }, { access, uploads, plans, jobs, libraryItems, search }) => {
    const naming = new NamingRepository(database.db);
    const repository = new AdPerformanceRepository(database.db);
    const rollups = new AnalyticsRollups(
      database.db,
      queue,
      (brandId) => repository.accountsOfBrand(brandId),
      log,
    );
    const service = new AdPerformanceService(repository, naming, uploads, log, rollups);
    plans.countAnalyzedAdsWith((accountId) => service.analyzedAdsThisMonth(accountId));
    // GET search-options answers the creative-info values too (issue 16: modules register theirs).
    search.registerOptions('CREATIVE_INFO_VALUE', creativeValueOptionsSql);
    service.imports = new ExportImports(access, service, jobs, storage);
    const analytics = new AnalyticsRepository(database.db);
    const accountsOfBrand = (brandId: string) => service.accountsOfBrand(brandId);
    service.analytics = new AnalyticsService(
      access,
      analytics,
      accountsOfBrand,
      new AnalyticsPresenter(analytics, libraryItems),
      rollups,
    );
    service.analyticsExport = new AnalyticsExport(analytics, accountsOfBrand, storage, rollups);
    service.naming = new NamingConventionService(access, naming, accountsOfBrand);
    return service;
  },
  routes: (service) => adPerformanceRoutes(service.imports!, service.analytics!, service.naming!),
  jobs: (service, { registry }) => {
    service.imports!.register(registry);
    service.analyticsExport!.register(registry);
    service.rollups.register();
  },
});
