import type { AnalyticsGroupRow, SearchOption } from '@hookline/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AnalyticsWorld,
  adNames,
  filtersQuery,
  listAs,
  seedAnalytics,
} from '../../../test/analytics-world.js';
import type { TestUser } from '../../../test/factories.js';
import { createFiles } from '../../../test/factories.js';
import { brandCall } from '../../../test/integrations-world.js';

describe('creative analytics: groups, and filters on assets', () => {
  let t: AnalyticsWorld['t'];
  let member: TestUser;
  let ids: Map<string, string>;
  beforeAll(async () => {
    ({ t, member, ids } = await seedAnalytics());
  });
  afterAll(async () => {
    await t?.close();
  });
  const list = (u: TestUser, query = '') => listAs(t, u, query);
  const names = adNames;
  const filters = filtersQuery;

  const groups = (query: string) =>
    brandCall<AnalyticsGroupRow[]>(t, member, 'GET', `/performance-analytics/groups?${query}`);
  const rowsOf = (rows: AnalyticsGroupRow[]) => rows.map((r) => [r.name, r.count, r.totalSpend]);
  let hooks: { id: string };
  let tagIds: Record<string, string>;

  beforeAll(async () => {
    // A tag category 'Hooks' with tags on the assets of two ads (the hero carries both).
    const call = async <T>(path: string, payload: object) =>
      (await brandCall<T>(t, member, 'POST', path, payload)).body;
    hooks = await call<{ id: string }>('/tag-categories', { name: 'Hooks' });
    const question = await call<{ id: string }>('/tags', { name: 'Question', categoryId: hooks.id });
    const problem = await call<{ id: string }>('/tags', { name: 'Problem', categoryId: hooks.id });
    await call('/tags', { name: 'Unused', categoryId: hooks.id });
    tagIds = { question: question.id, problem: problem.id };
    const [heroFile, cheapFile] = await createFiles(t, member, { names: ['hero.mp4', 'cheap.mp4'] });
    const db = t.context.database;
    // As a sync links its ads' media (the rollups, which copy each ad's assets, go stale).
    await t.context.services.adPerformance.linkAssets(member.brandId, [
      { adId: ids.get('ad_hero') as string, assetId: heroFile as string },
      { adId: ids.get('ad_cheap') as string, assetId: cheapFile as string },
    ]);
    for (const [file, tag] of [
      [heroFile, question.id],
      [heroFile, problem.id],
      [cheapFile, problem.id],
    ])
      await db.execute('insert into asset_tags (asset_id, tag_id) values ($1, $2)', [file, tag]);
    // What processing and the AI analysis would have found: the hero's length and a CTA clip,
    // and what the cheap one's video says.
    await db.execute(
      `update assets set length = 30, metadata = '{"width": 1080, "height": 1920}' where id = $1`,
      [heroFile],
    );
    await db.execute(
      `insert into asset_clips (asset_id, position, type, quote, start_ms, end_ms) values ($1, 0, 'CTA', 'Shop now', 0, 2000)`,
      [heroFile],
    );
    await db.execute(`insert into asset_analyses (asset_id, transcript) values ($1, $2)`, [
      cheapFile,
      JSON.stringify({
        source: 'AI',
        language: 'en',
        timed: true,
        entries: [{ startMs: 0, endMs: 900, text: 'Use code SPRING20' }],
      }),
    ]);
  });

  it("offers the brand's creative-info values as filter options, searched and counted", async () => {
    const options = (query: string) =>
      brandCall<{ value: string; ads: number }[]>(
        t,
        member,
        'GET',
        `/performance-analytics/creative-options?${query}`,
      );
    // Every ad of the brand carries the CTA; the stranger's brand's ad is not counted.
    expect((await options('field=ctaType')).body).toEqual([{ value: 'SHOP_NOW', ads: 4 }]);
    // Values containing q, those starting with it first; an option is a value the filter matches.
    const titles = await options('field=creativeTitle&q=test');
    expect(titles.body).toEqual([
      { value: 'Cheap testimonial headline', ads: 1 },
      { value: 'Old hook test headline', ads: 1 },
    ]);
    const headline = titles.body![0]!.value;
    const matched = await list(member, filters([{ id: 'creativeTitle', children: [{ id: headline }] }]));
    expect(names(matched.body)).toEqual(['Cheap testimonial']);
    expect((await options('field=creativeTitle&q=te&limit=1&offset=1')).body).toHaveLength(1);
    // '%' and '_' are data.
    expect((await options('field=creativeMessage&q=50%25')).body?.length).toBe(4);
    expect((await options('field=creativeMessage&q=5_%25')).body).toEqual([]);
    for (const bad of ['field=status', '', 'field=ctaType&limit=101'])
      expect((await options(bad)).status, bad).toBe(400);
  });

  it('serves its creative-info values to GET search-options (CREATIVE_INFO_VALUE), as search ranks options', async () => {
    const searchOptions = (u: TestUser, query: string) =>
      brandCall<SearchOption[]>(t, u, 'GET', `/search-options?entity=CREATIVE_INFO_VALUE&${query}`);
    // Values containing q from every creative-info field, the detail naming the field.
    const found = await searchOptions(member, 'q=test');
    expect(found.status).toBe(200);
    expect(found.body.map((o) => `${o.detail}: ${o.name}`).sort()).toEqual([
      'creativeMessage: Cheap testimonial message: 50% off',
      'creativeMessage: Old hook test message: 50% off',
      'creativeTitle: Cheap testimonial headline',
      'creativeTitle: Old hook test headline',
      'landingPage: https://shop.example.test',
    ]);
    // Those starting with q first; a value the brand's ads share is one option.
    const cheap = await searchOptions(member, 'q=cheap');
    expect(
      cheap.body
        .slice(0, 2)
        .map((o) => o.name)
        .sort(),
    ).toEqual(['Cheap testimonial headline', 'Cheap testimonial message: 50% off']);
    expect((await searchOptions(member, 'q=SHOP_NOW')).body).toEqual([
      { id: 'ctaType:SHOP_NOW', name: 'SHOP_NOW', entity: 'CREATIVE_INFO_VALUE', detail: 'ctaType' },
    ]);
    expect((await searchOptions(member, 'q=test&limit=1&offset=1')).body).toHaveLength(1);
    // Another brand's values are not offered, not even to a caller asking by name.
    expect((await searchOptions(member, 'q=canary')).body).toEqual([]);
  });

  it('filters by creative values, media metadata and clip types, and finds what a video says', async () => {
    const cta = await list(member, filters([{ id: 'ctaType', children: [{ id: 'SHOP_NOW' }] }]));
    expect(cta.body).toHaveLength(3);
    const headline = await list(
      member,
      filters([{ id: 'creativeTitle', children: [{ id: 'hero ugc 9x16 headline' }] }]),
    );
    expect(names(headline.body)).toEqual(['Hero UGC 9x16']);
    const tall = await list(
      member,
      filters([{ id: 'metadata', params: { field: 'height', operator: 'gte', value: 1920 } }]),
    );
    expect(names(tall.body)).toEqual(['Hero UGC 9x16']);
    const short = await list(
      member,
      filters([{ id: 'metadata', params: { field: 'length', operator: 'lt', value: 30 } }]),
    );
    expect(short.body).toEqual([]);
    const clips = await list(member, 'assetVideoIntelligenceCategories=CTA');
    expect(names(clips.body)).toEqual(['Hero UGC 9x16']);
    expect((await list(member, 'assetVideoIntelligenceCategories=Before')).body).toEqual([]);
    expect(names((await list(member, 'keyword=spring20')).body)).toEqual(['Cheap testimonial']);
    // The transcript's own keys are not words it says.
    expect((await list(member, 'keyword=startMs')).body).toEqual([]);
    const bad = await list(
      member,
      filters([{ id: 'metadata', params: { field: 'depth', operator: 'gt', value: 1 } }]),
    );
    expect(bad.status).toBe(400);
    const badType = await list(member, 'assetVideoIntelligenceCategories=Jokes');
    expect(badType.status).toBe(400);
  });

  it('groups by a creative value, weighting each group by its delivery', async () => {
    const byCta = await groups('groupBy=ctaType');
    expect(byCta.status).toBe(200);
    expect(byCta.body).toHaveLength(1);
    // (500 + 0 + 30) ÷ (100 + 40 + 5) and 145 ÷ 15: ratios of the group's sums.
    expect(byCta.body[0]).toMatchObject({
      name: 'SHOP_NOW',
      groupId: 'SHOP_NOW',
      groupingField: 'ctaType',
      count: 3,
      totalSpend: 145,
      totalResults: 15,
      roas: 3.6552,
      cpa: 9.6667,
      category: null,
    });
    const byTitle = await groups('groupBy=creativeTitle&sort=roas&order=desc');
    expect(rowsOf(byTitle.body)).toEqual([
      ['Cheap testimonial headline', 1, 5],
      ['Hero UGC 9x16 headline', 1, 100],
      ['Static 50% offer headline', 1, 40],
    ]);
    // A group's id lists its ads.
    const cheap = byTitle.body[0] as AnalyticsGroupRow;
    expect(names((await list(member, `parentId=${cheap.id}`)).body)).toEqual(['Cheap testimonial']);

    // A score filter ranks the brand's ads for the groups too (groups join the scores only then).
    const hooked = await groups(
      `groupBy=ctaType&${filtersQuery([{ id: 'score', params: { metric: 'hook', operator: 'BIGGER', value: 50 } }])}`,
    );
    expect(hooked.body).toMatchObject([{ name: 'SHOP_NOW', count: 1, totalSpend: 100 }]);
  });

  it("groups by a tag category's tags, with 'Untagged'; an ad with two tags is in both", async () => {
    const { status, body } = await groups(`groupBy=tagCategory:${hooks.id}`);
    expect(status).toBe(200);
    expect(rowsOf(body)).toEqual([
      ['Problem', 2, 105],
      ['Question', 1, 100],
      ['Untagged', 1, 40],
    ]);
    expect(body[0]).toMatchObject({ category: 'Hooks', groupId: tagIds.problem });
    const untagged = body[2] as AnalyticsGroupRow;
    expect(untagged.groupId).toBeNull();
    expect(names((await list(member, `parentId=${untagged.id}`)).body)).toEqual(['Static 50% offer']);
    expect(names((await list(member, `parentId=${body[0]?.id}`)).body)).toEqual([
      'Hero UGC 9x16',
      'Cheap testimonial',
    ]);
    // The tags filter: ads whose assets carry any of the tags.
    const tagged = await list(member, filters([{ id: 'tags', children: [{ id: tagIds.question }] }]));
    expect(names(tagged.body)).toEqual(['Hero UGC 9x16']);
  });

  it("groups by dynamic name groups, overlapping, with 'Other' for ads in none", async () => {
    const dynamic = [
      { label: 'UGC', conditions: [{ operator: 'CONTAINS', value: 'ugc' }] },
      { label: 'Offers', conditions: [{ operator: 'CONTAINS', value: '50%' }] },
      {
        label: 'Not cheap, with an a',
        conditions: [
          { operator: 'NOT_CONTAINS', value: 'cheap' },
          { operator: 'CONTAINS', value: 'a' },
        ],
      },
    ];
    const { status, body } = await groups(
      `groupBy=dynamicAdNameGroups&dynamicAdNameGroups=${encodeURIComponent(JSON.stringify(dynamic))}`,
    );
    expect(status).toBe(200);
    expect(rowsOf(body)).toEqual([
      ['UGC', 1, 100],
      // The static ad is in both (overlapping groups); equal spend sorts by name.
      ['Not cheap, with an a', 1, 40],
      ['Offers', 1, 40],
      ['Other', 1, 5],
    ]);
    expect(names((await list(member, `parentId=${body[3]?.id}`)).body)).toEqual(['Cheap testimonial']);
    expect(names((await list(member, `parentId=${body[0]?.id}`)).body)).toEqual(['Hero UGC 9x16']);
  });

  it.each([
    ['no groupBy', '', 'querystring.groupBy'],
    ['an unknown groupBy', 'groupBy=mood', 'querystring.groupBy'],
    ['another brand’s tag category', `groupBy=tagCategory:${crypto.randomUUID()}`, 'querystring.groupBy'],
    ['dynamic groups without any', 'groupBy=dynamicAdNameGroups', 'querystring.dynamicAdNameGroups'],
    [
      'a dynamic condition without value',
      `groupBy=dynamicAdNameGroups&dynamicAdNameGroups=${encodeURIComponent(
        JSON.stringify([{ label: 'A', conditions: [{ operator: 'CONTAINS', value: ' ' }] }]),
      )}`,
      'querystring.dynamicAdNameGroups.0.conditions.0.value',
    ],
  ])('answers 400 naming the field for %s', async (_, query, path) => {
    const { status, body } = await groups(query);
    expect(status).toBe(400);
    expect((body as unknown as { fields: { path: string }[] }).fields.map((f) => f.path)).toContain(path);
  });

  it('answers 400 for a parentId that is no group', async () => {
    const { status, body } = await list(member, 'parentId=not-a-group');
    expect(status).toBe(400);
    expect((body as unknown as { fields: { path: string }[] }).fields[0]?.path).toBe('querystring.parentId');
  });
});
