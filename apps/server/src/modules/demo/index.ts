import { defineModule } from '../manifest.js';
import { DemoService } from './service.js';

export const demoModule = defineModule({
  name: 'demo',
  needs: ['team', 'library', 'uploads', 'tags'],
  create: ({ media, log }, { team, library, uploads, tags }) =>
    new DemoService(team, library, uploads, tags, media.binaries.ffmpeg, log),
});
