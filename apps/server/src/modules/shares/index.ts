import { defineModule } from '../manifest.js';
import { SharesRepository } from './repository.js';
import { sharesRoutes } from './routes.js';
import { SharesService } from './service.js';
import { ShareTokens } from './tokens.js';

/** Sharing: people and public links on library items, link controls, share-token callers. */
export const sharesModule = defineModule({
  name: 'shares',
  needs: ['access', 'libraryItems', 'team'],
  create: ({ database, signer, mailer, limiter, config, productName }, { access, libraryItems, team }) => {
    const service = new SharesService(
      new SharesRepository(database.db),
      access,
      libraryItems,
      team,
      new ShareTokens(signer),
      mailer,
      limiter,
      { publicUrl: config.publicUrl, productName },
    );
    libraryItems.extend({ answer: (ids) => service.answerIsShared(ids) });
    team.onShareInvitationAccepted((invitationId, userId) => service.bindInvitation(invitationId, userId));
    return service;
  },
  routes: sharesRoutes,
});
