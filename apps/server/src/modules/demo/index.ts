import { defineModule } from '../manifest.js';
import { DemoService } from './service.js';

export const demoModule = defineModule({
  name: 'demo',
  needs: ['team', 'library', 'uploads', 'tags', 'customFields', 'comments'],
  create: ({ media, log }, { team, library, uploads, tags, customFields, comments }) =>
    new DemoService(team, library, uploads, tags, customFields, comments, media.binaries.ffmpeg, log),
});
