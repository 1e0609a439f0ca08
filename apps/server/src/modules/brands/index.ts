import { defineModule } from '../manifest.js';
import { BrandsRepository } from './repository.js';
import { brandsRoutes } from './routes.js';
import { BrandsService } from './service.js';

export const brandsModule = defineModule({
  name: 'brands',
  needs: ['access', 'library', 'plans'],
  create: ({ database }, { access, library, plans }) =>
    new BrandsService(new BrandsRepository(database.db), access, library, plans),
  routes: brandsRoutes,
});
