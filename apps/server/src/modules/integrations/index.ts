import { GraphClient } from '../../platform/meta/graph-client.js';
import { Sealer } from '../../platform/security/sealer.js';
import { defineModule } from '../manifest.js';
import { MetaPublisher } from './meta-publish.js';
import { MetaSync } from './meta-sync.js';
import { OauthStates } from './oauth-state.js';
import { IntegrationsRepository } from './repository.js';
import { integrationsRoutes } from './routes.js';
import { IntegrationsService } from './service.js';

/**
 * Integrations: the brand's Meta connection (OAuth, ad accounts, pages, issues), its sync
 * of ads and insights into the ad performance store, and publishing library videos to Meta.
 */
export const integrationsModule = defineModule({
  name: 'integrations',
  needs: ['access', 'adPerformance', 'plans', 'libraryItems', 'jobs'],
  create: (
    { database, config, signer, queue, storage, log },
    { access, adPerformance, plans, libraryItems, jobs },
  ) => {
    const meta = config.meta;
    const graph =
      meta.configured && meta.appId && meta.appSecret
        ? new GraphClient({
            appId: meta.appId,
            appSecret: meta.appSecret,
            version: meta.version,
            graphUrl: meta.graphUrl,
            videoUrl: meta.videoUrl,
            dialogUrl: meta.dialogUrl,
          })
        : null;
    const sealer = new Sealer(signer.deriveKey('integration-token-seal'));
    const repository = new IntegrationsRepository(database.db);
    const service = new IntegrationsService(
      repository,
      access,
      adPerformance,
      plans,
      graph,
      meta.appId ?? null,
      sealer,
      new OauthStates(signer.deriveKey('integration-oauth-state')),
      config.publicUrl,
      log,
    );
    if (graph) {
      const sync = new MetaSync(
        repository,
        adPerformance,
        plans,
        graph,
        (sealed) => sealer.open(sealed),
        queue,
        log,
      );
      service.useSync(sync);
      service.metaSync = sync;
    }
    service.publisher = new MetaPublisher(
      repository,
      access,
      libraryItems,
      adPerformance,
      jobs,
      storage,
      graph,
      async (brandId) => (await service.metaConnection(brandId))?.token ?? null,
    );
    return service;
  },
  routes: (service) => integrationsRoutes(service, service.publisher!),
  jobs: (service, { registry }) => {
    service.publisher!.register(registry);
    service.metaSync?.register();
  },
});
