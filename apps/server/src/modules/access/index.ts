import { defineModule } from '../manifest.js';
import { AccessRepository } from './repository.js';
import { AccessService } from './service.js';

export const accessModule = defineModule({
  name: 'access',
  needs: [],
  create: ({ database }) => new AccessService(new AccessRepository(database.db)),
});
