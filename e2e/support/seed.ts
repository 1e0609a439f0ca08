import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { vector } from '@electric-sql/pglite-pgvector';
import { createUserCommand } from './app.js';

/**
 * The embedded database of a DATA_DIR the server is not running on (startApp's `prepare`),
 * with the extensions the server loads.
 */
export function openEmbeddedDatabase(dataDir: string): Promise<PGlite> {
  return PGlite.create({ dataDir: path.join(dataDir, 'db'), extensions: { pg_trgm, vector } });
}

export interface SeededLibrary {
  email: string;
  password: string;
  accountId: string;
  brandId: string;
  folderId: string;
  folderName: string;
}

/**
 * A user whose library has one folder of `files` finished files (and an empty subfolder to
 * drop them on), written straight into the embedded database of DATA_DIR before the server
 * starts: thousands of rows in a second, where uploads would take minutes. Run it as
 * startApp's `prepare`. The files have no bytes: cards show their type icon.
 */
export async function seedLargeFolder(dataDir: string, files: number): Promise<SeededLibrary> {
  const email = `large-${Date.now()}@example.com`;
  const password = 'large-folder-password';
  const owner = createUserCommand(dataDir, [
    '--email',
    email,
    '--password',
    password,
    '--first-name',
    'Lara',
    '--last-name',
    'Large',
  ]);
  const db = await openEmbeddedDatabase(dataDir);
  try {
    const folderId = randomUUID();
    const folderName = `Large folder ${files}`;
    const insertFolder = (id: string, name: string, parentId: string | null) =>
      db.query(
        `insert into assets (id, account_id, brand_id, library, type, name, parent_id, path, depth, creator_id, owner_id)
         values ($1, $2, $3, 'BRAND', 'FOLDER', $4, $5, $6, $7, $8, $8)`,
        [
          id,
          owner.accountId,
          owner.brandId,
          name,
          parentId,
          parentId ? `/${parentId}/${id}/` : `/${id}/`,
          parentId ? 1 : 0,
          owner.userId,
        ],
      );
    await insertFolder(folderId, folderName, null);
    // A subfolder, listed first, to drop files on.
    await insertFolder(randomUUID(), 'Drop here', folderId);
    const ids = Array.from({ length: files }, () => randomUUID());
    const names = ids.map((_, i) => `clip ${String(i + 1).padStart(5, '0')}.mp4`);
    await db.query(
      `insert into assets (id, account_id, brand_id, library, type, name, parent_id, path, depth, size,
         uploading_state, creator_id, owner_id, created_at, updated_at)
       select t.id, $1, $2, 'BRAND', 'VIDEO', t.name, $3, $4 || t.id || '/', 1, 1000000,
         'UPLOADED', $5, $5, now() - (t.n || ' seconds')::interval, now()
       from unnest($6::uuid[], $7::text[]) with ordinality as t(id, name, n)`,
      [owner.accountId, owner.brandId, folderId, `/${folderId}/`, owner.userId, ids, names],
    );
    return { email, password, ...owner, folderId, folderName };
  } finally {
    await db.close();
  }
}
