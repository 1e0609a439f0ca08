import {
  type Asset,
  type AssetDetail,
  type AssetSortField,
  type CustomFieldValue,
  type FolderTreeNode,
  interpolate,
  type Library,
  type MoveCopyResponse,
  messages,
  ROOT_FOLDER_ID,
  renameKeepingExtension,
} from '@hookline/contract';
import { badRequest, conflict, forbidden, notFound, validationFailed } from '../../platform/http/errors.js';
import { uuidv7 } from '../../platform/ids.js';
import type { AccessService } from '../access/service.js';
import type { FavoritesRepository } from './favorites-repository.js';
import { ITEM_NOT_FOUND, type LibraryItems } from './items-service.js';
import { isInFlight, type LibraryOperations } from './operations-service.js';
import { placeUnder } from './placement.js';
import { presentTreeNode } from './presenter.js';
import type { AssetRow, LibraryRepository, NewAssetRow } from './repository.js';
import { actorUserId, type LibraryScope, viewerId } from './scope.js';
import type { SubtreeRepository } from './subtree-repository.js';

const SYSTEM_ITEM = messages.library.systemItem;
const IN_FLIGHT = 'Files that are uploading or failed to upload cannot be copied';

/**
 * The library's calls as actors make them (000 §4 "Moves and deletes", §6 write access and
 * system items): each starts with access.require, then reads and writes only inside the
 * caller's scope. Other modules use LibraryItems; subtree moves, copies and deletes run in
 * LibraryOperations.
 */
export class LibraryService {
  constructor(
    private readonly repository: LibraryRepository,
    private readonly subtrees: SubtreeRepository,
    private readonly favoriteRepository: FavoritesRepository,
    private readonly items: LibraryItems,
    readonly operations: LibraryOperations,
    private readonly access: AccessService,
  ) {}

  // ── reading ─────────────────────────────────────────────────────────────
  async list(
    s: LibraryScope,
    query: {
      parentId: string;
      library: Library;
      sort: AssetSortField;
      order: 'asc' | 'desc';
      limit: number;
      offset: number;
      includeShared?: boolean;
      boardId?: string | undefined;
    },
  ): Promise<{ items: Asset[]; total: number }> {
    if (query.boardId) return this.listBoard(s, query.boardId, query);
    await this.requireFolder(s, 'folder.read', query.parentId, query.includeShared ?? false);
    const { library, includeShared: _, boardId: _b, ...page } = query;
    const scope = { ...s, library };
    const parentId = query.parentId === ROOT_FOLDER_ID ? null : query.parentId;
    const { rows, total } = await this.repository.list(scope, viewer(s), { ...page, parentId });
    // Children exist only under a folder of the scope, so a page with rows proves its parent;
    // only an empty one asks whether the folder is there (404 otherwise): one round trip saved.
    if (total === 0 && parentId) await this.items.folder(scope, parentId);
    return { items: await this.items.presentRows(rows, s.actor), total };
  }

  /** A board's content: its items of every library in the board's brand (000 §7 GET /assets with boardId). */
  private async listBoard(
    s: LibraryScope,
    boardId: string,
    query: { sort: AssetSortField; order: 'asc' | 'desc'; limit: number; offset: number },
  ): Promise<{ items: Asset[]; total: number }> {
    await this.access.require(s.actor, 'board.read', [boardId]);
    const { rows, total } = await this.repository.list(
      { accountId: s.accountId, brandId: s.brandId },
      viewer(s),
      {
        parentId: null,
        members: await this.items.boardMembers(boardId),
        sort: query.sort,
        order: query.order,
        limit: query.limit,
        offset: query.offset,
      },
    );
    return { items: await this.items.presentRows(rows, s.actor), total };
  }

  async folders(s: LibraryScope, folderId: string): Promise<Asset[]> {
    await this.requireFolder(s, 'folder.read', folderId, true);
    const parent = await this.items.folder(s, folderId);
    return this.items.presentRows(
      await this.repository.listFolders(s, viewer(s), parent?.id ?? null),
      s.actor,
    );
  }

  async tree(s: LibraryScope, folderId: string, includeShared = false): Promise<FolderTreeNode[]> {
    await this.requireFolder(s, 'folder.read', folderId, includeShared);
    const parent = await this.items.folder(s, folderId);
    const level = await this.repository.folderTreeLevel(s, [parent?.id ?? null]);
    // Each node lists its direct subfolders (000 §3): one more query for the whole level.
    const withChildren = level.filter((node) => node.hasSubfolders).map((node) => node.id);
    const children = await this.repository.folderTreeLevel(s, withChildren);
    return level.map((node) =>
      presentTreeNode(
        node,
        children.filter((child) => child.parentId === node.id),
      ),
    );
  }

  /** One item with its breadcrumbs; a path's `{library}` is respected (`library/AD/{id}` never answers a brand asset). */
  async get(s: LibraryScope, id: string): Promise<AssetDetail> {
    await this.access.require(s.actor, 'asset.read', [id]);
    const [row] = await this.repository.findListRows(s, viewer(s), [id]);
    if (!row) throw notFound(ITEM_NOT_FOUND);
    const [item, ancestors] = await Promise.all([
      this.items.presentRows([row], s.actor),
      this.repository.ancestors(s, row.asset),
    ]);
    return { ...item[0]!, ancestors: await this.visibleAncestors(s, ancestors) };
  }

  /** Someone reaching an item through a share sees no folder above the shared one. */
  private async visibleAncestors<A extends { id: string }>(s: LibraryScope, ancestors: A[]): Promise<A[]> {
    if (ancestors.length === 0 || (await this.access.can(s.actor, 'library.read', [s.brandId])))
      return ancestors;
    const seen = await Promise.all(ancestors.map((a) => this.access.can(s.actor, 'asset.read', [a.id])));
    // The path is root first: what follows the first visible folder is inside the share.
    const first = seen.indexOf(true);
    return first === -1 ? [] : ancestors.slice(first);
  }

  // ── folders ─────────────────────────────────────────────────────────────
  /**
   * The folder create payload (000 §3: name, parentId, brandId, type, isBrandKit). brandId and
   * parentId, when sent, must name the path's brand and folder (400 otherwise, never silently
   * ignored). `type` is the library the folder belongs to (BRAND, AD, UGC…; default: its
   * parent's, else BRAND) and must be its parent's. `isBrandKit` asks for a Brand Kit folder,
   * which exist only inside the Brand Kit; every folder made there is one.
   */
  async createFolder(
    s: LibraryScope,
    parentId: string | undefined,
    body: {
      name: string;
      parentId?: string | undefined;
      brandId?: string | undefined;
      type?: Library | undefined;
      isBrandKit?: boolean | undefined;
    },
  ): Promise<Asset> {
    await this.requireFolder(s, 'folder.write', parentId);
    if (body.brandId !== undefined && body.brandId !== s.brandId)
      throw validationFailed([
        { path: 'body.brandId', message: 'brandId does not match the brand in the path' },
      ]);
    if (body.parentId !== undefined && body.parentId !== (parentId ?? ROOT_FOLDER_ID))
      throw validationFailed([
        { path: 'body.parentId', message: 'parentId does not match the folder in the path' },
      ]);
    const parent = await this.items.folder(s, parentId);
    const library = body.type ?? (parent?.library as Library | undefined) ?? 'BRAND';
    if (parent && parent.library !== library)
      throw validationFailed([
        { path: 'body.type', message: 'A folder belongs to the library of its parent' },
      ]);
    const inBrandKit = parent?.isBrandKit ?? false;
    if (body.isBrandKit && !inBrandKit)
      throw validationFailed([
        { path: 'body.isBrandKit', message: 'Brand Kit folders are made inside the Brand Kit' },
      ]);
    const row = this.newFolder(s, parent, body.name.trim(), library);
    await this.repository.insert([row]);
    return (await this.items.present(s, [row.id]))[0]!;
  }

  /** Folder uploads: up to 100 folders in one call, parents before children by the client's keys. */
  async createFolders(
    s: LibraryScope,
    parentId: string,
    folders: { key: string; name: string; parentKey?: string | undefined; parentId?: string | undefined }[],
  ): Promise<{ key: string; id: string }[]> {
    await this.requireFolder(s, 'folder.write', parentId);
    const parent = await this.items.folder(s, parentId);
    const created = new Map<string, NewFolder>();
    const rows: NewFolder[] = [];
    for (const folder of folders) {
      if (created.has(folder.key)) throw badRequest(`Folder key ${folder.key} appears twice`);
      let folderParent: FolderParent | null = parent;
      if (folder.parentId !== undefined) folderParent = await this.items.folder(s, folder.parentId);
      if (folder.parentKey !== undefined) {
        const parentRow = created.get(folder.parentKey);
        if (!parentRow)
          throw badRequest(`Folder ${folder.key} names parent ${folder.parentKey} before it exists`);
        folderParent = parentRow;
      }
      const row = this.newFolder(s, folderParent, folder.name.trim(), folderParent?.library ?? 'BRAND');
      created.set(folder.key, row);
      rows.push(row);
    }
    await this.repository.insert(rows);
    return folders.map((f) => ({ key: f.key, id: created.get(f.key)!.id }));
  }

  /** A new folder of a library: inside the Brand Kit, every folder is a Brand Kit folder. */
  private newFolder(s: LibraryScope, parent: FolderParent | null, name: string, library: Library): NewFolder {
    const id = uuidv7();
    return {
      id,
      accountId: s.accountId,
      brandId: s.brandId,
      library,
      type: 'FOLDER',
      name,
      isBrandKit: parent?.isBrandKit ?? false,
      ...placeUnder(parent, id),
      creatorId: actorUserId(s.actor),
      ownerId: actorUserId(s.actor),
    };
  }

  // ── updates ─────────────────────────────────────────────────────────────
  async update(
    s: LibraryScope,
    id: string,
    body: {
      name?: string | undefined;
      parentId?: string | undefined;
      description?: string | null | undefined;
      tags?: string[] | undefined;
      customFields?: Record<string, CustomFieldValue | null> | undefined;
    },
  ): Promise<Asset> {
    await this.access.requireEvery(
      s.actor,
      body.name !== undefined ? ['asset.update', 'asset.rename'] : ['asset.update'],
      [id],
    );
    const row = await this.repository.find(s, id);
    if (!row) throw notFound(ITEM_NOT_FOUND);
    const write = async () => {
      if (body.name !== undefined || body.description !== undefined) {
        await this.repository.update(s, id, {
          ...(body.name !== undefined
            ? { name: renameKeepingExtension(row.name, body.name, row.type === 'FOLDER') }
            : {}),
          ...(body.description !== undefined ? { description: body.description?.trim() || null } : {}),
        });
      }
      await this.items.applyChanges(
        s,
        [row],
        { tags: body.tags, customFields: body.customFields },
        'replace',
      );
    };
    // The extensions' changes go with the item's in one transaction; a rename or a new
    // description alone is one statement, atomic without one (two round trips fewer).
    const extended = body.tags !== undefined || body.customFields !== undefined;
    await (extended ? this.repository.transaction(write) : write());
    if (body.parentId !== undefined) await this.move(s, [id], body.parentId);
    return (await this.items.present(s, [id]))[0]!;
  }

  /** PUT library/bulk (000 §7): hide or show items, add tags to each, add them to a board; one transaction. */
  async bulkUpdate(
    s: LibraryScope,
    ids: string[],
    changes: {
      isHidden?: boolean | undefined;
      tags?: string[] | undefined;
      customFields?: Record<string, CustomFieldValue | null> | undefined;
      boardId?: string | undefined;
    },
  ): Promise<{ updatedEntities: string[] }> {
    await this.access.require(s.actor, 'asset.update', ids);
    // Adding to a board: the caller must be able to change it (checked before the transaction).
    if (changes.boardId) await this.access.require(s.actor, 'board.update', [changes.boardId]);
    const rows = await this.rowsOrNotFound(s, ids);
    if (changes.isHidden !== undefined && rows.some((r) => r.isSystem)) throw forbidden(SYSTEM_ITEM);
    return this.repository.transaction(async () => {
      const updated = new Set<string>();
      if (changes.isHidden !== undefined)
        for (const id of await this.subtrees.setHidden(s, ids, changes.isHidden)) updated.add(id);
      if (changes.tags !== undefined || changes.customFields !== undefined || changes.boardId !== undefined) {
        await this.items.applyChanges(
          s,
          rows,
          { tags: changes.tags, customFields: changes.customFields, boardId: changes.boardId },
          'add',
        );
        for (const row of rows) if (row.type !== 'FOLDER') updated.add(row.id);
      }
      return { updatedEntities: [...updated] };
    });
  }

  // ── deletes ─────────────────────────────────────────────────────────────
  /** Deletes items with everything inside them; refused as a whole when any item is a system item. */
  async delete(s: LibraryScope, ids: string[]): Promise<{ count: number; deletedEntities: string[] }> {
    await this.access.require(s.actor, 'asset.delete', ids);
    const roots = await this.deletableRoots(s, ids);
    const { count } = await this.operations.delete(s, roots, false);
    return { count, deletedEntities: roots.map((r) => r.id) };
  }

  /**
   * The bulk delete: the picked items, or with shouldApplyAll every child of the folder (so a
   * select-all deletes what the confirmation named, not only the loaded pages). Above the
   * async threshold it finishes in a background job.
   */
  async deleteSelection(
    s: LibraryScope,
    body: {
      entities: { id: string }[];
      shouldApplyAll: boolean;
      parentId?: string | undefined;
      totalCount?: number | undefined;
    },
  ): Promise<{ count: number; deletedEntities: string[]; isAsync?: boolean }> {
    if (!body.shouldApplyAll)
      return this.delete(
        s,
        body.entities.map((e) => e.id),
      );
    await this.access.require(s.actor, 'library.read', [s.brandId]);
    const ids = await this.selection(s, { assetIds: [], parentId: body.parentId, shouldApplyAll: true });
    if (ids.length === 0) return { count: 0, deletedEntities: [] };
    if (body.totalCount !== undefined && ids.length > body.totalCount)
      throw conflict('This folder has changed since you selected its items. Refresh and try again.');
    await this.access.require(s.actor, 'asset.delete', ids);
    const roots = await this.deletableRoots(s, ids);
    const { count, isAsync } = await this.operations.delete(s, roots, true);
    return { count, deletedEntities: roots.map((r) => r.id), isAsync };
  }

  private async deletableRoots(s: LibraryScope, ids: string[]): Promise<AssetRow[]> {
    const roots = await this.roots(s, ids);
    if (await this.subtrees.subtreeHasSystem(s, roots)) throw forbidden(SYSTEM_ITEM);
    // A creative imported from an ad platform stays while its ads do (the Meta integration issue).
    const imported = roots.find((r) => r.library === 'AD_ANALYTICS');
    if (imported)
      throw badRequest(
        interpolate(messages.library.cannotDeleteImported, {
          type: imported.type === 'VIDEO' ? 'videos' : imported.type === 'IMAGE' ? 'images' : 'files',
        }),
      );
    return roots;
  }

  // ── moves and copies ────────────────────────────────────────────────────
  /** The items an operation names: explicit ids, or every child of parentId with shouldApplyAll. */
  async selection(
    s: LibraryScope,
    input: { assetIds: string[]; parentId?: string | undefined; shouldApplyAll: boolean },
  ) {
    if (!input.shouldApplyAll) return input.assetIds;
    await this.access.require(s.actor, 'library.read', [s.brandId]);
    const parent = await this.items.folder(s, input.parentId);
    return this.repository.childIds(s, parent?.id ?? null);
  }

  async move(s: LibraryScope, ids: string[], destinationId: string): Promise<MoveCopyResponse> {
    await this.requireSelection(s, 'asset.move', ids);
    await this.requireFolder(s, 'folder.write', destinationId);
    const { roots, destination } = await this.checkMoveCopy(s, ids, destinationId, 'move');
    const moving = roots.filter((r) => r.parentId !== (destination?.id ?? null));
    const { count, isAsync } = await this.operations.move(s, actorUserId(s.actor), moving, destination);
    if (isAsync) return { assets: [], count, isAsync };
    const assets = await this.items.present(
      s,
      roots.map((r) => r.id),
    );
    return { assets, count, isAsync };
  }

  async copy(s: LibraryScope, ids: string[], destinationId: string): Promise<MoveCopyResponse> {
    await this.requireSelection(s, 'asset.copy', ids);
    await this.requireFolder(s, 'folder.write', destinationId);
    const { roots, destination } = await this.checkMoveCopy(s, ids, destinationId, 'copy');
    const { count, isAsync, copies } = await this.operations.copy(
      s,
      actorUserId(s.actor),
      roots,
      destination,
    );
    return { assets: await this.items.present(s, copies), count, isAsync };
  }

  /** An empty selection is a bad request, not an access question. */
  private async requireSelection(s: LibraryScope, permission: 'asset.move' | 'asset.copy', ids: string[]) {
    if (ids.length === 0) throw badRequest('Select at least one item');
    await this.access.require(s.actor, permission, ids);
  }

  /**
   * Reading or adding to a folder's items: at the top of the library the brand decides;
   * below it the folder itself, which a share may reach (person shares only when the
   * listing asks with includeShared: a brand's listing never mixes in others' items).
   */
  private async requireFolder(
    s: LibraryScope,
    permission: 'folder.read' | 'folder.write',
    folderId: string | undefined,
    includeShared = true,
  ): Promise<void> {
    if (!folderId || folderId === ROOT_FOLDER_ID) {
      await this.access.require(s.actor, permission === 'folder.read' ? 'library.read' : 'folder.create', [
        s.brandId,
      ]);
      return;
    }
    await this.access.require(s.actor, permission, [folderId], { personShares: includeShared });
  }

  /** The selection's top items (an item inside another selected folder goes with it), or 404. */
  private async roots(s: LibraryScope, ids: string[]): Promise<AssetRow[]> {
    const rows = await this.rowsOrNotFound(s, ids);
    return rows.filter(
      (row) => !rows.some((other) => other.id !== row.id && row.path.startsWith(other.path)),
    );
  }

  private async rowsOrNotFound(s: LibraryScope, ids: string[]): Promise<AssetRow[]> {
    const unique = [...new Set(ids)];
    if (unique.length === 0) throw badRequest('Select at least one item');
    const rows = await this.repository.findMany(s, unique);
    if (rows.length !== unique.length) throw notFound(ITEM_NOT_FOUND);
    return rows;
  }

  /**
   * A move or copy stays inside one library: into a folder, only items of its library; to
   * the root, items of one library (the root of each library is its own).
   */
  private async checkMoveCopy(s: LibraryScope, ids: string[], destinationId: string, kind: 'move' | 'copy') {
    const roots = await this.roots(s, ids);
    const destination = await this.items.folder(s, destinationId);
    const verb = kind === 'move' ? 'moved' : 'copied';
    if (destination?.isSystem) throw badRequest(`Items cannot be ${verb} into a system folder`);
    const libraries = new Set([
      ...roots.map((r) => r.library),
      ...(destination ? [destination.library] : []),
    ]);
    if (libraries.size > 1) throw badRequest(`Items cannot be ${verb} into another library`);
    if (kind === 'move' && roots.some((r) => r.isSystem)) throw forbidden(SYSTEM_ITEM);
    if (kind === 'copy' && roots.some(isInFlight)) throw badRequest(IN_FLIGHT);
    if (destination && roots.some((r) => destination.path.startsWith(r.path))) {
      throw badRequest('A folder cannot be moved or copied into itself or one of its subfolders');
    }
    return { roots, destination };
  }

  // ── favorites ───────────────────────────────────────────────────────────
  async setFavorite(s: LibraryScope, id: string, favorite: boolean): Promise<void> {
    await this.access.require(s.actor, 'asset.favorite', [id]);
    const row = await this.repository.find(s, id);
    if (!row) throw notFound(ITEM_NOT_FOUND);
    if (favorite) await this.favoriteRepository.favorite(s, viewer(s), id);
    else await this.favoriteRepository.unfavorite(viewer(s), id);
  }

  async favorites(
    s: LibraryScope,
    query: { sort: 'createdAt' | 'name'; order: 'asc' | 'desc'; limit: number; offset: number },
  ): Promise<{ items: Asset[]; total: number }> {
    await this.access.require(s.actor, 'library.read', [s.brandId]);
    const { rows, total } = await this.favoriteRepository.listFavorites(s, viewer(s), query);
    return { items: await this.items.presentRows(rows, s.actor), total };
  }
}

type FolderParent = Pick<AssetRow, 'id' | 'path' | 'depth' | 'library' | 'isBrandKit'>;
type NewFolder = NewAssetRow & FolderParent;

/** Whose stars a list shows: the signed-in user's ('' for other actors: nobody's). */
const viewer = (s: LibraryScope) => viewerId(s.actor);
