import { randomBytes, randomUUID } from 'node:crypto';
import { bandsOf } from '../../apps/server/dist/modules/duplicates/fingerprint.js';
import { DuplicatesRepository } from '../../apps/server/dist/modules/duplicates/repository.js';
import { openDatabase } from '../../apps/server/dist/platform/db/client.js';
import { migrateDatabase } from '../../apps/server/dist/platform/db/migrate.js';
import { type Summary, summarize } from './stats.js';

export interface DuplicateLookupResult {
  fingerprints: number;
  insertMs: number;
  /** Lookups of a near copy (3 bits changed): found, and how long each took. */
  alike: Summary;
  alikeFound: number;
  /** Lookups of an unrelated picture: how long, and how many candidates came back. */
  unrelated: Summary;
  unrelatedCandidates: number;
  probes: number;
}

const randomHash = () => randomBytes(8).toString('hex');

/** `hash` with `bits` distinct random bits flipped. */
function flip(hash: string, bits: number): string {
  let value = BigInt(`0x${hash}`);
  const picked = new Set<number>();
  while (picked.size < bits) picked.add(Math.floor(Math.random() * 64));
  for (const bit of picked) value ^= 1n << BigInt(bit);
  return value.toString(16).padStart(16, '0');
}

/**
 * The duplicates module's lookup (DuplicatesRepository.candidates, the query an upload runs)
 * against `count` image fingerprints of one brand in an in-memory PGlite migrated as the
 * server's: near copies of stored hashes and unrelated hashes, timed one by one.
 */
export async function measureDuplicateLookup(count: number, probes: number): Promise<DuplicateLookupResult> {
  const handle = await openDatabase({});
  try {
    await migrateDatabase(handle);
    const accountId = randomUUID();
    const brandId = randomUUID();
    await handle.execute('insert into accounts (id, name) values ($1, $2)', [accountId, 'Bench']);
    await handle.execute('insert into brands (id, account_id, name) values ($1, $2, $3)', [
      brandId,
      accountId,
      'Bench',
    ]);
    const hashes: string[] = [];
    const insertStarted = performance.now();
    const batch = 5000;
    for (let start = 0; start < count; start += batch) {
      const ids: string[] = [];
      const rows: string[] = [];
      const bands: string[] = [];
      for (let i = start; i < Math.min(count, start + batch); i++) {
        const hash = randomHash();
        hashes.push(hash);
        ids.push(randomUUID());
        rows.push(hash);
        bands.push(`{${bandsOf(hash).join(',')}}`);
      }
      await handle.execute(
        `insert into assets (id, account_id, brand_id, library, type, name, path, uploading_state)
         select id, $2, $3, 'BRAND', 'IMAGE', 'picture ' || ord || '.jpg', '/' || id || '/', 'UPLOADED'
         from unnest($1::uuid[]) with ordinality as t(id, ord)`,
        [ids, accountId, brandId],
      );
      await handle.execute(
        `insert into asset_fingerprints (asset_id, brand_id, library, kind, sha256, hashes, colours, bands)
         select id, $2, 'BRAND', 'IMAGE', md5(hash), array[hash], array[md5(hash) || md5(hash)], band::integer[]
         from unnest($1::uuid[], $3::text[], $4::text[]) as t(id, hash, band)`,
        [ids, brandId, rows, bands],
      );
    }
    const insertMs = performance.now() - insertStarted;
    await handle.execute('analyze asset_fingerprints');
    const repository = new DuplicatesRepository(handle.db);
    const lookup = async (hash: string) => {
      const started = performance.now();
      const candidates = await repository.candidates({
        assetId: randomUUID(),
        brandId,
        library: 'BRAND',
        kind: 'IMAGE',
        sha256: randomHash(),
        hashes: [hash],
        colours: [],
        bands: bandsOf(hash),
        durationMs: null,
      });
      return { ms: performance.now() - started, candidates };
    };
    const alikeMs: number[] = [];
    const unrelatedMs: number[] = [];
    let alikeFound = 0;
    let unrelatedCandidates = 0;
    for (let i = 0; i < probes; i++) {
      const stored = hashes[Math.floor(Math.random() * hashes.length)]!;
      const near = await lookup(flip(stored, 3));
      alikeMs.push(near.ms);
      if (near.candidates.some((c) => c.hashes[0] === stored)) alikeFound++;
      const other = await lookup(randomHash());
      unrelatedMs.push(other.ms);
      unrelatedCandidates += other.candidates.length;
    }
    return {
      fingerprints: count,
      insertMs,
      alike: summarize(alikeMs),
      alikeFound,
      unrelated: summarize(unrelatedMs),
      unrelatedCandidates,
      probes,
    };
  } finally {
    await handle.close();
  }
}
