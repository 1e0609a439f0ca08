import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import {
  type Asset,
  DUPLICATE_LIMITS,
  type DuplicateGroup,
  type DuplicateGroupsQuery,
  type DuplicateOf,
  type DuplicateResolution,
  type DuplicateResolutionBody,
  duplicateMessages,
  fileExtension,
} from '@hookline/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { AssetRow } from '../../platform/db/schema/assets.js';
import { conflict, notFound } from '../../platform/http/errors.js';
import type { JobQueue } from '../../platform/jobs/queue.js';
import type { MediaTools } from '../../platform/media/media-tools.js';
import { SCRATCH_PREFIX } from '../../platform/storage/scratch.js';
import type { Storage } from '../../platform/storage/storage.js';
import type { AccessService } from '../access/service.js';
import { ITEM_NOT_FOUND, type ItemExtension, type LibraryItems } from '../library/items-service.js';
import { originalKey } from '../library/media-urls.js';
import type { LibraryScope } from '../library/scope.js';
import type { LibraryService } from '../library/service.js';
import { colourDifference, type Fingerprint, fingerprintFile, hammingDistance } from './fingerprint.js';
import type { CreativeLookalike, DuplicatesRepository, LookalikeLimits, Match, Probe } from './repository.js';

export const DUPLICATES_BACKFILL_QUEUE = 'DUPLICATES_BACKFILL';
const BACKFILL_BATCH = 25;

/** Imported ad creative is the ad platform's copy of what ran: the same video in many ads is not a mistake to flag. */
const UNFLAGGED_LIBRARIES = new Set(['AD_ANALYTICS']);

type Fingerprintable = AssetRow & { type: 'IMAGE' | 'VIDEO' };
const fingerprintable = (file: AssetRow): file is Fingerprintable =>
  file.type === 'IMAGE' || file.type === 'VIDEO';

/**
 * Duplicates at upload (issue 15 "Beyond"): fingerprints files as processing finishes, finds
 * the brand's older file (same library) a new one duplicates, and lets people keep or skip it.
 */
export class DuplicatesService {
  constructor(
    private readonly repository: DuplicatesRepository,
    private readonly access: AccessService,
    private readonly items: LibraryItems,
    private readonly library: LibraryService,
    private readonly tools: MediaTools,
    private readonly storage: Storage,
    private readonly queue: JobQueue,
    private readonly log: FastifyBaseLogger,
  ) {}

  registerQueues(): void {
    this.queue.register(DUPLICATES_BACKFILL_QUEUE, () => this.backfill(), {
      retryLimit: 1,
      expireInSeconds: 30 * 60,
      policy: 'stately',
    });
    // Files processed before fingerprints existed, or whose fingerprinting failed, get one.
    this.queue.schedule(DUPLICATES_BACKFILL_QUEUE, '*/10 * * * *');
  }

  /**
   * processing.onOriginal: the fingerprint of a file just processed, from the original at
   * hand; what it answers records it (and its duplicate) in the transaction that marks the
   * file processed. A fingerprint that cannot be made or recorded never fails the upload:
   * the backfill tries again.
   */
  async fingerprintProcessed(
    file: AssetRow,
    input: string,
    work: string,
  ): Promise<(() => Promise<void>) | undefined> {
    if (!fingerprintable(file)) return undefined;
    try {
      const fingerprint = await fingerprintFile(file, input, this.tools, work);
      // In a savepoint: a failed lookup rolls back only its own writes, never the processing.
      return () =>
        this.repository
          .isolated(() => this.record(file, fingerprint))
          .catch((error) =>
            this.log.warn({ err: error, assetId: file.id }, 'could not record a fingerprint'),
          );
    } catch (error) {
      this.log.warn({ err: error, assetId: file.id }, 'could not fingerprint a file');
      return undefined;
    }
  }

  /** Stores a file's fingerprint and marks the newer of it and its closest match as the duplicate. */
  async record(file: AssetRow, fingerprint: Fingerprint): Promise<void> {
    const probe: Probe = { ...fingerprint, assetId: file.id, brandId: file.brandId, library: file.library };
    await this.repository.lockBrand(file.brandId);
    await this.repository.save(probe);
    if (UNFLAGGED_LIBRARIES.has(file.library)) return;
    const match = pickMatch(probe, await this.repository.candidates(probe));
    if (!match) return;
    const identical = probe.sha256 !== null && probe.sha256 === match.sha256;
    const fileIsNewer =
      match.createdAt < file.createdAt || (+match.createdAt === +file.createdAt && match.id < file.id);
    // Processing order is not upload order (several workers): the newer file is always the duplicate.
    if (fileIsNewer) await this.repository.mark(file.id, match.duplicateOf ?? match.id, identical);
    else if (!match.resolved && !match.duplicateOf) await this.repository.mark(match.id, file.id, identical);
  }

  /** The backfill job: fingerprints files that have none, a batch at a time, oldest first. */
  async backfill(): Promise<number> {
    let done = 0;
    for (;;) {
      const batch = await this.repository.unfingerprinted(BACKFILL_BATCH);
      for (const { id } of batch) {
        const file = await this.items.fileById(id);
        if (file && fingerprintable(file)) await this.fingerprintStored(file);
        done++;
      }
      if (batch.length < BACKFILL_BATCH) return done;
    }
  }

  /** A stored file's fingerprint (its original read from storage); unreadable bytes still get a row. */
  private async fingerprintStored(file: Fingerprintable): Promise<void> {
    const work = await fs.mkdtemp(path.join(this.storage.scratchDir(), `${SCRATCH_PREFIX}fingerprint-`));
    try {
      const key = originalKey(file);
      let input = this.storage.localPath(key);
      if (!input) {
        input = path.join(work, `original.${fileExtension(file.name) || 'bin'}`);
        await pipeline(await this.storage.read(key), createWriteStream(input));
      }
      await this.record(file, await fingerprintFile(file, input, this.tools, work));
    } catch (error) {
      this.log.warn({ err: error, assetId: file.id }, 'could not fingerprint a stored file');
      await this.repository.save({
        assetId: file.id,
        brandId: file.brandId,
        library: file.library,
        kind: file.type,
        sha256: null,
        hashes: [],
        colours: [],
        bands: [],
        durationMs: null,
      });
    } finally {
      await fs.rm(work, { recursive: true, force: true });
    }
  }

  /**
   * The brand's library files (only `assetId`, when given) that look like its ads' creatives:
   * the AD_ANALYTICS files the ad sync imports, compared by the fingerprints kept here
   * (asset performance links ads to files by them). No access check: callers make it.
   */
  creativeLookalikes(
    brandId: string,
    assetId: string | undefined,
    limits: LookalikeLimits,
  ): Promise<CreativeLookalike[]> {
    return this.repository.creativeLookalikes(brandId, assetId, limits);
  }

  /** POST …/assets/{id}/duplicate-resolution */
  async resolve(
    s: LibraryScope,
    assetId: string,
    body: DuplicateResolutionBody,
  ): Promise<DuplicateResolution> {
    await this.access.require(s.actor, 'asset.update', [assetId]);
    if (!(await this.items.find(s, assetId))) throw notFound(ITEM_NOT_FOUND);
    const row = await this.repository.find(assetId);
    if (!row?.duplicateOf) throw conflict(duplicateMessages.notDuplicate);
    // SKIP: the library's delete checks delete access itself (the file is gone, its row with it).
    if (body.action === 'SKIP') await this.library.delete(s, [assetId]);
    else await this.repository.resolve([assetId]);
    return { assetId, action: body.action };
  }

  /** GET …/duplicates */
  async groups(
    s: LibraryScope,
    query: DuplicateGroupsQuery,
  ): Promise<{ items: DuplicateGroup[]; total: number }> {
    await this.access.require(s.actor, 'library.read', [s.brandId]);
    const { groups, total } = await this.repository.groups(s.brandId, query);
    const ids = groups.flatMap((group) => [group.id, ...group.duplicates]);
    const byId = new Map((await this.items.present(s, ids)).map((item) => [item.id, item]));
    const items = groups.flatMap((group): DuplicateGroup[] => {
      const original = byId.get(group.id);
      const duplicates = group.duplicates.map((id) => byId.get(id)).filter((item): item is Asset => !!item);
      return original && duplicates.length > 0 ? [{ id: group.id, original, duplicates }] : [];
    });
    return { items, total };
  }

  /** The asset field `duplicateOf`, one column of the library's item query. */
  itemExtension(): ItemExtension {
    return {
      fields: {
        select: (assetId) => this.repository.itemColumn(assetId),
        read: (value) => {
          const [id, name, identical] = (value ?? []) as [string?, string?, boolean?];
          const duplicateOf: DuplicateOf | null =
            id && name ? { id, name, identical: identical === true } : null;
          return { duplicateOf };
        },
      },
    };
  }
}

/**
 * The match a file duplicates: equal bytes first, then the nearest picture (every picture,
 * a video's keyframes, within the bits and alike in colour), preferring a group's original
 * to one of its duplicates.
 */
function pickMatch(probe: Probe, candidates: Match[]): Match | undefined {
  const alike = candidates.filter((c) => {
    if (probe.sha256 !== null && c.sha256 === probe.sha256) return true;
    const bits = probe.kind === 'IMAGE' ? DUPLICATE_LIMITS.imageBits : DUPLICATE_LIMITS.videoBitsPerFrame;
    return (
      c.hashes.length === probe.hashes.length &&
      c.hashes.every((hash, i) => hammingDistance(hash, probe.hashes[i]!) <= bits) &&
      c.colours.every(
        (colours, i) =>
          colourDifference(colours, probe.colours[i] ?? '') <= DUPLICATE_LIMITS.colourDifference,
      )
    );
  });
  const rank = (c: Match) =>
    (probe.sha256 !== null && c.sha256 === probe.sha256 ? 0 : 1) * 2 + (c.duplicateOf ? 1 : 0);
  return alike.sort((a, b) => rank(a) - rank(b))[0];
}
