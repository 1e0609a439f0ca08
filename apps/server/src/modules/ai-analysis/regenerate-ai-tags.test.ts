import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBrand, createFiles, createFolder, createUser, type TestUser } from '../../test/factories.js';
import { brandCall } from '../../test/integrations-world.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { AI_MEDIA_QUEUE } from './media-analysis.js';

/**
 * POST tags/regenerate-ai (issue 15): picked ids or a folder's select-all, the plan's two AI
 * tag allocations, and bad input refused with nothing counted or queued. The analysis rows are
 * written here (as the analysis leaves them), so no file needs analysing first.
 */

describe('regenerating AI tags', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  /** Files as the analysis left them: each with its tag status (notes say why one was skipped). */
  async function analysedFiles(
    owner: Pick<TestUser, 'accountId' | 'brandId' | 'userId'>,
    statuses: string[],
    parentId: string | null = null,
  ): Promise<string[]> {
    const ids = await createFiles(t, owner, {
      names: statuses.map(() => `${randomUUID()}.png`),
      type: 'IMAGE',
      parentId,
    });
    for (const [n, id] of ids.entries()) {
      const status = statuses[n]!;
      await t.context.database.execute(
        'insert into asset_analyses (asset_id, tags_status, notes) values ($1, $2, $3)',
        [id, status, status === 'SKIPPED_UNQUALIFIED' ? JSON.stringify({ tags: 'AI_TAGS_LIMIT' }) : null],
      );
    }
    return ids;
  }

  const regenerate = (u: TestUser, body: object) =>
    brandCall<{ count: number; resourceName?: string; allocation?: number }>(
      t,
      u,
      'POST',
      '/tags/regenerate-ai',
      body,
    );
  const picked = (ids: string[], library = 'BRAND') => ({ entityIds: ids.map((id) => ({ id, library })) });

  /** What the calls left behind: the month's regenerations recorded, and AI_MEDIA jobs queued. */
  async function recorded(accountId: string): Promise<string[]> {
    const { rows } = await t.context.database.execute<{ asset_id: string }>(
      'select asset_id from ai_tag_generations where account_id = $1 order by asset_id',
      [accountId],
    );
    return rows.map((row) => row.asset_id);
  }
  async function queued(ids: string[]): Promise<number> {
    const { rows } = await t.context.database.execute<{ n: number }>(
      `select count(*)::int as n from pgboss.job where name = $1 and data->>'assetId' = any($2)`,
      [AI_MEDIA_QUEUE, ids],
    );
    return rows[0]?.n ?? 0;
  }
  async function tagStatuses(ids: string[]): Promise<string[]> {
    const statuses: string[] = [];
    for (const id of ids) {
      const { rows } = await t.context.database.execute<{ tags_status: string }>(
        'select tags_status from asset_analyses where asset_id = $1',
        [id],
      );
      statuses.push(rows[0]!.tags_status);
    }
    return statuses;
  }
  const setAllocation = (accountId: string, column: string, value: number) =>
    t.context.database.execute(`update accounts set ${column} = $2 where id = $1`, [accountId, value]);

  it('answers 402 for aiTags when files not yet auto-tagged would pass aiTagsCount; nothing is counted', async () => {
    const owner = await createUser(t);
    const [tagged, skipped] = await analysedFiles(owner, ['COMPLETED', 'SKIPPED_UNQUALIFIED']);
    await setAllocation(owner.accountId, 'alloc_ai_tags_count', 1);

    const refused = await regenerate(owner, picked([skipped!]));
    expect(refused.status).toBe(402);
    expect(refused.body).toMatchObject({ resourceName: 'aiTags', allocation: 1 });
    expect(await recorded(owner.accountId)).toEqual([]);
    expect(await queued([tagged!, skipped!])).toBe(0);
    expect(await tagStatuses([tagged!, skipped!])).toEqual(['COMPLETED', 'SKIPPED_UNQUALIFIED']);

    // A file already auto-tagged does not count again toward aiTagsCount.
    const allowed = await regenerate(owner, picked([tagged!]));
    expect(allowed).toMatchObject({ status: 202, body: { count: 1 } });
    expect(await recorded(owner.accountId)).toEqual([tagged]);
    expect(await queued([tagged!])).toBe(1);
  });

  it('refuses bad input with a 4xx, counting and queueing nothing', async () => {
    const owner = await createUser(t);
    const [own] = await analysedFiles(owner, ['COMPLETED']);
    const otherBrandId = await createBrand(t, owner);
    const [theirs] = await analysedFiles({ ...owner, brandId: otherBrandId }, ['COMPLETED']);
    const stranger = await createUser(t);
    const [strangers] = await analysedFiles(stranger, ['COMPLETED']);

    const cases: [string, object, number][] = [
      ['1,001 ids', picked([own!, ...Array.from({ length: 1000 }, () => randomUUID())]), 400],
      ['an unknown library', picked([own!], 'NOPE'), 400],
      ['no ids', { entityIds: [] }, 400],
      ['a select-all without its folder', { shouldApplyAll: true, totalCount: 1 }, 400],
      ['a select-all without totalCount', { shouldApplyAll: true, parentId: 'root' }, 400],
      ['another brand’s id among them', picked([own!, theirs!]), 404],
      ['another account’s id among them', picked([own!, strangers!]), 404],
      ['an id that names no item', picked([own!, randomUUID()]), 404],
      ['an item named in another library', picked([own!], 'AD'), 404],
    ];
    for (const [name, body, status] of cases) {
      const answer = await regenerate(owner, body);
      expect(answer.status, name).toBe(status);
    }
    expect(await recorded(owner.accountId)).toEqual([]);
    expect(await recorded(stranger.accountId)).toEqual([]);
    expect(await queued([own!, theirs!, strangers!])).toBe(0);
    expect(await tagStatuses([own!, theirs!, strangers!])).toEqual(['COMPLETED', 'COMPLETED', 'COMPLETED']);
  });

  it('takes a select-all as the folder’s items: counts them against the plan and regenerates only those', async () => {
    const owner = await createUser(t);
    const folder = await createFolder(t, owner, { name: 'Campaign' });
    const inside = await analysedFiles(owner, ['COMPLETED', 'COMPLETED_NO_CONTENT_DETECTED'], folder);
    // Not tagged by the analysis (a document's status is null), a subfolder and what is in it, and
    // a file outside the folder: none of them is regenerated.
    const [notTagged] = await createFiles(t, owner, { names: ['Brief.pdf'], parentId: folder });
    await t.context.database.execute('insert into asset_analyses (asset_id) values ($1)', [notTagged]);
    const sub = await createFolder(t, owner, { name: 'Cutdowns', parentId: folder });
    const [nested] = await analysedFiles(owner, ['COMPLETED'], sub);
    const [outside] = await analysedFiles(owner, ['COMPLETED']);
    const all = (totalCount: number) => ({ shouldApplyAll: true, parentId: folder, totalCount });

    // The folder's four items, one more than confirmed: it has changed since.
    const changed = await regenerate(owner, all(3));
    expect(changed.status).toBe(409);
    // Two regenerations left this month, one fewer than the folder's two files need after one.
    await t.context.database.execute(
      'insert into ai_tag_generations (asset_id, account_id) values ($1, $2)',
      [outside, owner.accountId],
    );
    await setAllocation(owner.accountId, 'alloc_ai_tags_generations_count', 2);
    const refused = await regenerate(owner, all(4));
    expect(refused.status).toBe(402);
    expect(refused.body).toMatchObject({ resourceName: 'aiTagsGenerations', allocation: 2 });
    expect(await recorded(owner.accountId)).toEqual([outside]);
    expect(await queued([...inside, nested!, outside!])).toBe(0);

    await setAllocation(owner.accountId, 'alloc_ai_tags_generations_count', 3);
    const done = await regenerate(owner, all(4));
    expect(done).toMatchObject({ status: 202, body: { count: 2 } });
    expect(await recorded(owner.accountId)).toEqual([...inside, outside!].sort());
    expect(await queued(inside)).toBe(2);
    expect(await queued([nested!, outside!, notTagged!])).toBe(0);
    expect(await tagStatuses([nested!, outside!])).toEqual(['COMPLETED', 'COMPLETED']);

    // The top level of the library is a folder too ('root').
    await setAllocation(owner.accountId, 'alloc_ai_tags_generations_count', 100);
    const top = await regenerate(owner, { shouldApplyAll: true, parentId: 'root', totalCount: 10 });
    expect(top).toMatchObject({ status: 202, body: { count: 1 } });
    expect(await queued([outside!])).toBe(1);
  });

  it('lets only those who may change the files regenerate their tags', async () => {
    const owner = await createUser(t);
    const [file] = await analysedFiles(owner, ['COMPLETED']);
    const stranger = await createUser(t);
    const asStranger = await t.app.inject({
      method: 'POST',
      url: `/api/accounts/${owner.accountId}/brands/${owner.brandId}/tags/regenerate-ai`,
      headers: stranger.headers,
      payload: { shouldApplyAll: true, parentId: 'root', totalCount: 1 },
    });
    expect(asStranger.statusCode).toBe(404);
    expect(await recorded(owner.accountId)).toEqual([]);
    expect(await queued([file!])).toBe(0);
  });
});
