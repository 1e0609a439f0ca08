import { defineModule } from '../manifest.js';
import { FeatureFlagsRepository } from './repository.js';
import { featureFlagsRoutes } from './routes.js';
import { FeatureFlagsService } from './service.js';

export const featureFlagsModule = defineModule({
  name: 'featureFlags',
  needs: [],
  create: ({ database, config }) =>
    new FeatureFlagsService(new FeatureFlagsRepository(database.db), config.appEnv),
  routes: featureFlagsRoutes,
});
