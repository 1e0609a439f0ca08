import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { type Asset, DUPLICATE_LIMITS, type DuplicateGroup } from '@hookline/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runTool } from '../../platform/media/run-tool.js';
import { synthesizeVideo } from '../../platform/media/synthetic-media.js';
import { createUser, type TestUser } from '../../test/factories.js';
import { brandCall } from '../../test/integrations-world.js';
import { binaries, brandedPicture as picture } from '../../test/media-fixtures.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { processed, uploadFile } from '../../test/uploads.js';
import { bandsOf, colourDifference, colourGrid, dHash, hammingDistance } from './fingerprint.js';

/**
 * Duplicates at upload (issue 15 "Beyond"): a copy, a re-encoded and halved JPEG and a 480p
 * re-encode are found; another picture is not; resolving keeps or deletes; the backfill
 * fingerprints files processed before.
 */

describe('duplicates at upload', () => {
  let t: TestApp;
  let member: TestUser;
  let stranger: TestUser;
  let work: string;
  const upload = async (name: string, bytes: Buffer): Promise<Asset> =>
    processed(t, member, (await uploadFile(t, member, name, bytes)).created.id, 120_000);

  beforeAll(async () => {
    t = await createTestApp();
    member = await createUser(t, { role: 'member' });
    stranger = await createUser(t);
    work = await fs.mkdtemp(path.join(os.tmpdir(), 'duplicates-'));
  });
  afterAll(async () => {
    await t?.close();
    if (work) await fs.rm(work, { recursive: true, force: true });
  });

  it('hashes pictures so that re-encodes stay within the bits and other pictures do not', async () => {
    const hero = await picture(['#7048e8', '#f06595'], 'Summer 2026');
    const smaller = await sharp(hero).resize(800).jpeg({ quality: 60 }).toBuffer();
    const other = await picture(['#0b7285', '#66d9e8'], 'Holiday drop', 0.3);
    const [a, b, c] = await Promise.all([dHash(hero), dHash(smaller), dHash(other)]);
    expect(hammingDistance(a, b)).toBeLessThanOrEqual(6);
    expect(hammingDistance(a, c)).toBeGreaterThan(6);
    // The same layout in other colours: dHashes alike (light and shade), colour grids not.
    const sameLayout = await picture(['#2b8a3e', '#c0eb75'], 'Summer 2026');
    const [grid, smallerGrid, sameLayoutGrid] = await Promise.all(
      [hero, smaller, sameLayout].map(colourGrid),
    );
    expect(colourDifference(grid!, smallerGrid!)).toBeLessThanOrEqual(DUPLICATE_LIMITS.colourDifference);
    expect(colourDifference(grid!, sameLayoutGrid!)).toBeGreaterThan(DUPLICATE_LIMITS.colourDifference);
    expect(bandsOf(a)).toHaveLength(8);
    expect(hammingDistance('ffffffffffffffff', '0000000000000000')).toBe(64);
  });

  it('marks a copy as identical, a re-encoded half-size JPEG as alike, and not another picture', async () => {
    const heroBytes = await picture(['#7048e8', '#f06595'], 'Summer 2026');
    const hero = await upload('Summer hero.jpg', heroBytes);
    expect(hero.duplicateOf).toBeNull();

    const copy = await upload('Summer hero copy.jpg', heroBytes);
    expect(copy.duplicateOf).toEqual({ id: hero.id, name: 'Summer hero.jpg', identical: true });

    const smaller = await upload(
      'hero-small.jpg',
      await sharp(heroBytes).resize(800).jpeg({ quality: 60 }).toBuffer(),
    );
    expect(smaller.duplicateOf).toEqual({ id: hero.id, name: 'Summer hero.jpg', identical: false });

    const other = await upload('Holiday.jpg', await picture(['#0b7285', '#66d9e8'], 'Holiday drop', 0.3));
    expect(other.duplicateOf).toBeNull();
    // The demo's false pair before colours counted: the same layout and title in green.
    const green = await upload('Summer green.jpg', await picture(['#2b8a3e', '#c0eb75'], 'Summer 2026'));
    expect(green.duplicateOf).toBeNull();

    const { status, body } = await brandCall<DuplicateGroup[]>(t, member, 'GET', '/duplicates');
    expect(status).toBe(200);
    const group = body.find((g) => g.id === hero.id);
    expect(group?.original.name).toBe('Summer hero.jpg');
    expect(group?.duplicates.map((d) => d.name)).toEqual(['Summer hero copy.jpg', 'hero-small.jpg']);
    expect(body.some((g) => g.id === other.id || g.duplicates.some((d) => d.id === other.id))).toBe(false);

    // KEEP_BOTH clears the mark for good; a second resolution has nothing to resolve.
    const keep = await brandCall(t, member, 'POST', `/assets/${copy.id}/duplicate-resolution`, {
      action: 'KEEP_BOTH',
    });
    expect(keep).toMatchObject({ status: 200, body: { assetId: copy.id, action: 'KEEP_BOTH' } });
    expect((await processed(t, member, copy.id)).duplicateOf).toBeNull();
    const again = await brandCall<{ message: string }>(
      t,
      member,
      'POST',
      `/assets/${copy.id}/duplicate-resolution`,
      {
        action: 'KEEP_BOTH',
      },
    );
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('This file is not marked as a duplicate');

    // Someone else's account does not see the file (the matrix checks every role).
    const elsewhere = await brandCall(t, stranger, 'POST', `/assets/${smaller.id}/duplicate-resolution`, {
      action: 'SKIP',
    });
    expect(elsewhere.status).toBe(404);
    const bad = await brandCall<{ message: string }>(
      t,
      member,
      'POST',
      `/assets/${smaller.id}/duplicate-resolution`,
      {
        action: 'STACK',
      },
    );
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/action/);

    // SKIP deletes the new file; the group is gone with its last duplicate.
    const skip = await brandCall(t, member, 'POST', `/assets/${smaller.id}/duplicate-resolution`, {
      action: 'SKIP',
    });
    expect(skip.status).toBe(200);
    expect((await brandCall(t, member, 'GET', `/library/BRAND/${smaller.id}`)).status).toBe(404);
    const after = await brandCall<DuplicateGroup[]>(t, member, 'GET', '/duplicates');
    expect(after.body.some((g) => g.id === hero.id)).toBe(false);
    expect(
      (await brandCall(t, member, 'POST', `/assets/${other.id}/duplicate-resolution`, { action: 'SKIP' }))
        .status,
    ).toBe(409);
  });

  it('finds a 480p re-encode of a video, and not another video of the same length', async () => {
    const source = path.join(work, 'launch.mp4');
    await synthesizeVideo(binaries.ffmpeg, source, {
      seconds: 6,
      width: 1280,
      height: 720,
      fps: 25,
      sound: 330,
      preset: 'ultrafast',
    });
    const small = path.join(work, 'launch-480.mp4');
    await runTool(binaries.ffmpeg, [
      '-v',
      'error',
      '-y',
      '-i',
      source,
      '-vf',
      'scale=-2:480',
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      '-crf',
      '30',
      '-c:a',
      'aac',
      small,
    ]);
    const otherFile = path.join(work, 'other.mp4');
    await synthesizeVideo(binaries.ffmpeg, otherFile, {
      seconds: 6,
      width: 1280,
      height: 720,
      fps: 25,
      pattern: 'testsrc',
      sound: false,
      preset: 'ultrafast',
    });

    const launch = await upload('Launch.mp4', await fs.readFile(source));
    const reencoded = await upload('Launch 480p.mp4', await fs.readFile(small));
    expect(reencoded.duplicateOf).toEqual({ id: launch.id, name: 'Launch.mp4', identical: false });
    const other = await upload('Other.mp4', await fs.readFile(otherFile));
    expect(other.duplicateOf).toBeNull();

    const { body, status } = await brandCall<DuplicateGroup[]>(t, member, 'GET', '/duplicates?limit=1');
    expect(status).toBe(200);
    expect(body).toHaveLength(1);
    expect(body[0]?.id).toBe(launch.id);
    expect((await brandCall(t, member, 'GET', '/duplicates?limit=0')).status).toBe(400);
  }, 240_000);

  it('fingerprints files processed before fingerprints existed (the backfill job)', async () => {
    const bytes = await picture(['#e8590c', '#ffd43b'], 'Product', 0.4);
    const first = await upload('Product.jpg', bytes);
    const second = await upload('Product again.jpg', bytes);
    await t.context.database.execute(
      `delete from asset_fingerprints where asset_id in ('${first.id}', '${second.id}')`,
    );
    expect((await processed(t, member, second.id)).duplicateOf).toBeNull();

    expect(await t.context.services.duplicates.backfill()).toBeGreaterThanOrEqual(2);
    expect((await processed(t, member, second.id)).duplicateOf).toEqual({
      id: first.id,
      name: 'Product.jpg',
      identical: true,
    });
  });
});
