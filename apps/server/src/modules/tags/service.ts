import {
  ASYNC_LIBRARY_OPERATION_THRESHOLD,
  type BulkTagBody,
  interpolate,
  type Library,
  messages,
  ROOT_FOLDER_ID,
  TAG_LIMITS,
  type Tag,
  type TagCategory,
  type TagRef,
} from '@hookline/contract';
import type { FastifyBaseLogger } from 'fastify';
import { isUniqueViolation } from '../../platform/db/errors.js';
import type { AssetRow } from '../../platform/db/schema/assets.js';
import { badRequest, conflict, notFound, validationFailed } from '../../platform/http/errors.js';
import type { JobQueue } from '../../platform/jobs/queue.js';
import type { AccessService } from '../access/service.js';
import type { ItemChanges, ItemExtension, LibraryItems } from '../library/items-service.js';
import { actorUserId, type LibraryScope } from '../library/scope.js';
import { presentCategory, presentTag } from './presenter.js';
import type { TagCategoryRow, TagRow, TagsRepository } from './repository.js';

export const TAGS_BULK_QUEUE = 'TAGS_BULK';

/** A bulk tag above the async threshold, finished by a job. */
interface BulkTagJob {
  brandId: string;
  userId: string | null;
  assetIds: string[];
  tagIds: string[];
  remove: boolean;
}

const t = messages.tags;
const withoutUsage = (row: TagRow) => ({ ...row, usageCount: 0 });
const unknownTag = () => validationFailed([{ path: 'body.tags', message: t.unknownTag }], t.unknownTag);

/**
 * Tags and tag categories of a brand (000 §7 "Tags") and the tags on items: answers carry
 * them and item updates set them through the library's extension (ItemExtension), so the
 * library module stays the only writer of `assets` while `asset_tags` is this module's.
 */
export class TagsService {
  constructor(
    private readonly repository: TagsRepository,
    private readonly access: AccessService,
    private readonly items: LibraryItems,
    private readonly queue: JobQueue,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Called (in the change's transaction) when a tag's auto-search must look through the files again. */
  private readonly autoSearchListeners: ((brandId: string, tagId: string) => Promise<void>)[] = [];

  /**
   * The AI analysis looks for auto-search tags in files' text: it hears of a tag switched on
   * or renamed, inside the transaction that changes it (what it queues is never lost).
   */
  onAutoSearchChanged(listener: (brandId: string, tagId: string) => Promise<void>): void {
    this.autoSearchListeners.push(listener);
  }

  /** The brand's auto-search tags (for the analysis; no caller to check). */
  autoSearchTags(brandId: string): Promise<{ id: string; name: string }[]> {
    return this.repository.autoSearchTags(brandId);
  }

  /** Puts auto-search's finds on items (for the analysis; the items are the brand's). */
  applyAutoSearchTags(links: readonly { assetId: string; tagId: string }[]): Promise<void> {
    return this.repository.addAutoSearchLinks(links);
  }

  registerQueues(): void {
    this.queue.register<BulkTagJob>(TAGS_BULK_QUEUE, (job) => this.runBulkTag(job), { retryLimit: 2 });
  }

  // ── categories ──────────────────────────────────────────────────────────
  async categories(s: LibraryScope, includeCount: boolean): Promise<TagCategory[]> {
    await this.access.require(s.actor, 'library.read', [s.brandId]);
    await this.repository.general(s.brandId);
    const [categories, tags] = await Promise.all([
      this.repository.categories(s.brandId),
      this.repository.tags(s.brandId, includeCount),
    ]);
    return categories.map((category) =>
      presentCategory(
        category,
        tags.filter((tag) => tag.categoryId === category.id),
      ),
    );
  }

  async createCategory(s: LibraryScope, name: string): Promise<TagCategory> {
    await this.access.require(s.actor, 'tag.manage', [s.brandId]);
    await this.repository.general(s.brandId);
    const row = await this.uniqueName(t.categoryAlreadyExists, 'body.name', () =>
      this.repository.insertCategory(s.brandId, name),
    );
    return presentCategory(row, []);
  }

  async renameCategory(s: LibraryScope, id: string, name: string): Promise<TagCategory> {
    await this.access.require(s.actor, 'tag.manage', [s.brandId]);
    const category = await this.customCategory(s, id);
    if (category.name !== name)
      await this.uniqueName(t.categoryAlreadyExists, 'body.name', () =>
        this.repository.renameCategory(id, name),
      );
    const tags = (await this.repository.tags(s.brandId, false)).filter((tag) => tag.categoryId === id);
    return presentCategory({ ...category, name }, tags);
  }

  /** Its tags move to General. */
  async deleteCategory(s: LibraryScope, id: string): Promise<{ ok: true }> {
    await this.access.require(s.actor, 'tag.manage', [s.brandId]);
    await this.customCategory(s, id);
    const general = await this.repository.general(s.brandId);
    await this.repository.transaction(() => this.repository.deleteCategory(id, general.id));
    return { ok: true };
  }

  /** A category of the brand that may change: 404 when it is not the brand's, 400 for SYSTEM ones. */
  private async customCategory(s: LibraryScope, id: string): Promise<TagCategoryRow> {
    const category = await this.repository.category(s.brandId, id);
    if (!category) throw notFound(t.unknownCategory);
    if (category.type === 'SYSTEM') throw badRequest(t.systemCategory);
    return category;
  }

  /** The category a tag goes in: the named one of the brand (400 otherwise), else General. */
  private async categoryFor(s: LibraryScope, categoryId: string | undefined): Promise<TagCategoryRow> {
    if (categoryId === undefined) return this.repository.general(s.brandId);
    const category = await this.repository.category(s.brandId, categoryId);
    if (!category)
      throw validationFailed([{ path: 'body.categoryId', message: t.unknownCategory }], t.unknownCategory);
    return category;
  }

  // ── tags ────────────────────────────────────────────────────────────────
  async list(s: LibraryScope, includeCount: boolean): Promise<Tag[]> {
    await this.access.require(s.actor, 'library.read', [s.brandId]);
    return (await this.repository.tags(s.brandId, includeCount)).map(presentTag);
  }

  async create(s: LibraryScope, body: { name: string; categoryId?: string | undefined }): Promise<Tag> {
    await this.access.require(s.actor, 'tag.manage', [s.brandId]);
    const category = await this.categoryFor(s, body.categoryId);
    if ((await this.repository.tagsNamed(s.brandId, [body.name])).length > 0)
      throw conflict(t.tagAlreadyExists, [{ path: 'body.name', message: t.tagAlreadyExists }]);
    await this.uniqueName(t.tagAlreadyExists, 'body.name', () =>
      this.repository.insertTags(s.brandId, category.id, [body.name]),
    );
    const [row] = await this.repository.tagsNamed(s.brandId, [body.name]);
    return presentTag(withoutUsage(row!));
  }

  /** Up to 100 names; a name the brand has (ignoring case) answers the existing tag. */
  async createBulk(
    s: LibraryScope,
    body: { names: string[]; categoryId?: string | undefined },
  ): Promise<Tag[]> {
    await this.access.require(s.actor, 'tag.manage', [s.brandId]);
    const category = await this.categoryFor(s, body.categoryId);
    const names: string[] = [];
    for (const name of body.names)
      if (!names.some((kept) => kept.toLowerCase() === name.toLowerCase())) names.push(name);
    await this.repository.insertTags(s.brandId, category.id, names);
    const rows = new Map(
      (await this.repository.tagsNamed(s.brandId, names)).map((row) => [row.name.toLowerCase(), row]),
    );
    return names.flatMap((name) => {
      const row = rows.get(name.toLowerCase());
      return row ? [presentTag(withoutUsage(row))] : [];
    });
  }

  async update(
    s: LibraryScope,
    id: string,
    body: {
      name?: string | undefined;
      categoryId?: string | undefined;
      autoSearchInFiles?: boolean | undefined;
      description?: string | null | undefined;
    },
  ): Promise<Tag> {
    await this.access.require(s.actor, 'tag.manage', [s.brandId]);
    const tag = await this.repository.tag(s.brandId, id);
    if (!tag) throw notFound(t.unknownTag);
    if (body.categoryId !== undefined) await this.categoryFor(s, body.categoryId);
    if (body.autoSearchInFiles && !tag.autoSearchInFiles) {
      // tag.manage passed, so the actor is a user whose standing in the brand names its account.
      const accountId =
        s.actor.kind === 'user' ? this.access.accountOfBrand(s.actor, s.brandId) : s.accountId;
      if ((await this.repository.autoSearchCount(accountId)) >= TAG_LIMITS.autoSearchPerAccount) {
        const message = interpolate(t.autoSearchLimit, { limit: TAG_LIMITS.autoSearchPerAccount });
        throw validationFailed([{ path: 'body.autoSearchInFiles', message }], message);
      }
    }
    const values = {
      ...(body.name !== undefined ? { name: body.name } : {}),
      ...(body.categoryId !== undefined ? { categoryId: body.categoryId } : {}),
      ...(body.autoSearchInFiles !== undefined ? { autoSearchInFiles: body.autoSearchInFiles } : {}),
      ...(body.description !== undefined ? { description: body.description || null } : {}),
    };
    const searchAgain =
      (body.autoSearchInFiles ?? tag.autoSearchInFiles) &&
      ((body.autoSearchInFiles && !tag.autoSearchInFiles) ||
        (body.name !== undefined && body.name !== tag.name));
    await this.repository.transaction(async () => {
      await this.uniqueName(t.tagAlreadyExists, 'body.name', () => this.repository.updateTag(id, values));
      if (searchAgain) for (const listener of this.autoSearchListeners) await listener(s.brandId, id);
    });
    const [row] = await this.repository.tags(s.brandId, true).then((rows) => rows.filter((r) => r.id === id));
    return presentTag(row!);
  }

  /** Takes the tag off every item (and, with boards, every board). */
  async delete(s: LibraryScope, id: string): Promise<{ ok: true }> {
    await this.access.require(s.actor, 'tag.manage', [s.brandId]);
    if (!(await this.repository.tag(s.brandId, id))) throw notFound(t.unknownTag);
    await this.repository.deleteTag(id);
    return { ok: true };
  }

  /** A write that a unique name refuses answers 409 naming the field. */
  private async uniqueName<T>(message: string, field: string, write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict(message, [{ path: field, message }]);
      throw error;
    }
  }

  // ── tags on items ───────────────────────────────────────────────────────
  /**
   * Bulk tag (000 §7): the picked items or every item of a folder, tags added or removed.
   * Folders are skipped (tags belong to files). Above the async threshold a job does it.
   */
  async bulkTag(
    s: LibraryScope,
    body: Omit<Required<BulkTagBody>, 'parentId'> & { parentId?: string | undefined },
  ): Promise<{ updatedEntities: string[]; count: number; isAsync: boolean }> {
    // A folder's items: the folder decides (an editor of a shared folder tags inside it).
    if (body.shouldApplyAll) {
      if (body.parentId && body.parentId !== ROOT_FOLDER_ID)
        await this.access.require(s.actor, 'folder.read', [body.parentId]);
      else await this.access.require(s.actor, 'library.read', [s.brandId]);
    }
    const ids = body.shouldApplyAll
      ? await this.items.childIds({ ...s, library: body.library as Library }, body.parentId)
      : [...new Set(body.entityIds.map((entity) => entity.id))];
    if (ids.length === 0) return { updatedEntities: [], count: 0, isAsync: false };
    await this.access.require(s.actor, 'asset.update', ids);
    const tagIds = await this.brandTagIds(s, body.tagIds);
    const files = (await this.items.findMany(s, ids))
      .filter((row) => row.type !== 'FOLDER')
      .map((row) => row.id);
    const job: BulkTagJob = {
      brandId: s.brandId,
      userId: actorUserId(s.actor),
      assetIds: files,
      tagIds,
      remove: body.remove,
    };
    if (files.length > ASYNC_LIBRARY_OPERATION_THRESHOLD) {
      await this.queue.send(TAGS_BULK_QUEUE, job);
      return { updatedEntities: [], count: files.length, isAsync: true };
    }
    await this.runBulkTag(job);
    return { updatedEntities: files, count: files.length, isAsync: false };
  }

  private async runBulkTag(job: BulkTagJob): Promise<void> {
    // A tag deleted since the call was made is simply not added.
    const tagIds = (await this.repository.tagsIn(job.brandId, job.tagIds)).map((tag) => tag.id);
    if (job.remove) await this.repository.removeTags(job.assetIds, tagIds);
    else await this.repository.addTags(job.assetIds, tagIds, job.userId);
    this.log.debug({ brandId: job.brandId, items: job.assetIds.length }, 'bulk tag done');
  }

  /** The ids, each a tag of the brand: 400 'Unknown tag' naming the field otherwise. */
  private async brandTagIds(s: LibraryScope, ids: string[]): Promise<string[]> {
    const unique = [...new Set(ids)];
    const found = await this.repository.tagsIn(s.brandId, unique);
    if (found.length !== unique.length) throw unknownTag();
    return unique;
  }

  /**
   * Tags of the brand by id, as answers show them ({id, name}), for other modules' records
   * (boards); ids that are not the brand's tags are left out.
   */
  async refs(brandId: string, ids: string[]): Promise<{ id: string; name: string }[]> {
    const unique = [...new Set(ids)];
    if (unique.length === 0) return [];
    const found = await this.repository.tagsIn(brandId, unique);
    return found.map((tag) => ({ id: tag.id, name: tag.name }));
  }

  /**
   * The AI analysis's tags for an item (issue #15): its AI tags become `names`. For background
   * jobs that hold the asset's row (so they know its brand): no access check is made, there is
   * no actor. Names are trimmed, empty ones and ones over TAG_LIMITS.nameMax dropped, repeats
   * (ignoring case) merged; each reuses the brand's tag of that name in any category, else a
   * tag is made in the brand's SYSTEM category 'AI tags'. Only AI links are replaced (a link a
   * person or auto-search made stays as it is) and tags a person took off the item are not put
   * back. One transaction (joining the caller's, if any). Answers how many AI tags the item
   * has after.
   */
  async applyAiTags(input: {
    brandId: string;
    assetId: string;
    names: readonly string[];
  }): Promise<{ applied: number }> {
    const names: string[] = [];
    for (const raw of input.names) {
      const name = raw.trim();
      if (name.length === 0 || name.length > TAG_LIMITS.nameMax) continue;
      if (!names.some((kept) => kept.toLowerCase() === name.toLowerCase())) names.push(name);
    }
    return this.repository.transaction(async () => {
      let rows = names.length > 0 ? await this.repository.tagsNamed(input.brandId, names) : [];
      const found = new Set(rows.map((row) => row.name.toLowerCase()));
      const missing = names.filter((name) => !found.has(name.toLowerCase()));
      if (missing.length > 0) {
        const category = await this.repository.aiCategory(input.brandId);
        // A name another writer took meanwhile is left as it is and read back below.
        await this.repository.insertTags(input.brandId, category.id, missing);
        rows = await this.repository.tagsNamed(input.brandId, names);
      }
      const applied = await this.repository.replaceAiTags(
        input.assetId,
        rows.map((row) => row.id),
      );
      this.log.debug({ brandId: input.brandId, assetId: input.assetId, applied }, 'AI tags applied');
      return { applied };
    });
  }

  /** What this module adds to library items: their tags on answers, updates and copies. */
  itemExtension(): ItemExtension {
    return {
      fields: {
        select: (assetId) => this.repository.itemTagsColumn(assetId),
        read: (tags) => ({ tags: tags as TagRef[] }),
      },
      update: (s, items, changes, mode) => this.applyItemChanges(s, items, changes, mode),
      copy: (pairs) => this.repository.copyTags(pairs),
    };
  }

  private async applyItemChanges(
    s: LibraryScope,
    items: AssetRow[],
    changes: ItemChanges,
    mode: 'replace' | 'add',
  ): Promise<void> {
    if (changes.tags === undefined) return;
    const tagIds = await this.brandTagIds(s, changes.tags);
    const userId = actorUserId(s.actor);
    if (mode === 'add') {
      const files = items.filter((item) => item.type !== 'FOLDER').map((item) => item.id);
      await this.repository.addTags(files, tagIds, userId);
      return;
    }
    for (const item of items) {
      if (item.type === 'FOLDER' && tagIds.length > 0)
        throw validationFailed(
          [{ path: 'body.tags', message: t.foldersCannotBeTagged }],
          t.foldersCannotBeTagged,
        );
      await this.repository.setItemTags(item.id, tagIds, userId);
    }
  }
}
