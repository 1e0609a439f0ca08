import { defineModule } from '../manifest.js';
import { DuplicatesRepository } from './repository.js';
import { duplicatesRoutes } from './routes.js';
import { DuplicatesService } from './service.js';

/**
 * Duplicates at upload (issue 15 "Beyond"): each processed image and video is fingerprinted
 * (SHA-256, dHashes) and a new file like an older one of its brand and library is marked
 * `duplicateOf` it, for the upload summary and /library/duplicates.
 */
export const duplicatesModule = defineModule({
  name: 'duplicates',
  needs: ['access', 'libraryItems', 'library', 'processing'],
  create: ({ database, media, storage, queue, log }, { access, libraryItems, library, processing }) => {
    const service = new DuplicatesService(
      new DuplicatesRepository(database.db),
      access,
      libraryItems,
      library,
      media,
      storage,
      queue,
      log,
    );
    libraryItems.extend(service.itemExtension());
    processing.onOriginal((file, input, work) => service.fingerprintProcessed(file, input, work));
    return service;
  },
  routes: duplicatesRoutes,
  jobs: (service) => service.registerQueues(),
});
