import { defineModule } from '../manifest.js';
import { DemoService } from './service.js';

export const demoModule = defineModule({
  name: 'demo',
  needs: [
    'team',
    'library',
    'uploads',
    'tags',
    'customFields',
    'comments',
    'shares',
    'boards',
    'adPerformance',
    'integrations',
  ],
  create: (
    { media, log },
    { team, library, uploads, tags, customFields, comments, shares, boards, adPerformance, integrations },
  ) =>
    new DemoService(
      team,
      library,
      uploads,
      tags,
      customFields,
      comments,
      shares,
      boards,
      adPerformance,
      integrations,
      media.binaries.ffmpeg,
      log,
    ),
});
