import { defineModule } from '../manifest.js';
import { BoardsRepository } from './repository.js';
import { boardsRoutes } from './routes.js';
import { BoardsService } from './service.js';

/** Boards: collections of a brand's items with status, descriptions, comments, invitations and review. */
export const boardsModule = defineModule({
  name: 'boards',
  needs: ['access', 'libraryItems', 'shares', 'comments', 'tags', 'team'],
  create: ({ database, mailer, log, config }, { access, libraryItems, shares, comments, tags, team }) => {
    const service = new BoardsService(
      new BoardsRepository(database.db),
      access,
      libraryItems,
      shares,
      comments,
      tags,
      team,
      mailer,
      log,
      config.publicUrl,
    );
    libraryItems.extend(service.itemExtension());
    shares.useBoards((folderId) => service.boardOfFolder(folderId));
    comments.useBoards((boardId) => service.commentBoardById(boardId));
    return service;
  },
  routes: boardsRoutes,
});
