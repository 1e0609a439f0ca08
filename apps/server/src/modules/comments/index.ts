import { defineModule } from '../manifest.js';
import { COMMENTS_CHANNEL, CommentEvents } from './events.js';
import { CommentsRepository } from './repository.js';
import { commentsRoutes } from './routes.js';
import { CommentsService } from './service.js';

/** Comments on library items, their reactions, mentions and live events. */
export const commentsModule = defineModule({
  name: 'comments',
  needs: ['access', 'libraryItems', 'shares'],
  create: ({ database, mailer, queue, log, config }, { access, libraryItems, shares }) => {
    const service = new CommentsService(
      new CommentsRepository(database.db),
      access,
      libraryItems,
      new CommentEvents((handlers) => database.listen(COMMENTS_CHANNEL, handlers)),
      mailer,
      queue,
      log,
      config.publicUrl,
      (item) => shares.peopleSharedOn(item),
    );
    libraryItems.extend(service.itemExtension());
    return service;
  },
  routes: commentsRoutes,
  jobs: (comments) => comments.registerQueues(),
});
