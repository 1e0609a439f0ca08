import { defineModule } from '../manifest.js';
import { CustomFieldsRepository } from './repository.js';
import { customFieldsRoutes } from './routes.js';
import { CustomFieldsService } from './service.js';

/** Custom fields and their values on library items. */
export const customFieldsModule = defineModule({
  name: 'customFields',
  needs: ['access', 'libraryItems'],
  create: ({ database }, { access, libraryItems }) => {
    const service = new CustomFieldsService(new CustomFieldsRepository(database.db), access);
    libraryItems.extend(service.itemExtension());
    return service;
  },
  routes: customFieldsRoutes,
});
