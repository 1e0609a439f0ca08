import { defineModule } from '../manifest.js';
import { DemoService } from './service.js';

export const demoModule = defineModule({
  name: 'demo',
  needs: ['team', 'library', 'uploads', 'tags', 'customFields', 'comments', 'shares', 'boards'],
  create: ({ media, log }, { team, library, uploads, tags, customFields, comments, shares, boards }) =>
    new DemoService(
      team,
      library,
      uploads,
      tags,
      customFields,
      comments,
      shares,
      boards,
      media.binaries.ffmpeg,
      log,
    ),
});
