import { runsWorkers } from '../../config.js';
import { defineModule } from '../manifest.js';
import { SearchIndexer } from './indexer.js';
import { SearchRepository } from './repository.js';
import { searchRoutes } from './routes.js';
import { SearchService } from './service.js';

/** Search (issue 16): the index of what items are made of, keyword and filter search, filter options. */
export const searchModule = defineModule({
  name: 'search',
  needs: ['access', 'libraryItems'],
  create: ({ database, queue, log }, { access, libraryItems }) =>
    new SearchService(
      new SearchRepository(database.db),
      access,
      libraryItems,
      new SearchIndexer(database, queue, log),
    ),
  routes: searchRoutes,
  jobs: (search, { config }) => search.indexer.register(runsWorkers(config.role)),
});
