import { defineModule } from '../manifest.js';
import { TagsRepository } from './repository.js';
import { tagsRoutes } from './routes.js';
import { TagsService } from './service.js';

/** Tags, tag categories and the tags on library items. */
export const tagsModule = defineModule({
  name: 'tags',
  needs: ['access', 'libraryItems'],
  create: ({ database, queue, log }, { access, libraryItems }) => {
    const service = new TagsService(new TagsRepository(database.db), access, libraryItems, queue, log);
    libraryItems.extend(service.itemExtension());
    return service;
  },
  routes: tagsRoutes,
  jobs: (tags) => tags.registerQueues(),
});
