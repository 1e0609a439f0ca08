import { defineModule } from '../manifest.js';
import { DemoService } from './service.js';

export const demoModule = defineModule({
  name: 'demo',
  needs: ['team', 'library', 'uploads'],
  create: ({ media, log }, { team, library, uploads }) =>
    new DemoService(team, library, uploads, media.binaries.ffmpeg, log),
});
