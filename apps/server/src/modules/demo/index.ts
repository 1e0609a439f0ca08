import { defineModule } from '../manifest.js';
import { DemoService } from './service.js';

export const demoModule = defineModule({
  name: 'demo',
  needs: ['team', 'library', 'uploads', 'tags', 'customFields', 'comments', 'shares'],
  create: ({ media, log }, { team, library, uploads, tags, customFields, comments, shares }) =>
    new DemoService(team, library, uploads, tags, customFields, comments, shares, media.binaries.ffmpeg, log),
});
