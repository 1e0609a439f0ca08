import { defineModule } from '../manifest.js';
import { BrandsRepository } from './repository.js';
import { brandsRoutes } from './routes.js';
import { BrandsService } from './service.js';

export const brandsModule = defineModule({
  name: 'brands',
  changesActors: true,
  needs: ['access', 'libraryItems', 'plans'],
  create: ({ database }, { access, libraryItems, plans }) =>
    new BrandsService(new BrandsRepository(database.db), access, libraryItems, plans),
  routes: brandsRoutes,
});
