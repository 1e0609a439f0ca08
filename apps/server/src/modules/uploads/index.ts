import { defineModule } from '../manifest.js';
import { downloadsRoutes } from './downloads-routes.js';
import { DownloadsService } from './downloads-service.js';
import { ProcessingService } from './processing-service.js';
import { UploadsRepository } from './repository.js';
import { uploadsRoutes } from './routes.js';
import { UploadsService } from './service.js';
import { StorageSweeper } from './sweeper.js';
import { ZipDownloads } from './zips.js';

/** Uploads (000 §4), their media processing, the storage sweeper, and downloads (zips, GIFs, clips). */
export const uploadsModule = defineModule({
  name: 'uploads',
  needs: ['access', 'libraryItems', 'plans', 'customFields', 'boards'],
  create: (
    { database, storage, signer, queue, config },
    { access, libraryItems, plans, customFields, boards },
  ) =>
    new UploadsService(
      new UploadsRepository(database.db),
      access,
      libraryItems,
      plans,
      customFields,
      storage,
      signer,
      queue,
      config,
      boards,
    ),
  routes: uploadsRoutes,
});

export const processingModule = defineModule({
  name: 'processing',
  needs: ['uploads', 'libraryItems'],
  create: ({ database, storage, media, queue, config, log }, { uploads, libraryItems }) => {
    const transactions = new UploadsRepository(database.db);
    return new ProcessingService(libraryItems, uploads, storage, media, queue, config, log, (fn) =>
      transactions.transaction(fn),
    );
  },
  jobs: (processing) => processing.registerQueues(),
});

export const sweeperModule = defineModule({
  name: 'sweeper',
  needs: ['libraryItems'],
  create: ({ database, storage, queue, log }, { libraryItems }) =>
    new StorageSweeper(new UploadsRepository(database.db), libraryItems, storage, queue, log),
  jobs: (sweeper) => sweeper.registerQueues(),
});

export const downloadsModule = defineModule({
  name: 'downloads',
  needs: ['access', 'libraryItems', 'jobs', 'team', 'plans'],
  create: (
    { database, storage, media, mailer, queue, config, log },
    { access, libraryItems, jobs, team, plans },
  ) =>
    new DownloadsService(
      new UploadsRepository(database.db),
      access,
      libraryItems,
      jobs,
      team,
      plans,
      storage,
      media,
      mailer,
      queue,
      config,
      log,
      new ZipDownloads(access, libraryItems, jobs, team, storage, mailer, config, log),
    ),
  routes: downloadsRoutes,
  jobs: (downloads, { registry }) => downloads.registerJobs(registry),
});
