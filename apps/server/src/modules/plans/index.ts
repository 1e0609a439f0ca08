import { defineModule } from '../manifest.js';
import { PlansRepository } from './repository.js';
import { plansRoutes } from './routes.js';
import { PlansService } from './service.js';

export const plansModule = defineModule({
  name: 'plans',
  needs: ['access'],
  create: ({ database, mailer, config }, { access }) =>
    new PlansService(new PlansRepository(database.db), access, mailer, config.mail.supportEmail),
  routes: plansRoutes,
});
