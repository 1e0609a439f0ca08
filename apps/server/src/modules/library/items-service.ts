import { type Asset, type CustomFieldValue, type Library, ROOT_FOLDER_ID } from '@hookline/contract';
import type { Actor } from '../../platform/http/actor.js';
import { notFound } from '../../platform/http/errors.js';
import { uuidv7 } from '../../platform/ids.js';
import type { AssetMediaUrls, MediaUrls } from './media-urls.js';
import { placeUnder } from './placement.js';
import { presentAsset } from './presenter.js';
import type { LibraryRepositories } from './repositories.js';
import type {
  AssetListRow,
  AssetRow,
  ExtensionColumn,
  ItemScope,
  LibraryRepository,
  NewAssetRow,
} from './repository.js';
import { type LibraryScope, mediaViewer, viewerId } from './scope.js';

/** A file another module adds to the library: everything but where it sits. */
export type NewLibraryFile = Omit<
  NewAssetRow,
  'id' | 'accountId' | 'brandId' | 'library' | 'parentId' | 'path' | 'depth'
> & {
  id?: string;
};

/** An item update's fields that belong to other modules (000 §7 PUT /assets/{id}, library bulk). */
export interface ItemChanges {
  /** Tag ids: the whole set of one item, or tags added to each item of a bulk update. */
  tags?: string[] | undefined;
  /** Custom field values to set on each item (null clears one). */
  customFields?: Record<string, CustomFieldValue | null> | undefined;
  /** A board the items are added to (bulk update). */
  boardId?: string | undefined;
}

/**
 * What a feature module adds to library items (tags, comment counts, custom field values):
 * its fields on item answers, loaded for a page of items in one query; its part of an item
 * update, inside the library's transaction; and its rows carried to copies. The feature's
 * data lives in its own tables keyed by asset id; the library stays the only writer of
 * `assets` and knows no feature's tables (an extension's column is its own SQL).
 */
export interface ItemExtension {
  /**
   * Its fields on item answers, as one column of the library's item query, so a page of items
   * and every extension's fields are one statement: `select` is a scalar subquery over the
   * module's own tables for the item whose id is `assetId`; `read` turns its value into the
   * answer's fields.
   */
  fields?: {
    select: ExtensionColumn;
    read(value: unknown): Partial<Asset>;
  };
  /**
   * Applies its changes to items the caller may update (`replace`: the item's whole set, one
   * item; `add`: added to each item of a bulk update).
   */
  update?(s: LibraryScope, items: AssetRow[], changes: ItemChanges, mode: 'replace' | 'add'): Promise<void>;
  /** Copies its rows from each source item to its copy. */
  copy?(pairs: readonly (readonly [from: string, to: string])[]): Promise<void>;
  /** The ids of a board's items (a board's content is the library's GET /assets with boardId). */
  boardMembers?(boardId: string): Promise<string[]> | undefined;
}

export const FOLDER_NOT_FOUND = 'Folder not found';
export const ITEM_NOT_FOUND = 'Something went wrong or item was deleted';
/** The name of the system folder every brand starts with (000 §3). */
const BRAND_KIT_FOLDER_NAME = 'Brand Kit';

/**
 * The library's item functions: how other modules (uploads, processing, downloads, brands,
 * the demo, later clips, versions and imported ad creative) read and write library items.
 * The library module is the only writer of `assets`; these functions are its door. Callers
 * have checked their actor's access (access.require) before they come here; every read takes
 * the scope it looks in.
 */
export class LibraryItems {
  /** Items one by one or a page at a time. */
  private readonly repository: LibraryRepository;

  constructor(
    /** The library's repositories; the library module shares them (their item rows carry the extensions' columns). */
    readonly repositories: LibraryRepositories,
    readonly media: MediaUrls,
  ) {
    this.repository = repositories.items;
  }

  private readonly extensions: ItemExtension[] = [];
  /** How each extension column of the item rows (`e0`, `e1`…) becomes answer fields. */
  private readonly readers: [column: string, read: (value: unknown) => Partial<Asset>][] = [];

  /** A feature module plugs its fields and updates into library items (at start-up). */
  extend(extension: ItemExtension): void {
    this.extensions.push(extension);
    if (extension.fields) {
      this.readers.push([`e${this.readers.length}`, extension.fields.read]);
      this.repositories.itemRows.addExtensionColumn(extension.fields.select);
    }
  }

  /**
   * How every answer presents asset rows: signed media URLs, and each extension's fields,
   * read from the columns its query added to the rows (no query of its own).
   */
  presentRows(rows: AssetListRow[], actor?: Actor): Promise<Asset[]> {
    const viewer = actor && mediaViewer(actor);
    return Promise.resolve(
      rows.map((row) => {
        const item = presentAsset(row, this.media, viewer);
        for (const [column, read] of this.readers) Object.assign(item, read(row.extensions?.[column]));
        return item;
      }),
    );
  }

  /** Items as answers show them, in the order of `ids`, with the actor's stars. */
  async present(s: LibraryScope, ids: string[]): Promise<Asset[]> {
    const rows = await this.repository.findListRows(s, viewerId(s.actor), ids);
    const order = new Map(ids.map((id, index) => [id, index]));
    return this.presentRows(
      rows.sort((a, b) => (order.get(a.asset.id) ?? 0) - (order.get(b.asset.id) ?? 0)),
      s.actor,
    );
  }

  /** The ids of a board's items (the boards module's extension gives them). */
  boardMembers(boardId: string): Promise<string[]> {
    for (const extension of this.extensions) {
      const members = extension.boardMembers?.(boardId);
      if (members) return members;
    }
    throw new Error('No module lists board items');
  }

  /** The extensions' part of an item update (the caller checked access and holds the transaction). */
  async applyChanges(s: LibraryScope, items: AssetRow[], changes: ItemChanges, mode: 'replace' | 'add') {
    for (const extension of this.extensions) await extension.update?.(s, items, changes, mode);
  }

  /** The extensions' rows carried from copied items to their copies. */
  async copyExtensions(pairs: readonly (readonly [string, string])[]): Promise<void> {
    if (pairs.length === 0) return;
    for (const extension of this.extensions) await extension.copy?.(pairs);
  }

  /** The folder an id names ('root' or nothing = none); 404 when it is not a folder of the scope. */
  async folder(scope: ItemScope, folderId: string | undefined): Promise<AssetRow | null> {
    if (!folderId || folderId === ROOT_FOLDER_ID) return null;
    const folder = await this.repository.find(scope, folderId);
    if (folder?.type !== 'FOLDER') throw notFound(FOLDER_NOT_FOUND);
    return folder;
  }

  find(scope: ItemScope, id: string): Promise<AssetRow | undefined> {
    return this.repository.find(scope, id);
  }

  findMany(scope: ItemScope, ids: string[]): Promise<AssetRow[]> {
    return this.repository.findMany(scope, ids);
  }

  /** The ids of a folder's items ('root' or nothing: the top level of the scope's library). */
  async childIds(scope: ItemScope, folderId: string | undefined): Promise<string[]> {
    const folder = await this.folder(scope, folderId);
    return this.repository.childIds(scope, folder?.id ?? null);
  }

  /** Every item in the subtrees of these roots (roots included), parents first. */
  subtrees(scope: ItemScope, roots: AssetRow[]): Promise<AssetRow[]> {
    return this.repositories.subtrees.subtrees(scope, roots);
  }

  /**
   * The system folder every brand starts with (000 §3 isBrandKit): created by the brands
   * module with each new brand, inside its transaction.
   */
  async createBrandKitFolder(scope: ItemScope, creatorId: string | null): Promise<void> {
    const id = uuidv7();
    await this.repository.insert([
      {
        id,
        accountId: scope.accountId,
        brandId: scope.brandId,
        library: 'BRAND',
        type: 'FOLDER',
        name: BRAND_KIT_FOLDER_NAME,
        ...placeUnder(null, id),
        isSystem: true,
        isBrandKit: true,
        creatorId,
        ownerId: creatorId,
      },
    ]);
  }

  /**
   * A system folder other modules keep (the boards' folders): at the top level, the first
   * one of that name is reused; under a parent, a new one. The caller holds a transaction and
   * a lock that keeps two callers from making the same top-level folder.
   */
  async systemFolder(
    scope: ItemScope & { library: Library },
    parentId: string | null,
    name: string,
    creatorId: string | null,
  ): Promise<AssetRow> {
    if (!parentId) {
      const existing = await this.repository.findSystemFolder(scope, name);
      if (existing) return existing;
    }
    const parent = parentId ? await this.folder(scope, parentId) : null;
    const id = uuidv7();
    await this.repository.insert([
      {
        id,
        accountId: scope.accountId,
        brandId: scope.brandId,
        library: scope.library,
        type: 'FOLDER',
        name,
        ...placeUnder(parent, id),
        isSystem: true,
        creatorId,
        ownerId: creatorId,
      },
    ]);
    return (await this.repository.findById(id))!;
  }

  /** Renames or releases (isSystem false: an ordinary folder again) a system folder another module keeps. */
  async changeSystemFolder(scope: ItemScope, id: string, values: { name?: string; isSystem?: false }) {
    await this.repository.update(scope, id, values);
  }

  /**
   * Files made by other modules (uploads, clips, the demo workspace) in a folder of one
   * library: the library places them (path and depth) and writes them. Answers the new ids
   * in order.
   */
  async createFiles(
    scope: ItemScope & { library: Library },
    parentId: string | null,
    files: NewLibraryFile[],
  ): Promise<string[]> {
    const parent = parentId ? await this.folder(scope, parentId) : null;
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

  /** An item's signed media URLs (null before processing made them), as the actor may see them. */
  mediaUrls(row: AssetRow, actor?: Actor): AssetMediaUrls {
    return this.media.forAsset(row, actor && mediaViewer(actor));
  }

  /** An item's signed thumbnail URL (null before processing made one), as the actor may see it. */
  thumbnailUrl(row: AssetRow, actor?: Actor): string | null {
    return this.mediaUrls(row, actor).previewURL;
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

  /** The AI analysis's description of a file, kept only while nobody has written one. */
  fillDescription(id: string, description: string): Promise<boolean> {
    return this.repository.fillDescription(id, description);
  }

  /** Deletes files (abandoned uploads) and queues their bytes for the sweeper. */
  deleteFiles(ids: string[]): Promise<void> {
    return this.repository.deleteFiles(ids);
  }
}
