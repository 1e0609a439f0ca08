import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AnalyticsWorld,
  account,
  ad,
  adNames,
  day,
  daysAgo,
  filtersQuery,
  seedAnalytics,
} from '../../../test/analytics-world.js';
import { createFiles, type TestUser } from '../../../test/factories.js';
import { brandCall } from '../../../test/integrations-world.js';

/**
 * Creative analytics' rollups (issue 17 benchmark): answers read from them are the answers
 * the daily rows give, and a change to delivery is never answered from stale rollups. The app
 * runs no workers here, so the test says when rollups are refreshed.
 */
describe('creative analytics: rollups', () => {
  let t: AnalyticsWorld['t'];
  let member: TestUser;
  let ids: Map<string, string>;
  let hooks: string;
  let question: string;
  beforeAll(async () => {
    ({ t, member, ids } = await seedAnalytics({ role: 'api' }));
    // Tags on two ads' files (the hero's carries both), linked as a sync links them: tag groups
    // and filters read the ads' asset ids, which rollups copy.
    const call = async (path: string, payload: object) =>
      (await brandCall<{ id: string }>(t, member, 'POST', path, payload)).body!.id;
    hooks = await call('/tag-categories', { name: 'Hooks' });
    question = await call('/tags', { name: 'Question', categoryId: hooks });
    const problem = await call('/tags', { name: 'Problem', categoryId: hooks });
    const [heroFile, cheapFile] = (await createFiles(t, member, {
      names: ['hero.mp4', 'cheap.mp4'],
    })) as string[];
    await t.context.services.adPerformance.linkAssets(member.brandId, [
      { adId: ids.get('ad_hero') as string, assetId: heroFile as string },
      { adId: ids.get('ad_cheap') as string, assetId: cheapFile as string },
    ]);
    for (const [file, tag] of [
      [heroFile, question],
      [heroFile, problem],
      [cheapFile, problem],
    ])
      await t.context.database.execute('insert into asset_tags (asset_id, tag_id) values ($1, $2)', [
        file,
        tag,
      ]);
  });
  afterAll(async () => {
    await t?.close();
  });
  const rollups = () => t.context.services.adPerformance.rollups;
  const state = async () =>
    (
      await t.context.database.execute<{ fresh: boolean }>(
        'select rolled_version = data_version as fresh from ad_rollup_states where brand_id = $1',
        [member.brandId],
      )
    ).rows[0];

  const queries = [
    '',
    'sort=cpa&order=asc',
    'sort=cpa&order=desc',
    'sort=hookScore&order=desc',
    'sort=convertScore&order=asc',
    'sort=name&order=asc&limit=2&offset=1',
    // Past the last page: no ads, and still the whole total.
    'limit=2&offset=1000',
    `analyticsPreset=SEVEN_DAYS&${filtersQuery([{ id: 'metric', params: { metric: 'roas', operator: 'BIGGER', value: 1 } }])}`,
    `analyticsPreset=ALL_TIME&${filtersQuery([{ id: 'fileType', children: [{ id: 'VIDEO' }] }])}`,
    `analyticsPreset=${encodeURIComponent('last 3 months')}`,
    'analyticsPreset=LAST_MONTH',
    `${filtersQuery([{ id: 'score', params: { metric: 'hook', operator: 'BIGGER', value: 10 } }])}`,
    'keyword=hero',
    // What rollup rows copy of their ads: name, status, and asset ids (the tag filter).
    filtersQuery([{ id: 'adField', operator: 'CONTAINS', params: { field: 'adName', value: 'ugc' } }]),
    filtersQuery([{ id: 'adField', operator: 'EQUALS', params: { field: 'status', value: 'PAUSED' } }]),
    filtersQuery([{ id: 'adField', operator: 'CONTAINS', params: { field: 'campaignName', value: 'a' } }]),
  ];
  const tagQueries = () => [`${filtersQuery([{ id: 'tags', children: [{ id: question }] }])}`];
  const tagGroupQueries = () => [`groupBy=tagCategory:${hooks}`, `groupBy=tagCategory:${hooks}&sort=roas`];
  const groupQueries = [
    'groupBy=ctaType',
    'groupBy=creativeTitle&analyticsPreset=ALL_TIME&sort=roas',
    `groupBy=dynamicAdNameGroups&dynamicAdNameGroups=${encodeURIComponent(
      JSON.stringify([{ label: 'UGC', conditions: [{ operator: 'CONTAINS', value: 'UGC' }] }]),
    )}`,
  ];
  async function answers() {
    const lists = [];
    for (const query of [...queries, ...tagQueries()]) {
      const answer = await brandCall(t, member, 'GET', `/performance-analytics?${query}`);
      expect(answer.status, query).toBe(200);
      lists.push({ ads: answer.body, total: answer.total });
    }
    for (const query of [...groupQueries, ...tagGroupQueries()]) {
      const answer = await brandCall(t, member, 'GET', `/performance-analytics/groups?${query}`);
      expect(answer.status, query).toBe(200);
      lists.push(answer.body);
    }
    return lists;
  }

  it('answer as the daily rows do, scores included, once refreshed', async () => {
    expect(await state()).toEqual({ fresh: false });
    const fromDailyRows = await answers();
    await rollups().refresh(member.brandId);
    expect(await state()).toEqual({ fresh: true });
    const windows = [{ adAccountId: await accountId(), window: null }];
    expect(await rollups().usable(member.brandId, 'ALL_TIME', windows)).toBe('ALL_TIME');
    expect(await answers()).toEqual(fromDailyRows);
    // The hand-made ads hold scores and previous figures; the comparison is not of empty answers.
    const [first] = (fromDailyRows[0] as { ads: unknown }).ads as {
      analyticsPresets: { THIRTY_DAYS: { scores: { hook: number | null } } };
    }[];
    const pastTheEnd = fromDailyRows[queries.indexOf('limit=2&offset=1000')];
    expect(pastTheEnd).toEqual({ ads: [], total: (fromDailyRows[0] as { total: number }).total });
    expect((fromDailyRows[0] as { total: number }).total).toBeGreaterThan(2);
    expect(first?.analyticsPresets.THIRTY_DAYS.scores.hook).not.toBeNull();
    const byTag = fromDailyRows.at(-2) as { name: string; count: number }[];
    expect(byTag.map((g) => [g.name, g.count])).toEqual([
      ['Problem', 2],
      ['Question', 1],
      ['Untagged', expect.any(Number)],
    ]);
  });

  it('are not read once delivery changed, until refreshed again', async () => {
    await rollups().refresh(member.brandId);
    await t.context.services.adPerformance.write(
      { accountId: member.accountId, brandId: member.brandId },
      account(
        'act_1',
        'Main account',
        [ad('ad_late', 'Late big spender')],
        [day('ad_late', daysAgo(1), { spend: 500, impressions: 50_000 })],
      ),
    );
    expect(await state()).toEqual({ fresh: false });
    const top = await brandCall<{ name: string }[]>(t, member, 'GET', '/performance-analytics');
    expect(adNames(top.body as never)[0]).toBe('Late big spender');
    await rollups().refresh(member.brandId);
    const again = await brandCall<{ name: string }[]>(t, member, 'GET', '/performance-analytics');
    expect(again.body).toEqual(top.body);
  });

  it('are not read for days they did not sum (a window that moved at midnight), nor for CUSTOM', async () => {
    await rollups().refresh(member.brandId);
    await t.context.database.execute(
      `update ad_rollup_states set windows = jsonb_set(windows, '{THIRTY_DAYS}', '"moved"') where brand_id = $1`,
      [member.brandId],
    );
    const windows = [{ adAccountId: await accountId(), window: { from: daysAgo(30), to: daysAgo(1) } }];
    expect(await rollups().usable(member.brandId, 'THIRTY_DAYS', windows)).toBeNull();
    expect(await rollups().usable(member.brandId, 'CUSTOM', windows)).toBeNull();
    expect(await rollups().usable(member.brandId, 'SEVEN_DAYS', windows)).toBeNull();
  });

  async function accountId(): Promise<string> {
    const { rows } = await t.context.database.execute<{ id: string }>(
      'select id from ad_accounts where brand_id = $1',
      [member.brandId],
    );
    return rows[0]!.id;
  }
});
