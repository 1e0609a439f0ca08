import { defineModule } from '../manifest.js';
import { MediaUrls } from './media-urls.js';
import { LibraryRepository } from './repository.js';
import { libraryRoutes } from './routes.js';
import { LibraryService } from './service.js';

export const libraryModule = defineModule({
  name: 'library',
  needs: ['access'],
  create: ({ database, queue, log, signer }, { access }) =>
    new LibraryService(new LibraryRepository(database.db), access, queue, log, new MediaUrls(signer)),
  routes: libraryRoutes,
  jobs: (library) => library.registerQueues(),
});
