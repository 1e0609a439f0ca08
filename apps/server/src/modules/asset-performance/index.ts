import { defineModule } from '../manifest.js';
import { AssetPerformanceRepository } from './repository.js';
import { assetPerformanceRoutes } from './routes.js';
import { AssetPerformanceService } from './service.js';

/**
 * An asset's ad performance (issue 17 "Beyond the seeds"): the ads using each library file
 * (asset_ad_links, by Meta's video id or by the duplicates module's fingerprints of the ads'
 * creatives), its figures over a preset and the library cards' spend and ROAS badges.
 */
export const assetPerformanceModule = defineModule({
  name: 'assetPerformance',
  needs: ['access', 'libraryItems', 'processing', 'adPerformance', 'duplicates'],
  create: ({ database, queue, log }, { access, libraryItems, processing, adPerformance, duplicates }) => {
    const service = new AssetPerformanceService(
      new AssetPerformanceRepository(database.db),
      access,
      libraryItems,
      adPerformance,
      duplicates,
      queue,
      log,
    );
    processing.onProcessed((file) => service.queueFile(file));
    adPerformance.onMediaLinked((brandId) => service.queueBrand(brandId));
    return service;
  },
  routes: assetPerformanceRoutes,
  jobs: (service) => service.registerQueues(),
});
