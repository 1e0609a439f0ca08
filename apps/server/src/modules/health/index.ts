import { VERSION } from '../../version.js';
import { defineModule } from '../manifest.js';
import { healthRoutes } from './routes.js';
import { HealthService } from './service.js';

export const healthModule = defineModule({
  name: 'health',
  needs: [],
  create: ({ database, queue, config }) => new HealthService(database, queue, config.role, VERSION),
  routes: healthRoutes,
});
