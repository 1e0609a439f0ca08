import { defineModule } from '../manifest.js';
import { ActorCache, AUTH_CHANGES_CHANNEL } from './actor-cache.js';
import { createGoogleIdentity } from './google.js';
import { AuthRepository } from './repository.js';
import { authRoutes } from './routes.js';
import { AuthService, VERIFY_TTL_MS } from './service.js';
import { Sessions } from './sessions.js';
import { VerifyBrowser } from './verify-browser.js';

export const authModule = defineModule({
  name: 'auth',
  changesActors: true,
  needs: ['access', 'team', 'brands', 'featureFlags'],
  create: (
    { database, mailer, limiter, config, productName, log, signer },
    { access, team, brands, featureFlags },
  ) => {
    const repository = new AuthRepository(database.db);
    const actors = new ActorCache((handlers) => database.listen(AUTH_CHANGES_CHANNEL, handlers));
    const auth = new AuthService(
      repository,
      team,
      brands,
      featureFlags,
      limiter,
      mailer,
      createGoogleIdentity(config.google.apiBaseUrl),
      config,
      productName,
      log,
      access,
      new Sessions(repository, team, config, actors),
      new VerifyBrowser(
        signer.deriveKey('verify-browser'),
        config.publicUrl.startsWith('https:'),
        VERIFY_TTL_MS,
      ),
    );
    // Someone removed from their last account keeps no session.
    team.onLeftAllAccounts((userId) => auth.revokeUserSessions(userId));
    return auth;
  },
  routes: authRoutes,
});
