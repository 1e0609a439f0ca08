import type { JobQueue } from '../../platform/jobs/queue.js';
import type { LibraryItems } from '../library/items-service.js';
import type { TagsService } from '../tags/service.js';
import type { AnalysisRepository, FileTexts } from './repository.js';

export const TAG_AUTO_SEARCH_QUEUE = 'TAG_AUTO_SEARCH';
export interface TagAutoSearchPayload {
  brandId: string;
  tagId: string;
}

/** Files a TAG_AUTO_SEARCH job reads at a time. */
const PAGE = 500;

/** Lower case without accents: 'Été' and 'ete' are the same word. */
function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Mn}/gu, '')
    .toLowerCase();
}
/** Words of letters and digits, folded. */
function words(text: string): string[] {
  return fold(text).match(/[\p{L}\p{N}]+/gu) ?? [];
}

/**
 * Whether `name` appears in `text` as whole words, case and accents ignored ('Spring sale' is
 * in 'SPRING SALE today', not in 'springsales'): its words, one after the other.
 */
export function containsWords(text: string, name: string): boolean {
  const needle = words(name);
  if (needle.length === 0) return false;
  const hay = words(text);
  for (let i = 0; i + needle.length <= hay.length; i++)
    if (needle.every((word, j) => hay[i + j] === word)) return true;
  return false;
}

/**
 * Auto-search in files (issue 15; tags with autoSearchInFiles): a tag is put on a file whose
 * transcript, read text or description names it as whole words, when the file's analysis
 * finishes, and on every analysed file of the brand (the TAG_AUTO_SEARCH job) when such a tag
 * is switched on or renamed. Links are AUTO_SEARCH; a person's removal is remembered.
 */
export class AutoSearch {
  constructor(
    private readonly repository: AnalysisRepository,
    private readonly library: LibraryItems,
    private readonly tags: TagsService,
    private readonly queue: JobQueue,
  ) {}

  registerQueues(): void {
    this.queue.register<TagAutoSearchPayload>(TAG_AUTO_SEARCH_QUEUE, (payload) => this.searchBrand(payload), {
      retryLimit: 2,
      retryDelaySeconds: 10,
      expireInSeconds: 30 * 60,
    });
  }

  /** Queues a tag's search through the brand's files, in the transaction that changed the tag. */
  async queueTag(brandId: string, tagId: string): Promise<void> {
    await this.queue.send(TAG_AUTO_SEARCH_QUEUE, { brandId, tagId } satisfies TagAutoSearchPayload, {
      executor: this.repository.queueExecutor(),
    });
  }

  /** One file, after a part of its analysis found text. */
  async searchFile(assetId: string): Promise<void> {
    const file = await this.library.fileById(assetId);
    if (!file) return;
    const tags = await this.tags.autoSearchTags(file.brandId);
    if (tags.length === 0) return;
    const texts = await this.repository.textsOf(assetId);
    if (!texts) return;
    const text = joined(texts);
    await this.tags.applyAutoSearchTags(
      tags.filter((tag) => containsWords(text, tag.name)).map((tag) => ({ assetId, tagId: tag.id })),
    );
  }

  private async searchBrand({ brandId, tagId }: TagAutoSearchPayload): Promise<void> {
    const tag = (await this.tags.autoSearchTags(brandId)).find((t) => t.id === tagId);
    if (!tag) return; // switched off or deleted meanwhile
    let after: string | null = null;
    for (;;) {
      const page = await this.repository.textsOfBrand(brandId, after, PAGE);
      if (page.length === 0) return;
      await this.tags.applyAutoSearchTags(
        page
          .filter((texts) => containsWords(joined(texts), tag.name))
          .map((texts) => ({ assetId: texts.assetId, tagId })),
      );
      after = page.at(-1)!.assetId;
    }
  }
}

/** A file's searchable text: transcript, read text and description, apart so words never join across them. */
function joined(texts: FileTexts): string {
  return [
    ...(texts.transcript?.entries ?? []).map((entry) => entry.text),
    ...(texts.textEntries ?? []).map((entry) => entry.text),
    texts.description ?? '',
  ].join('\n');
}
