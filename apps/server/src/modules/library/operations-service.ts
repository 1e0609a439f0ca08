import { ASYNC_LIBRARY_OPERATION_THRESHOLD, type Library } from '@hookline/contract';
import type { FastifyBaseLogger } from 'fastify';
import { uuidv7 } from '../../platform/ids.js';
import type { JobQueue } from '../../platform/jobs/queue.js';
import type { LibraryItems } from './items-service.js';
import type { AssetRow, ItemScope, LibraryRepository, NewAssetRow } from './repository.js';
import type { SubtreeRepository } from './subtree-repository.js';

export const LIBRARY_MOVE_QUEUE = 'LIBRARY_MOVE';
export const LIBRARY_COPY_QUEUE = 'LIBRARY_COPY';
export const LIBRARY_DELETE_QUEUE = 'LIBRARY_DELETE';

/** A queued move, copy or delete: the scope it runs in and the selection's top items. */
interface BackgroundOperation {
  brandId: string;
  accountId: string;
  /** Absent in jobs queued before operations carried it: then any library of the brand. */
  library?: Library;
  userId: string;
  ids: string[];
  destinationId: string | null;
}

/** What a move, copy or delete did: how many items, and whether a background job finishes it. */
export interface OperationResult {
  count: number;
  isAsync: boolean;
}

/** An upload that has not (or not yet) become a file: no bytes to copy. */
export const isInFlight = (row: AssetRow) =>
  row.uploadingState === 'UPLOADING' || row.uploadingState === 'FAILED_TO_UPLOAD';

/**
 * Moves, copies and deletes of whole subtrees (000 §4 "Moves and deletes"), run at once or,
 * above the async threshold, in a background job. It takes no actor and decides no access:
 * only LibraryService calls it, after its access.require on the selection and destination;
 * a job re-reads the selection, so a retry finds only what is still there.
 */
export class LibraryOperations {
  constructor(
    private readonly repository: LibraryRepository,
    private readonly subtrees: SubtreeRepository,
    private readonly queue: JobQueue,
    private readonly log: FastifyBaseLogger,
    private readonly items: LibraryItems,
  ) {}

  /** Internal queues: nobody polls them (the client refreshes). */
  registerQueues(): void {
    const options = { retryLimit: 2 };
    this.queue.register<BackgroundOperation>(LIBRARY_MOVE_QUEUE, (op) => this.runMove(op), options);
    this.queue.register<BackgroundOperation>(LIBRARY_COPY_QUEUE, (op) => this.runCopy(op), options);
    this.queue.register<BackgroundOperation>(LIBRARY_DELETE_QUEUE, (op) => this.runDelete(op), options);
  }

  async move(
    scope: ItemScope,
    userId: string | null,
    roots: AssetRow[],
    destination: AssetRow | null,
  ): Promise<OperationResult> {
    const count = await this.subtrees.subtreeSize(scope, roots);
    if (count > ASYNC_LIBRARY_OPERATION_THRESHOLD) {
      await this.queue.send(LIBRARY_MOVE_QUEUE, operation(scope, userId, roots, destination));
      return { count, isAsync: true };
    }
    await this.moveSubtrees(scope, roots, destination);
    return { count, isAsync: false };
  }

  /** Copies whole subtrees; `copies` are the new top items' ids (none when a job does it). */
  async copy(
    scope: ItemScope,
    userId: string | null,
    roots: AssetRow[],
    destination: AssetRow | null,
  ): Promise<OperationResult & { copies: string[] }> {
    const count = await this.subtrees.subtreeSize(scope, roots);
    if (count > ASYNC_LIBRARY_OPERATION_THRESHOLD) {
      await this.queue.send(LIBRARY_COPY_QUEUE, operation(scope, userId, roots, destination));
      return { count, isAsync: true, copies: [] };
    }
    const copies = await this.copySubtrees(scope, userId, roots, destination);
    return { count, isAsync: false, copies };
  }

  /** Deletes whole subtrees; `inBackground` lets a large selection finish in a job. */
  async delete(scope: ItemScope, roots: AssetRow[], inBackground: boolean): Promise<OperationResult> {
    if (inBackground) {
      const count = await this.subtrees.subtreeSize(scope, roots);
      if (count > ASYNC_LIBRARY_OPERATION_THRESHOLD) {
        await this.queue.send(LIBRARY_DELETE_QUEUE, operation(scope, null, roots, null));
        return { count, isAsync: true };
      }
    }
    const deleted = await this.subtrees.deleteSubtrees(scope, roots);
    return { count: deleted.length, isAsync: false };
  }

  /** One statement per subtree: several go in one transaction, one alone needs none. */
  private moveSubtrees(scope: ItemScope, roots: AssetRow[], destination: AssetRow | null): Promise<void> {
    if (roots.length === 1) return this.subtrees.moveSubtree(scope, roots[0]!, destination);
    return this.repository.transaction(async () => {
      for (const root of roots) await this.subtrees.moveSubtree(scope, root, destination);
    });
  }

  /** Copies whole subtrees with new ids, in one transaction; answers the new roots' ids. */
  private copySubtrees(
    scope: ItemScope,
    userId: string | null,
    roots: AssetRow[],
    destination: AssetRow | null,
  ): Promise<string[]> {
    return this.repository.transaction(async () => {
      const copies: string[] = [];
      for (const root of roots) {
        // Files still uploading (or failed) have no bytes to share: copies leave them out.
        const subtree = (await this.subtrees.subtrees(scope, [root])).filter((row) => !isInFlight(row));
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
            accountId: scope.accountId,
            creatorId: userId,
            ownerId: userId,
            createdAt: new Date(),
            updatedAt: new Date(),
          };
        });
        await this.repository.insert(rows);
        // Tags, field values and the like go with the copy.
        await this.items.copyExtensions([...newIds.entries()]);
        copies.push(newIds.get(root.id)!);
      }
      return copies;
    });
  }

  /** The job's selection as it is now, and its destination (undefined: deleted meanwhile). */
  private async reload(op: BackgroundOperation) {
    const scope = scopeOf(op);
    const rows = await this.repository.findMany(scope, op.ids);
    const destination = op.destinationId ? await this.repository.find(scope, op.destinationId) : null;
    return { scope, rows, destination };
  }

  private async runMove(op: BackgroundOperation): Promise<void> {
    const { scope, rows, destination } = await this.reload(op);
    if (destination === undefined) return;
    const movable = rows.filter((row) => !row.isSystem && !destination?.path.startsWith(row.path));
    await this.moveSubtrees(scope, movable, destination);
    this.log.info({ brandId: op.brandId, items: movable.length }, 'background move finished');
  }

  private async runCopy(op: BackgroundOperation): Promise<void> {
    const { scope, rows, destination } = await this.reload(op);
    if (destination === undefined) return;
    await this.copySubtrees(scope, op.userId || null, rows, destination);
    this.log.info({ brandId: op.brandId, items: rows.length }, 'background copy finished');
  }

  private async runDelete(op: BackgroundOperation): Promise<void> {
    // Whatever of the selection still exists (a retry finds less); system items never go.
    const { scope, rows } = await this.reload(op);
    const deleted = await this.subtrees.deleteSubtrees(
      scope,
      rows.filter((row) => !row.isSystem),
    );
    this.log.info({ brandId: op.brandId, items: deleted.length }, 'background delete finished');
  }
}

function operation(
  scope: ItemScope,
  userId: string | null,
  roots: AssetRow[],
  destination: AssetRow | null,
): BackgroundOperation {
  return {
    brandId: scope.brandId,
    accountId: scope.accountId,
    ...(scope.library ? { library: scope.library } : {}),
    userId: userId ?? '',
    ids: roots.map((r) => r.id),
    destinationId: destination?.id ?? null,
  };
}

const scopeOf = (op: BackgroundOperation): ItemScope => ({
  accountId: op.accountId,
  brandId: op.brandId,
  library: op.library,
});
