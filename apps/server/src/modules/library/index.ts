import { defineModule } from '../manifest.js';
import { LibraryItems } from './items-service.js';
import { MediaUrls } from './media-urls.js';
import { LibraryOperations } from './operations-service.js';
import { libraryRepositories } from './repositories.js';
import { libraryRoutes } from './routes.js';
import { LibraryService } from './service.js';

/**
 * The library's item functions, for other modules: the only door to writing `assets`
 * (README "Where things are").
 */
export const libraryItemsModule = defineModule({
  name: 'libraryItems',
  needs: [],
  create: ({ database, signer }) => new LibraryItems(libraryRepositories(database.db), new MediaUrls(signer)),
});

/** The library's calls (000 §7) and its background moves, copies and deletes. */
export const libraryModule = defineModule({
  name: 'library',
  needs: ['access', 'libraryItems'],
  create: ({ queue, log }, { access, libraryItems }) => {
    // The items' repositories: their item rows carry the columns feature modules add.
    const { items, subtrees, favorites } = libraryItems.repositories;
    return new LibraryService(
      items,
      subtrees,
      favorites,
      libraryItems,
      new LibraryOperations(items, subtrees, queue, log, libraryItems),
      access,
    );
  },
  routes: libraryRoutes,
  jobs: (library) => library.operations.registerQueues(),
});
