import type { SimilarResult } from '@hookline/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBrand, createFiles, createUser, type TestUser } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

/**
 * More like this through HTTP (issue 16 "Beyond the seeds"): perceptual-hash neighbours from
 * the duplicates module's fingerprints (within 20 of 64 bits, nearest first, method LAYOUT),
 * a video's keyframes compared too, pages, and nothing from another brand, even its exact copy.
 */
let t: TestApp;
let user: TestUser;
let outsider: TestUser;
let otherBrand: string;
const ids: Record<string, string> = {};

const BASE = 'f0f0f0f00f0f0f0f';

/** The base hash with its first `bits` bits flipped. */
function flipped(bits: number): string {
  let value = BigInt(`0x${BASE}`);
  for (let i = 0; i < bits; i++) value ^= 1n << BigInt(63 - i);
  return value.toString(16).padStart(16, '0');
}

async function fingerprint(id: string, brandId: string, kind: 'IMAGE' | 'VIDEO', hashes: string[]) {
  // What media processing's fingerprinting (modules/duplicates) writes for a file.
  await t.context.database.execute(
    `insert into asset_fingerprints (asset_id, brand_id, library, kind, sha256, hashes, colours, bands)
     values ($1, $2, 'BRAND', $3, null, $4, $5, '{}')`,
    [id, brandId, kind, hashes, hashes.map(() => '000000000000000000000000000000000000000000000000000000')],
  );
}

async function file(name: string, type: 'IMAGE' | 'VIDEO' = 'IMAGE', brandId = user.brandId) {
  const [id] = await createFiles(t, { ...user, brandId }, { names: [name], type });
  return id!;
}

async function similar(id: string, query = '', u: TestUser = user, brandId = u.brandId) {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/accounts/${u.accountId}/brands/${brandId}/assets/${id}/similar${query}`,
    headers: u.headers,
  });
  return {
    status: response.statusCode,
    body: response.json() as SimilarResult[],
    total: Number(response.headers['x-total-count']),
  };
}

beforeAll(async () => {
  t = await createTestApp();
  user = await createUser(t);
  outsider = await createUser(t);
  otherBrand = await createBrand(t, user, 'Second brand');
  ids.hero = await file('Summer hero.jpg');
  ids.reencoded = await file('Summer hero (re-encoded).jpg');
  ids.sameLayout = await file('Autumn hero.jpg');
  ids.video = await file('Hero cut.mp4', 'VIDEO');
  ids.unlike = await file('Team photo.jpg');
  ids.unprinted = await file('Not processed yet.jpg');
  ids.canary = await file('Summer hero.jpg', 'IMAGE', otherBrand);
  await fingerprint(ids.hero, user.brandId, 'IMAGE', [BASE]);
  await fingerprint(ids.reencoded, user.brandId, 'IMAGE', [flipped(3)]);
  await fingerprint(ids.sameLayout, user.brandId, 'IMAGE', [flipped(18)]);
  // A video: one of its keyframes is near the picture, the others far.
  await fingerprint(ids.video, user.brandId, 'VIDEO', [flipped(40), flipped(9), flipped(50)]);
  await fingerprint(ids.unlike, user.brandId, 'IMAGE', [flipped(21)]);
  // Another brand's exact copy.
  await fingerprint(ids.canary, otherBrand, 'IMAGE', [BASE]);
});

afterAll(() => t?.close());

describe('more like this', () => {
  it('lists the brand’s look-alikes nearest first with score and method, never another brand’s copy', async () => {
    const { status, body, total } = await similar(ids.hero!);
    expect(status).toBe(200);
    expect(body.map((i) => i.id)).toEqual([ids.reencoded, ids.video, ids.sameLayout]);
    expect(body.map((i) => [i.name, i.score, i.method])).toEqual([
      ['Summer hero (re-encoded).jpg', Math.round((1 - 3 / 64) * 1000) / 1000, 'LAYOUT'],
      ['Hero cut.mp4', Math.round((1 - 9 / 64) * 1000) / 1000, 'LAYOUT'],
      ['Autumn hero.jpg', Math.round((1 - 18 / 64) * 1000) / 1000, 'LAYOUT'],
    ]);
    // Presented as the library presents items.
    expect(body[0]).toMatchObject({ id: ids.reencoded, type: 'IMAGE' });
    expect(total).toBe(3);
    expect(body.some((i) => i.id === ids.canary || i.id === ids.unlike)).toBe(false);
  });

  it('pages with limit and offset', async () => {
    const { body, total } = await similar(ids.hero!, '?limit=1&offset=1');
    expect(body.map((i) => i.name)).toEqual(['Hero cut.mp4']);
    expect(total).toBe(3);
  });

  it('finds the picture from the video as well', async () => {
    const { body } = await similar(ids.video!);
    // Its nearest keyframe (9 bits off the hero) decides: 6, 9, 9 (newer first) and 12 bits.
    expect(body.map((i) => i.id)).toEqual([ids.reencoded, ids.sameLayout, ids.hero, ids.unlike]);
  });

  it('answers an empty list for an item without a fingerprint', async () => {
    const { status, body, total } = await similar(ids.unprinted!);
    expect(status).toBe(200);
    expect(body).toEqual([]);
    expect(total).toBe(0);
  });

  it('keeps to the brand in the path and to members', async () => {
    // The other brand's item under this brand's path: not found here.
    expect((await similar(ids.canary!)).status).toBe(404);
    // From its own brand it has no look-alikes there (this brand's copies stay out).
    const own = await similar(ids.canary!, '', user, otherBrand);
    expect(own.status).toBe(200);
    expect(own.body).toEqual([]);
    // Someone outside the account.
    expect([403, 404]).toContain((await similar(ids.hero!, '', outsider, user.brandId)).status);
  });

  it('is for members: a share of the item reads it but is refused its look-alikes (403)', async () => {
    // Look-alikes come from the whole brand, so a share (which reaches only its own items) never asks.
    const shareIt = (body: object) =>
      t.app.inject({
        method: 'POST',
        url: `/api/accounts/${user.accountId}/brands/${user.brandId}/library/BRAND/${ids.hero}/share`,
        headers: user.headers,
        payload: { resourceId: ids.hero, library: 'BRAND', ...body },
      });
    const link = await shareIt({ isPublic: true });
    expect(link.statusCode, link.body).toBe(200);
    const token = new URL(link.json<{ publicShare: { href: string } }>().publicShare.href).searchParams.get(
      'shareToken',
    )!;
    const visitor = { ...user, headers: { 'x-share-token': token } };
    const read = await t.app.inject({
      method: 'GET',
      url: `/api/accounts/${user.accountId}/brands/${user.brandId}/library/BRAND/${ids.hero}`,
      headers: visitor.headers,
    });
    expect(read.statusCode).toBe(200);
    const byLink = await t.app.inject({
      method: 'GET',
      url: `/api/accounts/${user.accountId}/brands/${user.brandId}/assets/${ids.hero}/similar`,
      headers: visitor.headers,
    });
    expect(byLink.statusCode).toBe(403);
    expect(byLink.body).not.toContain('Summer hero (re-encoded)');
    // The same for a person share to someone of another account, even as an editor.
    const person = await shareIt({ shares: [{ email: outsider.email, action: 'write' }] });
    expect(person.statusCode, person.body).toBe(200);
    const byPerson = await similar(ids.hero!, '', outsider, user.brandId);
    expect(byPerson.status).toBe(403);
    expect(JSON.stringify(byPerson.body)).not.toContain('Summer hero (re-encoded)');
  });

  it('refuses bad paging and ids with a 400', async () => {
    expect((await similar(ids.hero!, '?limit=0')).status).toBe(400);
    expect((await similar(ids.hero!, '?limit=101')).status).toBe(400);
    expect((await similar(ids.hero!, '?offset=-1')).status).toBe(400);
    expect((await similar('not-a-uuid')).status).toBe(400);
  });
});
