import { defineModule } from '../manifest.js';
import { aiRoutes } from './routes.js';
import { AiService } from './service.js';

/**
 * The AI provider (issue 15, design/ai.md): what the configured OpenAI-compatible server can
 * do, for the settings' 'AI provider' card. The provider itself is platform/ai.
 */
export const aiModule = defineModule({
  name: 'ai',
  needs: ['access'],
  create: ({ config }, { access }) => new AiService(access, config.ai),
  routes: aiRoutes,
});
