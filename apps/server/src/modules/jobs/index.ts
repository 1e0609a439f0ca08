import { defineModule } from '../manifest.js';
import { JobsRepository } from './repository.js';
import { jobsRoutes } from './routes.js';
import { JobsService } from './service.js';

export const jobsModule = defineModule({
  name: 'jobs',
  needs: ['access'],
  create: ({ database, registry, queue, log }, { access }) =>
    new JobsService(new JobsRepository(database.db), registry, queue, access, log),
  routes: jobsRoutes,
});
