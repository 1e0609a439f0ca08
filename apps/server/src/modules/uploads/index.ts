import { defineModule } from '../manifest.js';
import { downloadsRoutes } from './downloads-routes.js';
import { DownloadsService } from './downloads-service.js';
import { ProcessingService } from './processing-service.js';
import { UploadsRepository } from './repository.js';
import { uploadsRoutes } from './routes.js';
import { UploadsService } from './service.js';
import { StorageSweeper } from './sweeper.js';

/** Uploads (000 §4), their media processing, the storage sweeper, and downloads (zips, GIFs, clips). */
export const uploadsModule = defineModule({
  name: 'uploads',
  needs: ['access', 'library', 'plans'],
  create: ({ database, storage, signer, queue, config }, { access, library, plans }) =>
    new UploadsService(
      new UploadsRepository(database.db),
      access,
      library,
      plans,
      storage,
      signer,
      queue,
      config,
    ),
  routes: uploadsRoutes,
});

export const processingModule = defineModule({
  name: 'processing',
  needs: ['uploads', 'library'],
  create: ({ storage, media, queue, config, log }, { uploads, library }) =>
    new ProcessingService(library, uploads, storage, media, queue, config, log),
  jobs: (processing) => processing.registerQueues(),
});

export const sweeperModule = defineModule({
  name: 'sweeper',
  needs: ['library'],
  create: ({ database, storage, queue, log }, { library }) =>
    new StorageSweeper(new UploadsRepository(database.db), library, storage, queue, log),
  jobs: (sweeper) => sweeper.registerQueues(),
});

export const downloadsModule = defineModule({
  name: 'downloads',
  needs: ['access', 'library', 'jobs', 'team', 'plans'],
  create: (
    { database, storage, media, mailer, queue, config, log },
    { access, library, jobs, team, plans },
  ) =>
    new DownloadsService(
      new UploadsRepository(database.db),
      access,
      library,
      jobs,
      team,
      plans,
      storage,
      media,
      mailer,
      queue,
      config,
      log,
    ),
  routes: downloadsRoutes,
  jobs: (downloads, { registry }) => downloads.registerJobs(registry),
});
