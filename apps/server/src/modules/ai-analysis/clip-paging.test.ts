import type { ClipSubtype, CreativeClip } from '@hookline/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type TestUser } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { brandPath, processed, uploadFile } from '../../test/uploads.js';

/**
 * The pages of the scene subtype search (5 first, then by limit and offset) and of the brand's
 * creative clips (40 by default; limit, offset, x-total-count), issue 15 / 001 §9. The clips
 * are written straight into the brand's files: how the model finds them is
 * creative-clips.test.ts's concern.
 */

describe('paging creative clips and their subtypes', () => {
  let t: TestApp;
  let member: TestUser;
  let other: TestUser;
  /** CTA subtypes used 7, 6, … 1 times: 'Offer 1' the most. */
  const SUBTYPES = Array.from({ length: 7 }, (_, i) => `Offer ${i + 1}`);
  let total = 0;

  beforeAll(async () => {
    t = await createTestApp();
    member = await createUser(t, { role: 'member' });
    other = await createUser(t);
    const files = [];
    for (const name of ['first.txt', 'second.txt'])
      files.push(
        await processed(t, member, (await uploadFile(t, member, name, Buffer.from(name))).created.id),
      );
    const clip = async (assetId: string, position: number, subtype: string | null, type = 'CTA') => {
      await t.context.database.execute(
        `insert into asset_clips (asset_id, position, type, subtype, quote, start_ms, end_ms, hook)
         values ($1, $2, $3, $4, $5, $6, $7, false)`,
        [assetId, position, type, subtype, `Quote ${position}`, position * 1000, position * 1000 + 900],
      );
      total += 1;
    };
    let position = 0;
    for (const [i, subtype] of SUBTYPES.entries())
      for (let n = 0; n < SUBTYPES.length - i; n++) await clip(files[n % 2]!.id, position++, subtype);
    // Another type's subtype and a clip without one: neither is a CTA subtype.
    await clip(files[0]!.id, position++, 'Offer 0', 'Solution');
    await clip(files[1]!.id, position++, null);
    // Another account's clips stay out of every count.
    const theirs = await processed(
      t,
      other,
      (await uploadFile(t, other, 'x.txt', Buffer.from('x'))).created.id,
    );
    await t.context.database.execute(
      `insert into asset_clips (asset_id, position, type, subtype, quote, start_ms, end_ms)
       values ($1, 0, 'CTA', 'Offer 1', 'Theirs', 0, 900)`,
      [theirs.id],
    );
  });
  afterAll(() => t?.close());

  const get = async <T>(path: string) => {
    const response = await t.app.inject({
      method: 'GET',
      url: brandPath(member, path),
      headers: member.headers,
    });
    expect(response.statusCode, response.body).toBe(200);
    return { body: response.json<T>(), total: Number(response.headers['x-total-count']) };
  };

  it('answers the first 5 subtypes, most used first, then further pages by offset and limit', async () => {
    const first = await get<ClipSubtype[]>('/video-intelligence-types/subtypes?types=CTA');
    expect(first.body).toEqual(
      SUBTYPES.slice(0, 5).map((subtype, i) => ({ type: 'CTA', subtype, count: SUBTYPES.length - i })),
    );
    expect(first.total).toBe(7);
    const rest = await get<ClipSubtype[]>('/video-intelligence-types/subtypes?types=CTA&offset=5&limit=20');
    expect(rest.body.map((s) => s.subtype)).toEqual(['Offer 6', 'Offer 7']);
    expect(rest.total).toBe(7);
    const middle = await get<ClipSubtype[]>('/video-intelligence-types/subtypes?types=CTA&offset=2&limit=2');
    expect(middle.body.map((s) => s.subtype)).toEqual(['Offer 3', 'Offer 4']);
    const past = await get<ClipSubtype[]>('/video-intelligence-types/subtypes?types=CTA&offset=7');
    expect(past.body).toEqual([]);
    // All types: the Solution one counts too.
    expect((await get<ClipSubtype[]>('/video-intelligence-types/subtypes?limit=100')).total).toBe(8);
    // q narrows before paging.
    const offer7 = await get<ClipSubtype[]>('/video-intelligence-types/subtypes?types=CTA&q=offer%207');
    expect(offer7).toEqual({ body: [{ type: 'CTA', subtype: 'Offer 7', count: 1 }], total: 1 });
  });

  it('answers the brand’s creative clips in pages of limit from offset, with the total', async () => {
    const all = await get<CreativeClip[]>('/creative-clips?limit=100');
    expect(all.total).toBe(total);
    expect(all.body).toHaveLength(total);
    expect(all.body.some((clip) => clip.quote === 'Theirs')).toBe(false);

    const page = await get<CreativeClip[]>('/creative-clips?limit=10&offset=5');
    expect(page.total).toBe(total);
    expect(page.body.map((clip) => clip.id)).toEqual(all.body.slice(5, 15).map((clip) => clip.id));
    const last = await get<CreativeClip[]>(`/creative-clips?limit=10&offset=${total - 3}`);
    expect(last.body.map((clip) => clip.id)).toEqual(all.body.slice(-3).map((clip) => clip.id));
    expect((await get<CreativeClip[]>(`/creative-clips?offset=${total}`)).body).toEqual([]);

    // Filtered: the total counts what matches, not the page.
    const offer2 = await get<CreativeClip[]>('/creative-clips?subtypes=Offer%202&limit=2');
    expect(offer2.total).toBe(6);
    expect(offer2.body).toHaveLength(2);
    expect(offer2.body.every((clip) => clip.subtype === 'Offer 2')).toBe(true);
  });

  it('pages 40 clips by default', async () => {
    const defaults = await get<CreativeClip[]>('/creative-clips');
    expect(total).toBeGreaterThan(0);
    // Fewer than 40 here: add clips until there are more, then the page holds 40.
    const asset = defaults.body[0]!.asset.id;
    for (let i = 0; i < 45 - total; i++)
      await t.context.database.execute(
        `insert into asset_clips (asset_id, position, type, subtype, quote, start_ms, end_ms)
         values ($1, $2, 'Emotions', null, 'More', 0, 900)`,
        [asset, 100 + i],
      );
    const full = await get<CreativeClip[]>('/creative-clips');
    expect(full.total).toBe(45);
    expect(full.body).toHaveLength(40);
  });
});
