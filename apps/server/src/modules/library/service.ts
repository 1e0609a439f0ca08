import {
  ASYNC_LIBRARY_OPERATION_THRESHOLD,
  type Asset,
  type AssetDetail,
  type AssetSortField,
  type FolderTreeNode,
  type Library,
  type MoveCopyResponse,
  messages,
  ROOT_FOLDER_ID,
  renameKeepingExtension,
} from '@hookline/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Actor } from '../../platform/http/actor.js';
import { badRequest, conflict, forbidden, notFound, validationFailed } from '../../platform/http/errors.js';
import { uuidv7 } from '../../platform/ids.js';
import type { JobQueue } from '../../platform/jobs/queue.js';
import type { AccessService } from '../access/service.js';
import type { MediaUrls } from './media-urls.js';
import { placeUnder } from './placement.js';
import { presentAsset, presentAssetDetail, presentTreeNode } from './presenter.js';
import type { AssetListRow, AssetRow, LibraryRepository, NewAssetRow, Scope } from './repository.js';

/** Who acts in which brand (and library, where the path names one): every library call is brand-scoped. */
export interface LibraryScope {
  actor: Actor;
  accountId: string;
  brandId: string;
  library?: Library;
}

/** The signed-in user behind an actor (favorites and authorship are theirs); null for others. */
export const actorUserId = (actor: Actor): string | null => (actor.kind === 'user' ? actor.userId : null);

/** A file another module adds to the library: everything but where it sits. */
export type NewLibraryFile = Omit<
  NewAssetRow,
  'id' | 'accountId' | 'brandId' | 'library' | 'parentId' | 'path' | 'depth'
> & {
  id?: string;
};

export const LIBRARY_MOVE_QUEUE = 'LIBRARY_MOVE';
export const LIBRARY_COPY_QUEUE = 'LIBRARY_COPY';
export const LIBRARY_DELETE_QUEUE = 'LIBRARY_DELETE';

interface BackgroundOperation {
  brandId: string;
  accountId: string;
  userId: string;
  ids: string[];
  destinationId: string | null;
}

const FOLDER_NOT_FOUND = 'Folder not found';
const ITEM_NOT_FOUND = 'Something went wrong or item was deleted';
const SYSTEM_ITEM = messages.library.systemItem;
/** The name of the system folder every brand starts with (000 §3). */
const BRAND_KIT_FOLDER_NAME = 'Brand Kit';
const IN_FLIGHT = 'Files that are uploading or failed to upload cannot be copied';

/** A path's `{library}` is respected: `library/AD/{id}` never answers a brand asset. */
const inLibrary = (s: LibraryScope, row: { library: string }) => !s.library || row.library === s.library;

/** An upload that has not (or not yet) become a file: no bytes to copy. */
const isInFlight = (row: AssetRow) =>
  row.uploadingState === 'UPLOADING' || row.uploadingState === 'FAILED_TO_UPLOAD';

/**
 * Folders and assets (000 §4 "Moves and deletes", §6 write access and system items). Every
 * method acts inside one brand the brand-scope guard already let the caller use.
 */
export class LibraryService {
  constructor(
    private readonly repository: LibraryRepository,
    private readonly access: AccessService,
    private readonly queue: JobQueue,
    private readonly log: FastifyBaseLogger,
    readonly media: MediaUrls,
  ) {}

  /** How every answer presents an asset row (with its signed media URLs). */
  presentRow = (row: AssetListRow): Asset => presentAsset(row, this.media);

  /**
   * The system folder every brand starts with (000 §3 isBrandKit): created by the brands
   * module with each new brand, inside its transaction.
   */
  async createBrandKitFolder(input: { accountId: string; brandId: string; creatorId: string | null }) {
    const id = uuidv7();
    await this.repository.insert([
      {
        id,
        accountId: input.accountId,
        brandId: input.brandId,
        library: 'BRAND',
        type: 'FOLDER',
        name: BRAND_KIT_FOLDER_NAME,
        ...placeUnder(null, id),
        isSystem: true,
        isBrandKit: true,
        creatorId: input.creatorId,
        ownerId: input.creatorId,
      },
    ]);
  }

  /**
   * Files made by other modules (uploads, clips, the demo workspace) in a folder of one
   * library: the caller has checked its actor's access; the library places them (path and
   * depth) and writes them. Answers the new ids in order.
   */
  async createFiles(
    scope: { accountId: string; brandId: string; library: Library },
    parentId: string | null,
    files: NewLibraryFile[],
  ): Promise<string[]> {
    const parent = parentId ? await this.folder(scope.brandId, parentId) : null;
    if (parent && parent.library !== scope.library) throw notFound(ITEM_NOT_FOUND);
    const rows = files.map((file) => {
      const id = file.id ?? uuidv7();
      return {
        ...file,
        id,
        accountId: scope.accountId,
        brandId: scope.brandId,
        library: scope.library,
        ...placeUnder(parent, id),
      };
    });
    await this.repository.insert(rows);
    return rows.map((row) => row.id);
  }

  /** A file by id alone, for background work (the job names it; no caller to check). */
  fileById(id: string): Promise<AssetRow | undefined> {
    return this.repository.findById(id);
  }

  /** Moves a file's upload state on, only from the given states (uploads, processing). */
  transitionFile(
    id: string,
    from: NonNullable<AssetRow['uploadingState']>[],
    values: Partial<NewAssetRow>,
  ): Promise<AssetRow | undefined> {
    return this.repository.transition(id, from, values);
  }

  /** Changes what uploads and processing own on a file row: its bytes, state and previews. */
  updateFile(id: string, values: Partial<NewAssetRow>): Promise<void> {
    return this.repository.updateById(id, values);
  }

  /** Deletes files (abandoned uploads) and queues their bytes for the sweeper. */
  deleteFiles(ids: string[]): Promise<void> {
    return this.repository.deleteFiles(ids);
  }

  /** Background moves and copies: internal queues, nobody polls them (the client refreshes). */
  registerQueues(): void {
    this.queue.register<BackgroundOperation>(LIBRARY_MOVE_QUEUE, (op) => this.runMove(op), { retryLimit: 2 });
    this.queue.register<BackgroundOperation>(LIBRARY_COPY_QUEUE, (op) => this.runCopy(op), { retryLimit: 2 });
    this.queue.register<BackgroundOperation>(LIBRARY_DELETE_QUEUE, (op) => this.runDelete(op), {
      retryLimit: 2,
    });
  }

  private scope(s: LibraryScope): Scope {
    return { brandId: s.brandId, userId: actorUserId(s.actor) ?? '' };
  }

  /** The folder an id names ('root' = none); 404 when it is not a folder of this brand. */
  async folder(brandId: string, folderId: string | undefined): Promise<AssetRow | null> {
    if (!folderId || folderId === ROOT_FOLDER_ID) return null;
    const folder = await this.repository.find(brandId, folderId);
    if (folder?.type !== 'FOLDER') throw notFound(FOLDER_NOT_FOUND);
    return folder;
  }

  // ── reading ─────────────────────────────────────────────────────────────
  async list(
    s: LibraryScope,
    query: {
      parentId: string;
      library: string;
      sort: AssetSortField;
      order: 'asc' | 'desc';
      limit: number;
      offset: number;
    },
  ): Promise<{ items: Asset[]; total: number }> {
    await this.access.require(s.actor, 'library.read', [s.brandId]);
    const parent = await this.folder(s.brandId, query.parentId);
    const { rows, total } = await this.repository.list(this.scope(s), {
      ...query,
      parentId: parent?.id ?? null,
    });
    return { items: rows.map(this.presentRow), total };
  }

  async folders(s: LibraryScope, folderId: string): Promise<Asset[]> {
    await this.access.require(s.actor, 'library.read', [s.brandId]);
    const parent = await this.folder(s.brandId, folderId);
    return (await this.repository.listFolders(this.scope(s), parent?.id ?? null)).map(this.presentRow);
  }

  async tree(s: LibraryScope, folderId: string): Promise<FolderTreeNode[]> {
    await this.access.require(s.actor, 'library.read', [s.brandId]);
    const parent = await this.folder(s.brandId, folderId);
    const level = await this.repository.folderTreeLevel(s.brandId, [parent?.id ?? null]);
    // Each node lists its direct subfolders (000 §3): one more query for the whole level.
    const withChildren = level.filter((node) => node.hasSubfolders).map((node) => node.id);
    const children = await this.repository.folderTreeLevel(s.brandId, withChildren);
    return level.map((node) =>
      presentTreeNode(
        node,
        children.filter((child) => child.parentId === node.id),
      ),
    );
  }

  // ── rows for other modules (uploads, downloads read assets through here) ──
  findRow(brandId: string, id: string): Promise<AssetRow | undefined> {
    return this.repository.find(brandId, id);
  }

  findRows(brandId: string, ids: string[]): Promise<AssetRow[]> {
    return this.repository.findMany(brandId, ids);
  }

  subtreeRows(brandId: string, roots: AssetRow[]): Promise<AssetRow[]> {
    return this.repository.subtrees(brandId, roots);
  }

  async get(s: LibraryScope, id: string): Promise<AssetDetail> {
    await this.access.require(s.actor, 'asset.read', [id]);
    const row = await this.repository.findListRow(this.scope(s), id);
    if (!row || !inLibrary(s, row.asset)) throw notFound(ITEM_NOT_FOUND);
    return presentAssetDetail(row, await this.repository.ancestors(s.brandId, row.asset), this.media);
  }

  async present(s: LibraryScope, ids: string[]): Promise<Asset[]> {
    const rows = await this.repository.findListRows(this.scope(s), ids);
    const order = new Map(ids.map((id, index) => [id, index]));
    return rows
      .sort((a, b) => (order.get(a.asset.id) ?? 0) - (order.get(b.asset.id) ?? 0))
      .map(this.presentRow);
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
    await this.access.require(s.actor, 'folder.create', [s.brandId]);
    if (body.brandId !== undefined && body.brandId !== s.brandId)
      throw validationFailed([
        { path: 'body.brandId', message: 'brandId does not match the brand in the path' },
      ]);
    if (body.parentId !== undefined && body.parentId !== (parentId ?? ROOT_FOLDER_ID))
      throw validationFailed([
        { path: 'body.parentId', message: 'parentId does not match the folder in the path' },
      ]);
    const parent = await this.folder(s.brandId, parentId);
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
    const row = { ...this.newFolder(s, parent, body.name.trim()), library, isBrandKit: inBrandKit };
    await this.repository.insert([row]);
    return (await this.present(s, [row.id]))[0]!;
  }

  /** Folder uploads: up to 100 folders in one call, parents before children by the client's keys. */
  async createFolders(
    s: LibraryScope,
    parentId: string,
    folders: { key: string; name: string; parentKey?: string | undefined; parentId?: string | undefined }[],
  ): Promise<{ key: string; id: string }[]> {
    await this.access.require(s.actor, 'folder.create', [s.brandId]);
    const parent = await this.folder(s.brandId, parentId);
    const created = new Map<string, NewAssetRow>();
    const rows: NewAssetRow[] = [];
    for (const folder of folders) {
      if (created.has(folder.key)) throw badRequest(`Folder key ${folder.key} appears twice`);
      let folderParent: { id: string; path: string; depth: number } | null = parent;
      if (folder.parentId !== undefined) folderParent = await this.folder(s.brandId, folder.parentId);
      if (folder.parentKey !== undefined) {
        const parentRow = created.get(folder.parentKey);
        if (!parentRow)
          throw badRequest(`Folder ${folder.key} names parent ${folder.parentKey} before it exists`);
        folderParent = { id: parentRow.id!, path: parentRow.path, depth: parentRow.depth! };
      }
      const row = this.newFolder(s, folderParent, folder.name.trim());
      created.set(folder.key, row);
      rows.push(row);
    }
    await this.repository.insert(rows);
    return folders.map((f) => ({ key: f.key, id: created.get(f.key)!.id! }));
  }

  private newFolder(
    s: LibraryScope,
    parent: { id: string; path: string; depth: number } | null,
    name: string,
  ): NewAssetRow & { id: string; path: string; depth: number } {
    const id = uuidv7();
    return {
      id,
      accountId: s.accountId,
      brandId: s.brandId,
      library: 'BRAND',
      type: 'FOLDER',
      name,
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
    },
  ): Promise<Asset> {
    await this.access.require(s.actor, 'asset.update', [id]);
    if (body.name !== undefined) await this.access.require(s.actor, 'asset.rename', [id]);
    const row = await this.repository.find(s.brandId, id);
    if (!row) throw notFound(ITEM_NOT_FOUND);
    if (body.name !== undefined || body.description !== undefined) {
      await this.repository.update(s.brandId, id, {
        ...(body.name !== undefined
          ? { name: renameKeepingExtension(row.name, body.name, row.type === 'FOLDER') }
          : {}),
        ...(body.description !== undefined ? { description: body.description?.trim() || null } : {}),
      });
    }
    if (body.parentId !== undefined) await this.move(s, [id], body.parentId);
    return (await this.present(s, [id]))[0]!;
  }

  // ── deletes ─────────────────────────────────────────────────────────────
  /** Deletes items with everything inside them; refused as a whole when any item is a system item. */
  async delete(s: LibraryScope, ids: string[]): Promise<{ count: number; deletedEntities: string[] }> {
    await this.access.require(s.actor, 'asset.delete', ids);
    const roots = await this.roots(s.brandId, ids);
    if (await this.repository.subtreeHasSystem(s.brandId, roots)) throw forbidden(SYSTEM_ITEM);
    const deleted = await this.repository.deleteSubtrees(s.brandId, roots);
    return { count: deleted.length, deletedEntities: roots.map((r) => r.id) };
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
    const roots = await this.roots(s.brandId, ids);
    if (await this.repository.subtreeHasSystem(s.brandId, roots)) throw forbidden(SYSTEM_ITEM);
    const count = await this.repository.subtreeSize(s.brandId, roots);
    if (count > ASYNC_LIBRARY_OPERATION_THRESHOLD) {
      await this.queue.send(LIBRARY_DELETE_QUEUE, this.operation(s, roots, null));
      return { count, deletedEntities: roots.map((r) => r.id), isAsync: true };
    }
    const deleted = await this.repository.deleteSubtrees(s.brandId, roots);
    return { count: deleted.length, deletedEntities: roots.map((r) => r.id), isAsync: false };
  }

  async setHidden(s: LibraryScope, ids: string[], isHidden: boolean): Promise<{ updatedEntities: string[] }> {
    await this.access.require(s.actor, 'asset.update', ids);
    const rows = await this.rowsOrNotFound(s.brandId, ids);
    if (rows.some((r) => r.isSystem)) throw forbidden(SYSTEM_ITEM);
    return { updatedEntities: await this.repository.setHidden(s.brandId, ids, isHidden) };
  }

  // ── moves and copies ────────────────────────────────────────────────────
  /** The items an operation names: explicit ids, or every child of parentId with shouldApplyAll. */
  async selection(
    s: LibraryScope,
    input: { assetIds: string[]; parentId?: string | undefined; shouldApplyAll: boolean },
  ) {
    if (!input.shouldApplyAll) return input.assetIds;
    const parent = await this.folder(s.brandId, input.parentId);
    return this.repository.childIds(s.brandId, parent?.id ?? null);
  }

  async move(s: LibraryScope, ids: string[], destinationId: string): Promise<MoveCopyResponse> {
    await this.requireSelection(s, 'asset.move', ids);
    const { roots, destination } = await this.checkMoveCopy(s, ids, destinationId, 'move');
    const moving = roots.filter((r) => r.parentId !== (destination?.id ?? null));
    const count = await this.repository.subtreeSize(s.brandId, moving);
    if (count > ASYNC_LIBRARY_OPERATION_THRESHOLD) {
      await this.queue.send(LIBRARY_MOVE_QUEUE, this.operation(s, moving, destination));
      return { assets: [], count, isAsync: true };
    }
    await this.repository.transaction(async (repository) => {
      for (const root of moving) await repository.moveSubtree(s.brandId, root, destination);
    });
    return {
      assets: await this.present(
        s,
        roots.map((r) => r.id),
      ),
      count,
      isAsync: false,
    };
  }

  async copy(s: LibraryScope, ids: string[], destinationId: string): Promise<MoveCopyResponse> {
    await this.requireSelection(s, 'asset.copy', ids);
    const { roots, destination } = await this.checkMoveCopy(s, ids, destinationId, 'copy');
    const count = await this.repository.subtreeSize(s.brandId, roots);
    if (count > ASYNC_LIBRARY_OPERATION_THRESHOLD) {
      await this.queue.send(LIBRARY_COPY_QUEUE, this.operation(s, roots, destination));
      return { assets: [], count, isAsync: true };
    }
    const copies = await this.repository.transaction((repository) =>
      this.copySubtrees(repository, s.brandId, s.accountId, actorUserId(s.actor), roots, destination),
    );
    return { assets: await this.present(s, copies), count, isAsync: false };
  }

  /** An empty selection is a bad request, not an access question. */
  private async requireSelection(s: LibraryScope, permission: 'asset.move' | 'asset.copy', ids: string[]) {
    if (ids.length === 0) throw badRequest('Select at least one item');
    await this.access.require(s.actor, permission, ids);
    await this.access.require(s.actor, 'folder.create', [s.brandId]);
  }

  private operation(s: LibraryScope, roots: AssetRow[], destination: AssetRow | null): BackgroundOperation {
    return {
      brandId: s.brandId,
      accountId: s.accountId,
      userId: actorUserId(s.actor) ?? '',
      ids: roots.map((r) => r.id),
      destinationId: destination?.id ?? null,
    };
  }

  /** The selection's top items (an item inside another selected folder goes with it), or 404. */
  private async roots(brandId: string, ids: string[]): Promise<AssetRow[]> {
    const rows = await this.rowsOrNotFound(brandId, ids);
    return rows.filter(
      (row) => !rows.some((other) => other.id !== row.id && row.path.startsWith(other.path)),
    );
  }

  private async rowsOrNotFound(brandId: string, ids: string[]): Promise<AssetRow[]> {
    const unique = [...new Set(ids)];
    if (unique.length === 0) throw badRequest('Select at least one item');
    const rows = await this.repository.findMany(brandId, unique);
    if (rows.length !== unique.length) throw notFound(ITEM_NOT_FOUND);
    return rows;
  }

  private async checkMoveCopy(s: LibraryScope, ids: string[], destinationId: string, kind: 'move' | 'copy') {
    const roots = await this.roots(s.brandId, ids);
    const destination = await this.folder(s.brandId, destinationId);
    if (destination?.isSystem)
      throw badRequest(`Items cannot be ${kind === 'move' ? 'moved' : 'copied'} into a system folder`);
    if (kind === 'move' && roots.some((r) => r.isSystem)) throw forbidden(SYSTEM_ITEM);
    if (kind === 'copy' && roots.some(isInFlight)) throw badRequest(IN_FLIGHT);
    if (destination && roots.some((r) => destination.path.startsWith(r.path))) {
      throw badRequest('A folder cannot be moved or copied into itself or one of its subfolders');
    }
    return { roots, destination };
  }

  /** Copies whole subtrees with new ids; answers the new roots' ids. */
  private async copySubtrees(
    repository: LibraryRepository,
    brandId: string,
    accountId: string,
    userId: string | null,
    roots: AssetRow[],
    destination: AssetRow | null,
  ): Promise<string[]> {
    const copies: string[] = [];
    for (const root of roots) {
      // Files still uploading (or failed) have no bytes to share: copies leave them out.
      const subtree = (await repository.subtree(brandId, root)).filter((row) => !isInFlight(row));
      const newIds = new Map(subtree.map((row) => [row.id, uuidv7()]));
      const basePath = destination?.path ?? '/';
      const baseDepth = destination ? destination.depth + 1 : 0;
      const rows: NewAssetRow[] = subtree.map((row) => {
        // The part of the path from the root down, with every id replaced by its copy's.
        const relative = row.path
          .slice(root.path.length - root.id.length - 1)
          .split('/')
          .filter(Boolean);
        return {
          ...row,
          id: newIds.get(row.id)!,
          parentId: row.id === root.id ? (destination?.id ?? null) : newIds.get(row.parentId!)!,
          path: `${basePath}${relative.map((id) => newIds.get(id)!).join('/')}/`,
          depth: baseDepth + (row.depth - root.depth),
          isSystem: false,
          isBrandKit: false,
          accountId,
          creatorId: userId,
          ownerId: userId,
          createdAt: new Date(),
          updatedAt: new Date(),
        };
      });
      await repository.insert(rows);
      copies.push(newIds.get(root.id)!);
    }
    return copies;
  }

  private async runMove(op: BackgroundOperation): Promise<void> {
    const rows = await this.repository.findMany(op.brandId, op.ids);
    const destination = op.destinationId
      ? ((await this.repository.find(op.brandId, op.destinationId)) ?? null)
      : null;
    if (op.destinationId && !destination) return; // the destination was deleted meanwhile
    await this.repository.transaction(async (repository) => {
      for (const row of rows) {
        if (row.isSystem || destination?.path.startsWith(row.path)) continue;
        await repository.moveSubtree(op.brandId, row, destination);
      }
    });
    this.log.info({ brandId: op.brandId, items: rows.length }, 'background move finished');
  }

  private async runDelete(op: BackgroundOperation): Promise<void> {
    // Whatever of the selection still exists (a retry finds less); system items never go.
    const rows = (await this.repository.findMany(op.brandId, op.ids)).filter((row) => !row.isSystem);
    const deleted = await this.repository.deleteSubtrees(op.brandId, rows);
    this.log.info({ brandId: op.brandId, items: deleted.length }, 'background delete finished');
  }

  private async runCopy(op: BackgroundOperation): Promise<void> {
    const rows = await this.repository.findMany(op.brandId, op.ids);
    const destination = op.destinationId
      ? ((await this.repository.find(op.brandId, op.destinationId)) ?? null)
      : null;
    if (op.destinationId && !destination) return;
    await this.repository.transaction((repository) =>
      this.copySubtrees(repository, op.brandId, op.accountId, op.userId, rows, destination),
    );
    this.log.info({ brandId: op.brandId, items: rows.length }, 'background copy finished');
  }

  // ── favorites ───────────────────────────────────────────────────────────
  async setFavorite(s: LibraryScope, id: string, favorite: boolean): Promise<void> {
    await this.access.require(s.actor, 'asset.favorite', [id]);
    const row = await this.repository.find(s.brandId, id);
    if (!row || !inLibrary(s, row)) throw notFound(ITEM_NOT_FOUND);
    if (favorite) await this.repository.favorite(this.scope(s), id);
    else await this.repository.unfavorite(this.scope(s), id);
  }

  async favorites(
    s: LibraryScope,
    query: { sort: 'createdAt' | 'name'; order: 'asc' | 'desc'; limit: number; offset: number },
  ): Promise<{ items: Asset[]; total: number }> {
    await this.access.require(s.actor, 'library.read', [s.brandId]);
    const { rows, total } = await this.repository.listFavorites(this.scope(s), query);
    return { items: rows.map(this.presentRow), total };
  }
}
