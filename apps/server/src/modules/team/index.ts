import { defineModule } from '../manifest.js';
import { TeamRepository } from './repository.js';
import { teamRoutes } from './routes.js';
import { TeamService } from './service.js';

export const teamModule = defineModule({
  name: 'team',
  changesActors: true,
  needs: ['access', 'brands'],
  create: ({ database, limiter, mailer, config, productName }, { access, brands }) =>
    new TeamService(new TeamRepository(database.db), access, brands, limiter, mailer, config, productName),
  routes: teamRoutes,
});
