import { defineModule } from '../manifest.js';
import { AutoSearch } from './auto-search.js';
import { CreativeClips } from './clips.js';
import { MediaAnalysis } from './media-analysis.js';
import { AnalysisRepository } from './repository.js';
import { aiAnalysisRoutes } from './routes.js';
import { AiAnalysisService } from './service.js';
import { Transcription } from './transcription.js';

/**
 * The AI analysis of library files (issue 15, design/ai.md §4.2 c–e): tags, descriptions,
 * personas and read text (AI_MEDIA), transcripts (AI_TRANSCRIBE) and creative clips
 * (AI_CLIPS), run after media processing.
 */
export const aiAnalysisModule = defineModule({
  name: 'aiAnalysis',
  needs: ['access', 'libraryItems', 'processing', 'tags', 'ai', 'plans'],
  create: (
    { database, queue, storage, media, log },
    { access, libraryItems, processing, tags, ai, plans },
  ) => {
    const repository = new AnalysisRepository(database.db);
    const autoSearch = new AutoSearch(repository, libraryItems, tags, queue);
    const service = new AiAnalysisService(
      repository,
      access,
      queue,
      ai.provider,
      new MediaAnalysis(repository, libraryItems, tags, storage, media, ai.provider, log),
      new Transcription(repository, libraryItems, storage, media, ai.provider, log, ai.localTranscription),
      new CreativeClips(repository, ai.provider, log),
      autoSearch,
      plans,
      libraryItems,
    );
    plans.countAiTagsWith({
      tagged: (accountId) => repository.taggedCount(accountId),
      generations: (accountId) => repository.generationsThisMonth(accountId),
    });
    tags.onAutoSearchChanged((brandId, tagId) => autoSearch.queueTag(brandId, tagId));
    libraryItems.extend(service.itemExtension());
    processing.onProcessed((file) => service.queueAnalysis(file));
    return service;
  },
  routes: aiAnalysisRoutes,
  jobs: (service) => service.registerQueues(),
});
