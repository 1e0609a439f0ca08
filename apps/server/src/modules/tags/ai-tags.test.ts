import type { Asset, MoveCopyResponse, Tag, TagCategory } from '@hookline/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFiles, createUser, type TestUser } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let user: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  user = await createUser(t);
});
afterAll(async () => {
  await t?.close();
});

async function call<T>(method: string, url: string, payload?: object, u: TestUser = user) {
  const response = await t.app.inject({
    method: method as 'GET',
    url: `/api/accounts/${u.accountId}/brands/${u.brandId}${url}`,
    payload,
    headers: u.headers,
  });
  return { status: response.statusCode, body: response.json() as T };
}

const categories = async (u: TestUser = user) =>
  (await call<TagCategory[]>('GET', '/tag-categories', undefined, u)).body;
const item = async (id: string) => (await call<Asset>('GET', `/library/BRAND/${id}`)).body;
const applyAiTags = (assetId: string, names: string[], u: TestUser = user) =>
  t.context.services.tags.applyAiTags({ brandId: u.brandId, assetId, names });
/** An item's tags as `name` or `name (SOURCE)` for those a person did not put there. */
const tagsOf = async (id: string) =>
  (await item(id)).tags.map((tag) => (tag.source ? `${tag.name} (${tag.source})` : tag.name));

describe('AI tags', () => {
  it('go in the SYSTEM category AI tags, reuse a same-named tag anywhere, drop names over 20 characters', async () => {
    const hero = (await call<Tag>('POST', '/tags', { name: 'Hero shot' })).body;
    const [id] = await createFiles(t, user, { names: ['ai.mp4'] });
    const result = await applyAiTags(id!, [
      '  Beach ',
      'beach',
      'hero SHOT',
      '',
      '   ',
      'x'.repeat(21),
      'y'.repeat(20),
    ]);
    expect(result).toEqual({ applied: 3 });
    expect(await tagsOf(id!)).toEqual(['Beach (AI)', 'Hero shot (AI)', `${'y'.repeat(20)} (AI)`]);

    const list = await categories();
    expect(list.map((c) => [c.name, c.type])).toEqual([
      ['General', 'SYSTEM'],
      ['AI tags', 'SYSTEM'],
    ]);
    const ai = list.find((c) => c.name === 'AI tags')!;
    expect(ai.children.map((c) => c.name)).toEqual(['Beach', 'y'.repeat(20)]);
    // The General tag stays where it is.
    expect(list[0]!.children.map((c) => c.id)).toEqual([hero.id]);
    expect((await call<Tag[]>('GET', '/tags')).body.map((x) => x.name)).not.toContain('x'.repeat(21));
  });

  it('a second run replaces only AI links, keeps what a person added, and skips tags a person took off', async () => {
    const [id] = await createFiles(t, user, { names: ['again.mp4'] });
    await applyAiTags(id!, ['Sunset', 'Dog', 'Drone']);
    const byName = new Map((await item(id!)).tags.map((tag) => [tag.name, tag.id]));
    const mine = (await call<Tag>('POST', '/tags', { name: 'Mine' })).body;
    // A person keeps Sunset and Drone, drops Dog (through the item's whole set) and adds Mine.
    const set = await call<Asset>('PUT', `/assets/${id}`, {
      tags: [byName.get('Sunset'), byName.get('Drone'), mine.id],
    });
    expect(set.status).toBe(200);
    // ...then drops Drone through bulk untag.
    await call('POST', '/tags/bulk-tag', {
      entityIds: [{ id, library: 'BRAND' }],
      tagIds: [byName.get('Drone')],
      remove: true,
    });
    expect(await tagsOf(id!)).toEqual(['Mine', 'Sunset (AI)']);

    // The AI now finds Dog, Drone, Mine and City: Dog and Drone stay off, Mine stays the person's,
    // Sunset (not found this time) goes.
    expect(await applyAiTags(id!, ['dog', 'DRONE', 'mine', 'City'])).toEqual({ applied: 1 });
    expect(await tagsOf(id!)).toEqual(['City (AI)', 'Mine']);

    // A person adding Dog back makes it theirs; the AI may then list it again without change,
    // and taking it off as a person records nothing (it was not the AI's).
    await call('POST', '/tags/bulk-tag', {
      entityIds: [{ id, library: 'BRAND' }],
      tagIds: [byName.get('Dog')],
    });
    expect(await applyAiTags(id!, ['Dog', 'City'])).toEqual({ applied: 1 });
    expect(await tagsOf(id!)).toEqual(['City (AI)', 'Dog', 'Mine']);
    await call('PUT', `/assets/${id}`, { tags: [mine.id] });
    expect(await applyAiTags(id!, ['Dog', 'City'])).toEqual({ applied: 1 });
    expect(await tagsOf(id!)).toEqual(['Dog (AI)', 'Mine']);

    // A copy carries the dismissals: Drone stays off it too.
    const copied = await call<MoveCopyResponse>('POST', `/assets/copy?assetIds=${id}`, { folderId: 'root' });
    const copy = copied.body.assets[0]!.id;
    expect(await applyAiTags(copy, ['Drone', 'Dog'])).toEqual({ applied: 1 });
    expect(await tagsOf(copy)).toEqual(['Dog (AI)', 'Mine']);

    // No names: the AI links go.
    expect(await applyAiTags(id!, [])).toEqual({ applied: 0 });
    expect(await tagsOf(id!)).toEqual(['Mine']);
  });

  it('the AI tags category cannot be renamed or deleted (400)', async () => {
    const ai = (await categories()).find((c) => c.name === 'AI tags')!;
    expect(ai.type).toBe('SYSTEM');
    const rename = await call<{ message: string }>('PUT', `/tag-categories/${ai.id}`, { name: 'Robot' });
    expect(rename.status).toBe(400);
    expect(rename.body.message).toBe('System categories cannot be changed');
    expect((await call('DELETE', `/tag-categories/${ai.id}`)).status).toBe(400);
    expect((await categories()).find((c) => c.id === ai.id)?.name).toBe('AI tags');
  });

  it("a brand's own category named AI tags (made before) takes the AI's tags", async () => {
    const other = await createUser(t);
    const own = (await call<TagCategory>('POST', '/tag-categories', { name: 'ai TAGS' }, other)).body;
    const [id] = await createFiles(t, other, { names: ['own.mp4'] });
    expect(await applyAiTags(id!, ['Lake'], other)).toEqual({ applied: 1 });
    const list = await categories(other);
    expect(list.map((c) => c.name)).toEqual(['General', 'ai TAGS']);
    expect(list.find((c) => c.id === own.id)!.children.map((c) => c.name)).toEqual(['Lake']);
  });
});
