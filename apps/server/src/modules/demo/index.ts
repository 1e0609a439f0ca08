import { defineModule } from '../manifest.js';
import { DemoService } from './service.js';

export const demoModule = defineModule({
  name: 'demo',
  needs: ['team', 'library', 'uploads', 'tags', 'customFields'],
  create: ({ media, log }, { team, library, uploads, tags, customFields }) =>
    new DemoService(team, library, uploads, tags, customFields, media.binaries.ffmpeg, log),
});
