import { runsWorkers } from '../../config.js';
import { defineModule } from '../manifest.js';
import { SemanticIndex } from './embeddings.js';
import { ImageEmbeddings } from './image-embeddings.js';
import { SearchIndexer } from './indexer.js';
import { SearchRepository } from './repository.js';
import { searchRoutes } from './routes.js';
import { SavedSearches, savedSearchRoutes } from './saved-searches.js';
import { SemanticSearch } from './semantic.js';
import { SearchService } from './service.js';
import { SimilarItems, similarRoutes } from './similar.js';

/** Search (issue 16): the index of what items are made of, keyword, semantic and filter search, filter options, more like this. */
export const searchModule = defineModule({
  name: 'search',
  needs: ['access', 'libraryItems', 'ai', 'processing'],
  create: ({ database, queue, log, config, storage, media }, { access, libraryItems, ai, processing }) => {
    const embeddings = new SemanticIndex(
      database,
      ai.provider,
      { model: config.ai.embedModel, dims: config.ai.embedDims },
      queue,
      log,
    );
    // GET /ai/capabilities tells whether search ranks by meaning, or why not.
    ai.reportSemanticSearch(() => embeddings.status());
    // More like this by content: processed images and videos get their pictures embedded.
    const images = new ImageEmbeddings(
      database,
      ai.provider,
      { model: config.ai.imageEmbedModel, dims: config.ai.imageEmbedDims },
      queue,
      libraryItems,
      storage,
      media,
      log,
    );
    processing.onProcessed((file) => images.queueFile(file));
    ai.reportVectorExtension(() => images.vectorExtension());
    return new SearchService(
      new SearchRepository(database.db),
      access,
      libraryItems,
      new SearchIndexer(database, queue, log, () => embeddings.kick()),
      new SemanticSearch(database.db, embeddings, ai.provider, log),
      new SimilarItems(database.db, access, libraryItems, images),
      new SavedSearches(database.db, access),
    );
  },
  routes: (search) => (app) => {
    searchRoutes(search)(app);
    similarRoutes(search.similar)(app);
    savedSearchRoutes(search.saved)(app);
  },
  jobs: (search, { config }) => {
    search.indexer.register(runsWorkers(config.role));
    search.semantic.index.register(runsWorkers(config.role));
    search.similar.images.register(runsWorkers(config.role));
  },
});
