import { defineModule } from '../manifest.js';
import { ShareLinks } from './links-service.js';
import { SharesRepository } from './repository.js';
import { sharesRoutes } from './routes.js';
import { SharesService } from './service.js';
import { ShareTokens } from './tokens.js';

/** Sharing: people and public links on library items, link controls, share-token callers. */
export const sharesModule = defineModule({
  name: 'shares',
  needs: ['access', 'libraryItems', 'team'],
  create: ({ database, signer, mailer, limiter, config, productName }, { access, libraryItems, team }) => {
    const repository = new SharesRepository(database.db);
    const tokens = new ShareTokens(signer);
    const service = new SharesService(
      repository,
      access,
      libraryItems,
      team,
      tokens,
      mailer,
      { publicUrl: config.publicUrl, productName },
      new ShareLinks(repository, access, libraryItems, tokens, limiter),
    );
    libraryItems.extend(service.itemExtension());
    team.onShareInvitationAccepted((invitationId, userId) => service.bindInvitation(invitationId, userId));
    return service;
  },
  routes: sharesRoutes,
});
