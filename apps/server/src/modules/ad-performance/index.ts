import { defineModule } from '../manifest.js';
import { ExportImports } from './export-import.js';
import { AdPerformanceRepository } from './repository.js';
import { adPerformanceRoutes } from './routes.js';
import { AdPerformanceService } from './service.js';

/** The ad performance store (ads, creatives, daily insights) and Ads Manager export imports. */
export const adPerformanceModule = defineModule({
  name: 'adPerformance',
  needs: ['access', 'uploads', 'plans', 'jobs'],
  create: ({ database, storage, log }, { access, uploads, plans, jobs }) => {
    const service = new AdPerformanceService(new AdPerformanceRepository(database.db), uploads, log);
    plans.countAnalyzedAdsWith((accountId) => service.analyzedAdsThisMonth(accountId));
    service.imports = new ExportImports(access, service, jobs, storage);
    return service;
  },
  routes: (service) => adPerformanceRoutes(service.imports!),
  jobs: (service, { registry }) => service.imports!.register(registry),
});
