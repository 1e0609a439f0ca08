/**
 * Synthetic library for bench/library.ts: one brand's `assets` rows written straight into the
 * database with multi-row INSERTs (one `INSERT … SELECT FROM unnest($arrays)` per chunk: a
 * dozen parameters whatever the chunk size, and the same statement on PGlite and PostgreSQL).
 *
 * Shape (every id a UUID v7-like value, increasing in generation order like the server's):
 *  - a chain of folders at depths 0–9 with one file at depth 10 (breadcrumbs of 10 ancestors);
 *  - "big" folders at the root with 10,000 files each (one page of 40 by name);
 *  - a "tree" folder with 200 subfolders (one folder-tree level), under which the rest of the
 *    rows are spread breadth-first: each folder gets 20–60 files and 2–4 subfolders;
 *  - folders "Move A" and "Move B" with one 1,000-item subtree in A (moved back and forth);
 *  - a "Delete" folder holding one 1,000-item subtree per delete sample.
 * The rows' `path` is '/<ancestor ids>/<own id>/', `depth` the number of ancestors, as the
 * server's LibraryService writes them.
 */
import { randomBytes } from 'node:crypto';

export interface SqlClient {
  query(text: string, params?: unknown[]): Promise<{ rows: unknown[] }>;
}

export interface LibraryOwner {
  accountId: string;
  brandId: string;
  userId: string;
}

export interface LibraryOptions {
  /** Rows wanted; the fixed structures win when this is smaller than they need. */
  total: number;
  /** Files per big folder. */
  bigChildren: number;
  bigFolders: number;
  /** Subfolders of the tree folder (one tree level). */
  treeFanout: number;
  /** 1,000-item subtrees to delete (one per sample). */
  deleteSubtrees: number;
  /** Items per moved/deleted subtree, root included (1 + 9 subfolders + files). */
  subtreeSize: number;
}

export interface LibraryPlan {
  rows: number;
  folders: number;
  files: number;
  maxDepth: number;
  bigFolderIds: string[];
  bigChildren: number;
  /** Ids of the chain root→depth 9, then the depth-10 file. */
  deepChainIds: string[];
  deepItemId: string;
  treeFolderId: string;
  treeFanout: number;
  moveFolderAId: string;
  moveFolderBId: string;
  movingRootId: string;
  /** A file inside the moving subtree (depth 3 while it sits in Move A). */
  movingDeepItemId: string;
  deleteRootIds: string[];
  subtreeSize: number;
}

interface Row {
  id: string;
  type: string;
  name: string;
  parentId: string | null;
  path: string;
  depth: number;
  size: number;
  createdAt: string;
}

interface FolderRef {
  id: string;
  path: string;
  depth: number;
}

/** mulberry32: deterministic, so two runs build the same names and shapes. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** UUID v7 layout with a millisecond counter: unique, increasing, valid RFC 9562 ids. */
function idFactory(startMs: number): () => string {
  let counter = 0;
  let pool = Buffer.alloc(0);
  let offset = 0;
  return () => {
    if (offset + 10 > pool.length) {
      pool = randomBytes(10 * 65_536);
      offset = 0;
    }
    const now = startMs + counter++;
    const bytes = Buffer.alloc(16);
    bytes.writeUIntBE(now, 0, 6);
    pool.copy(bytes, 6, offset, offset + 10);
    offset += 10;
    bytes[6] = (bytes[6]! & 0x0f) | 0x70;
    bytes[8] = (bytes[8]! & 0x3f) | 0x80;
    const hex = bytes.toString('hex');
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  };
}

const WORDS = [
  'summer',
  'hero',
  'launch',
  'promo',
  'teaser',
  'unboxing',
  'review',
  'lifestyle',
  'studio',
  'product',
  'banner',
  'story',
  'reel',
  'testimonial',
  'holiday',
  'spring',
  'flash',
  'sale',
  'brand',
  'campaign',
  'cutdown',
  'hook',
  'intro',
  'outro',
  'logo',
  'packshot',
  'demo',
  'creator',
  'ugc',
  'final',
];
const EXTENSIONS: [string, string][] = [
  ['mp4', 'VIDEO'],
  ['mov', 'VIDEO'],
  ['jpg', 'IMAGE'],
  ['png', 'IMAGE'],
  ['mp3', 'AUDIO'],
  ['pdf', 'DOCUMENT'],
  ['gif', 'ANIMATION'],
  ['zip', 'OTHER'],
];
const YEAR_MS = 365 * 24 * 3600 * 1000;

const INSERT_SQL = `insert into assets
  (id, account_id, brand_id, library, type, name, parent_id, path, depth, size, creator_id, owner_id, created_at, updated_at)
  select t.id, $1::uuid, $2::uuid, 'BRAND', t.type, t.name, t.parent_id, t.path, t.depth, t.size, $3::uuid, $3::uuid,
         t.created_at, t.created_at
  from unnest($4::uuid[], $5::text[], $6::text[], $7::uuid[], $8::text[], $9::int[], $10::bigint[], $11::timestamptz[])
    as t(id, type, name, parent_id, path, depth, size, created_at)`;

/** Plans the library, writing rows through `client` in chunks as it goes. */
export async function generateLibrary(
  client: SqlClient,
  owner: LibraryOwner,
  options: LibraryOptions,
  progress: (message: string) => void,
  chunkSize = 5_000,
): Promise<LibraryPlan> {
  const random = prng(20_240_601);
  const nextId = idFactory(Date.now() - 2 * YEAR_MS);
  const nowMs = Date.now();
  let buffer: Row[] = [];
  let written = 0;
  let folders = 0;
  let maxDepth = 0;
  let lastReport = 0;

  const flush = async () => {
    if (buffer.length === 0) return;
    const rows = buffer;
    buffer = [];
    await client.query(INSERT_SQL, [
      owner.accountId,
      owner.brandId,
      owner.userId,
      rows.map((r) => r.id),
      rows.map((r) => r.type),
      rows.map((r) => r.name),
      rows.map((r) => r.parentId),
      rows.map((r) => r.path),
      rows.map((r) => r.depth),
      rows.map((r) => r.size),
      rows.map((r) => r.createdAt),
    ]);
    written += rows.length;
    if (written - lastReport >= 100_000) {
      lastReport = written;
      progress(`library: ${written.toLocaleString('en-US')} rows written`);
    }
  };
  const push = async (row: Row) => {
    buffer.push(row);
    maxDepth = Math.max(maxDepth, row.depth);
    if (buffer.length >= chunkSize) await flush();
  };
  const createdAt = () => new Date(nowMs - Math.floor(random() * YEAR_MS)).toISOString();
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;

  const folder = async (parent: FolderRef | null, name: string): Promise<FolderRef> => {
    const id = nextId();
    const ref = { id, path: `${parent?.path ?? '/'}${id}/`, depth: parent ? parent.depth + 1 : 0 };
    folders++;
    await push({
      ...ref,
      type: 'FOLDER',
      name,
      parentId: parent?.id ?? null,
      size: 0,
      createdAt: createdAt(),
    });
    return ref;
  };
  const file = async (parent: FolderRef): Promise<string> => {
    const id = nextId();
    const [extension, type] = pick(EXTENSIONS);
    const name = `${pick(WORDS)} ${pick(WORDS)} ${Math.floor(random() * 100_000)}.${extension}`;
    await push({
      id,
      type,
      name,
      parentId: parent.id,
      path: `${parent.path}${id}/`,
      depth: parent.depth + 1,
      size: 10_000 + Math.floor(random() * 200_000_000),
      createdAt: createdAt(),
    });
    return id;
  };
  /** 1 root + 9 subfolders + files: exactly `size` items; answers the root and a file inside. */
  const subtree = async (parent: FolderRef, name: string, size: number) => {
    const root = await folder(parent, name);
    const subfolders = Math.min(9, Math.max(0, size - 1));
    const files = size - 1 - subfolders;
    let deepFile = root.id;
    for (let s = 0; s < subfolders; s++) {
      const sub = await folder(root, `${name} part ${s + 1}`);
      const share = Math.floor(files / subfolders) + (s < files % subfolders ? 1 : 0);
      for (let f = 0; f < share; f++) deepFile = await file(sub);
    }
    return { rootId: root.id, deepFileId: deepFile };
  };

  // Depth chain: folders at depths 0..9, one file at depth 10.
  const deepChainIds: string[] = [];
  let chainParent: FolderRef | null = null;
  for (let depth = 0; depth < 10; depth++) {
    chainParent = await folder(chainParent, `Deep ${depth}`);
    deepChainIds.push(chainParent.id);
  }
  const deepItemId = await file(chainParent!);
  deepChainIds.push(deepItemId);

  const bigFolderIds: string[] = [];
  for (let b = 0; b < options.bigFolders; b++) {
    const big = await folder(null, `Big folder ${b + 1}`);
    bigFolderIds.push(big.id);
    for (let f = 0; f < options.bigChildren; f++) await file(big);
  }

  const moveA = await folder(null, 'Move A');
  const moveB = await folder(null, 'Move B');
  const moving = await subtree(moveA, 'Moving subtree', options.subtreeSize);

  const deleteContainer = await folder(null, 'Delete');
  const deleteRootIds: string[] = [];
  for (let d = 0; d < options.deleteSubtrees; d++) {
    deleteRootIds.push((await subtree(deleteContainer, `Doomed ${d + 1}`, options.subtreeSize)).rootId);
  }

  const tree = await folder(null, 'Tree');
  const queue: FolderRef[] = [];
  for (let t = 0; t < options.treeFanout; t++) queue.push(await folder(tree, `Area ${t + 1}`));

  // The rest, breadth-first under the tree's subfolders.
  const fixed = written + buffer.length;
  let budget = options.total - fixed;
  for (let head = 0; budget > 0 && head < queue.length; head++) {
    const parent = queue[head]!;
    const files = Math.min(budget, 20 + Math.floor(random() * 41));
    for (let f = 0; f < files; f++) await file(parent);
    budget -= files;
    const subfolders = parent.depth < 8 ? Math.min(budget, 2 + Math.floor(random() * 3)) : 0;
    for (let s = 0; s < subfolders; s++) queue.push(await folder(parent, `${pick(WORDS)} ${s + 1}`));
    budget -= subfolders;
  }
  await flush();

  return {
    rows: written,
    folders,
    files: written - folders,
    maxDepth,
    bigFolderIds,
    bigChildren: options.bigChildren,
    deepChainIds,
    deepItemId,
    treeFolderId: tree.id,
    treeFanout: options.treeFanout,
    moveFolderAId: moveA.id,
    moveFolderBId: moveB.id,
    movingRootId: moving.rootId,
    movingDeepItemId: moving.deepFileId,
    deleteRootIds,
    subtreeSize: options.subtreeSize,
  };
}
