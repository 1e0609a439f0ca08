import { defineModule } from '../manifest.js';
import { ActorCache, AUTH_CHANGES_CHANNEL } from './actor-cache.js';
import { createGoogleIdentity } from './google.js';
import { AuthRepository } from './repository.js';
import { authRoutes } from './routes.js';
import { AuthService } from './service.js';

export const authModule = defineModule({
  name: 'auth',
  changesActors: true,
  needs: ['access', 'team', 'brands', 'featureFlags'],
  create: (
    { database, mailer, limiter, config, productName, log, signer },
    { access, team, brands, featureFlags },
  ) => {
    const auth = new AuthService(
      new AuthRepository(database.db),
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
      new ActorCache((handlers) => database.listen(AUTH_CHANGES_CHANNEL, handlers)),
      signer.deriveKey('verify-browser'),
    );
    // Someone removed from their last account keeps no session.
    team.onLeftAllAccounts((userId) => auth.revokeUserSessions(userId));
    return auth;
  },
  routes: authRoutes,
});
