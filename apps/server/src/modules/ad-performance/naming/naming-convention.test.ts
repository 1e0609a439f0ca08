import type { AnalyticsAd, AnalyticsGroupRow, Job, NamingConventionAnswer } from '@hookline/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { account, ad, adNames, day, daysAgo, filtersQuery } from '../../../test/analytics-world.js';
import { createUser, type TestUser } from '../../../test/factories.js';
import { brandCall } from '../../../test/integrations-world.js';
import { createTestApp, eventually, type TestApp } from '../../../test/test-app.js';

/** The ad naming convention (issue 17 "Beyond the seeds"): saved by admins, parsed into every ad. */
describe('ad naming convention', () => {
  let t: TestApp;
  let admin: TestUser;
  let member: TestUser;
  let outsider: TestUser;

  const convention = {
    delimiter: '_',
    fields: [
      { position: 0, name: 'format' },
      { position: 1, name: 'hookType' },
      { position: 2, name: 'creator' },
      { position: 3, name: 'aspect' },
      { position: 4, name: 'version' },
    ],
  };
  const get = (u: TestUser) => brandCall<NamingConventionAnswer>(t, u, 'GET', '/ad-naming-convention');
  const put = (u: TestUser, body: object) =>
    brandCall<NamingConventionAnswer>(t, u, 'PUT', '/ad-naming-convention', body);
  const valuesOf = async (name: string) => {
    const { rows } = await t.context.database.execute<{ naming_values: Record<string, string> | null }>(
      'select naming_values from ads where brand_id = $1 and name = $2',
      [admin.brandId, name],
    );
    return rows.map((r) => r.naming_values);
  };
  const groups = (query: string) =>
    brandCall<AnalyticsGroupRow[]>(t, member, 'GET', `/performance-analytics/groups?${query}`);
  const list = (query: string) =>
    brandCall<AnalyticsAd[]>(t, member, 'GET', `/performance-analytics?${query}`);

  beforeAll(async () => {
    t = await createTestApp();
    admin = await createUser(t);
    member = {
      ...(await createUser(t, { accountId: admin.accountId, role: 'member' })),
      brandId: admin.brandId,
    };
    outsider = await createUser(t);
    // Names that follow format_hookType_creator_aspect_version, and some that do not.
    await t.context.services.adPerformance.write(
      { accountId: admin.accountId, brandId: admin.brandId },
      account(
        'act_1',
        'Main account',
        [
          ad('ad_question', 'UGC_Question_Sarah_9x16_v1'),
          ad('ad_problem', 'UGC_Problem_Tom_1x1_v2'),
          ad('ad_offer', 'Static_Offer_Ana_4x5_v1', { fileType: 'STATIC' }),
          ad('ad_hero', 'Hero video final'),
          ad('ad_copy', 'UGC_Question_Sarah_9x16_v1_copy'),
          ad('ad_empty', 'UGC__Ana_9x16_v1'),
          // Delivered 40 days ago only: in no 30-day figure, still one of the brand's names.
          ad('ad_old', 'Old_Hook_Lee_9x16_v3'),
        ],
        [
          day('ad_question', daysAgo(2), { spend: 100, impressions: 10_000 }),
          day('ad_problem', daysAgo(3), { spend: 50, impressions: 5000 }),
          day('ad_offer', daysAgo(4), { spend: 30, impressions: 3000 }),
          day('ad_hero', daysAgo(5), { spend: 20, impressions: 2000 }),
          day('ad_copy', daysAgo(6), { spend: 10, impressions: 1000 }),
          day('ad_empty', daysAgo(7), { spend: 5, impressions: 500 }),
          day('ad_old', daysAgo(40), { spend: 70, impressions: 7000 }),
        ],
      ),
    );
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers an empty convention and the highest-spend names before one is saved', async () => {
    const { status, body } = await get(member);
    expect(status).toBe(200);
    expect(body).toMatchObject({ delimiter: '_', fields: [], updatedAt: null, stats: { ads: 7, parsed: 0 } });
    // Highest 30-day spend first; the name without spend in the window comes last.
    expect(body.sample.map((s) => [s.name, s.spend])).toEqual([
      ['UGC_Question_Sarah_9x16_v1', 100],
      ['UGC_Problem_Tom_1x1_v2', 50],
      ['Static_Offer_Ana_4x5_v1', 30],
      ['Hero video final', 20],
      ['UGC_Question_Sarah_9x16_v1_copy', 10],
      ['UGC__Ana_9x16_v1', 5],
      ['Old_Hook_Lee_9x16_v3', 0],
    ]);
    expect(body.sample.every((s) => s.values === null && s.misfit === null)).toBe(true);
  });

  it('members read it but may not change it; another account does not see it', async () => {
    const refused = await put(member, convention);
    expect(refused.status).toBe(403);
    expect((await get(outsider)).status).toBe(200);
    const elsewhere = await t.app.inject({
      method: 'GET',
      url: `/api/accounts/${admin.accountId}/brands/${admin.brandId}/ad-naming-convention`,
      headers: outsider.headers,
    });
    expect(elsewhere.statusCode).toBe(404);
    const write = await t.app.inject({
      method: 'PUT',
      url: `/api/accounts/${admin.accountId}/brands/${admin.brandId}/ad-naming-convention`,
      headers: outsider.headers,
      payload: convention,
    });
    expect(write.statusCode).toBe(404);
    expect(await valuesOf('UGC_Question_Sarah_9x16_v1')).toEqual([null]);
  });

  it('refuses a bad delimiter, a position used twice, a custom field without label and too many fields, naming the field', async () => {
    const fieldOf = async (body: object) => {
      const response = await put(admin, body);
      expect(response.status).toBe(400);
      return (response.body as unknown as { fields: { path: string }[] }).fields.map((f) => f.path);
    };
    expect(await fieldOf({ ...convention, delimiter: '' })).toEqual(['body.delimiter']);
    expect(await fieldOf({ ...convention, delimiter: '----' })).toEqual(['body.delimiter']);
    expect(
      await fieldOf({
        delimiter: '_',
        fields: [
          { position: 0, name: 'format' },
          { position: 0, name: 'creator' },
        ],
      }),
    ).toEqual(['body.fields.1.position']);
    expect(await fieldOf({ delimiter: '_', fields: [{ position: 0, name: 'custom' }] })).toEqual([
      'body.fields.0.label',
    ]);
    expect(
      await fieldOf({
        delimiter: '_',
        fields: [
          { position: 0, name: 'format' },
          { position: 1, name: 'format' },
        ],
      }),
    ).toEqual(['body.fields.1.name']);
    expect(
      await fieldOf({
        delimiter: '_',
        fields: Array.from({ length: 13 }, (_, i) => ({ position: i, name: 'custom', label: `F${i}` })),
      }),
    ).toEqual(['body.fields']);
    expect(await fieldOf({ delimiter: '_', fields: [{ position: -1, name: 'format' }] })).toEqual([
      'body.fields.0.position',
    ]);
    expect((await get(member)).body.fields).toEqual([]);
  });

  it("an admin's save parses every ad of the brand again and flags the misfits in the preview", async () => {
    const saved = await put(admin, convention);
    expect(saved.status).toBe(200);
    expect(saved.body.fields).toEqual(convention.fields);
    expect(saved.body.updatedAt).toEqual(expect.any(String));
    expect(saved.body.stats).toEqual({ ads: 7, parsed: 4 });
    expect(saved.body.sample.map((s) => [s.name, s.values, s.misfit])).toEqual([
      [
        'UGC_Question_Sarah_9x16_v1',
        { format: 'UGC', hookType: 'Question', creator: 'Sarah', aspect: '9x16', version: 'v1' },
        null,
      ],
      [
        'UGC_Problem_Tom_1x1_v2',
        { format: 'UGC', hookType: 'Problem', creator: 'Tom', aspect: '1x1', version: 'v2' },
        null,
      ],
      [
        'Static_Offer_Ana_4x5_v1',
        { format: 'Static', hookType: 'Offer', creator: 'Ana', aspect: '4x5', version: 'v1' },
        null,
      ],
      ['Hero video final', null, 'Only 1 of the 5 parts'],
      ['UGC_Question_Sarah_9x16_v1_copy', null, '6 parts where the convention has 5'],
      ['UGC__Ana_9x16_v1', null, 'Nothing at position 1 (Hook type)'],
      [
        'Old_Hook_Lee_9x16_v3',
        { format: 'Old', hookType: 'Hook', creator: 'Lee', aspect: '9x16', version: 'v3' },
        null,
      ],
    ]);
    // Stored on the ads themselves, misfits without values.
    expect(await valuesOf('UGC_Problem_Tom_1x1_v2')).toEqual([
      { format: 'UGC', hookType: 'Problem', creator: 'Tom', aspect: '1x1', version: 'v2' },
    ]);
    expect(await valuesOf('Hero video final')).toEqual([null]);
    // Members read what was saved.
    const read = await get(member);
    expect(read.body).toEqual(saved.body);
  });

  it('groups the ads by a naming field, ads without a value in Other, and a group lists its ads', async () => {
    const { status, body } = await groups('groupBy=naming:format&sort=spend&order=desc');
    expect(status).toBe(200);
    expect(body.map((r) => [r.name, r.count, r.totalSpend])).toEqual([
      ['UGC', 2, 150],
      ['Static', 1, 30],
      ['Other', 3, 35],
    ]);
    const ugc = body.find((r) => r.name === 'UGC')!;
    expect(ugc).toMatchObject({ groupingField: 'naming:format', groupId: 'UGC' });
    expect(adNames((await list(`parentId=${ugc.id}`)).body).sort()).toEqual([
      'UGC_Problem_Tom_1x1_v2',
      'UGC_Question_Sarah_9x16_v1',
    ]);
    const other = body.find((r) => r.groupId === null)!;
    expect(adNames((await list(`parentId=${other.id}`)).body).sort()).toEqual([
      'Hero video final',
      'UGC_Question_Sarah_9x16_v1_copy',
      'UGC__Ana_9x16_v1',
    ]);
    const bad = await groups('groupBy=naming:colour');
    expect(bad.status).toBe(400);
  });

  it('filters by a naming field like an ad field, and answers each ad with its values', async () => {
    const named = (items: object[]) => list(filtersQuery(items)).then((r) => adNames(r.body).sort());
    const naming = (field: string, operator: string, value: string) => ({
      id: 'naming',
      operator,
      params: { field, value },
    });
    expect(await named([naming('format', 'EQUALS', 'ugc')])).toEqual([
      'UGC_Problem_Tom_1x1_v2',
      'UGC_Question_Sarah_9x16_v1',
    ]);
    expect(await named([naming('hookType', 'CONTAINS', 'quest')])).toEqual(['UGC_Question_Sarah_9x16_v1']);
    // Ads without a value do not contain it either.
    expect(await named([naming('format', 'NOT_CONTAINS', 'UGC')])).toEqual([
      'Hero video final',
      'Static_Offer_Ana_4x5_v1',
      'UGC_Question_Sarah_9x16_v1_copy',
      'UGC__Ana_9x16_v1',
    ]);
    const bad = await list(filtersQuery([naming('colour', 'EQUALS', 'red')]));
    expect(bad.status).toBe(400);
    expect(bad.raw).toContain('filters.0');
    const { body } = await list('sort=spend');
    expect(body.find((a) => a.name === 'UGC_Question_Sarah_9x16_v1')?.namingValues).toEqual({
      format: 'UGC',
      hookType: 'Question',
      creator: 'Sarah',
      aspect: '9x16',
      version: 'v1',
    });
    expect(body.find((a) => a.name === 'Hero video final')?.namingValues).toBeNull();
  });

  it('parses ads written after the save: imported from Ads Manager, synced, renamed', async () => {
    const csv = [
      'Reporting starts,Reporting ends,Campaign name,Ad set name,Ad name,Amount spent (USD),Impressions',
      `${daysAgo(1)},${daysAgo(1)},Launch,Broad,UGC_Unboxing_Mia_9x16_v1,12.50,1000`,
    ].join('\n');
    const started = await t.app.inject({
      method: 'POST',
      url: `/api/accounts/${admin.accountId}/brands/${admin.brandId}/ad-performance/imports?fileName=export.csv`,
      headers: { ...admin.headers, 'content-type': 'text/csv' },
      payload: Buffer.from(csv),
    });
    expect(started.statusCode).toBe(201);
    const job = await eventually(async () => {
      const response = await t.app.inject({
        url: `/api/jobs/${started.json<Job>().id}`,
        headers: admin.headers,
      });
      const current = response.json<Job>();
      return current.status === 'CREATED' ? undefined : current;
    }, 60_000);
    expect(job.status).toBe('FINISHED');
    expect(await valuesOf('UGC_Unboxing_Mia_9x16_v1')).toEqual([
      { format: 'UGC', hookType: 'Unboxing', creator: 'Mia', aspect: '9x16', version: 'v1' },
    ]);
    // What the Meta sync and the demo hand the store: a new ad, and a known ad renamed to fit.
    await t.context.services.adPerformance.write(
      { accountId: admin.accountId, brandId: admin.brandId },
      account(
        'act_1',
        'Main account',
        [ad('ad_new', 'Static_Review_Joe_1x1_v4'), ad('ad_hero', 'UGC_Demo_Kim_16x9_v1')],
        [],
      ),
    );
    expect(await valuesOf('Static_Review_Joe_1x1_v4')).toEqual([
      { format: 'Static', hookType: 'Review', creator: 'Joe', aspect: '1x1', version: 'v4' },
    ]);
    expect(await valuesOf('UGC_Demo_Kim_16x9_v1')).toEqual([
      { format: 'UGC', hookType: 'Demo', creator: 'Kim', aspect: '16x9', version: 'v1' },
    ]);
  });

  it('groups by a custom field, and a convention without fields clears every value', async () => {
    const custom = await put(admin, {
      delimiter: '_',
      fields: [
        { position: 1, name: 'custom', label: 'Angle' },
        { position: 0, name: 'format' },
        { position: 4, name: 'version', label: 'ignored' },
      ],
    });
    expect(custom.status).toBe(200);
    // Kept in position order; a label only on custom fields.
    expect(custom.body.fields).toEqual([
      { position: 0, name: 'format' },
      { position: 1, name: 'custom', label: 'Angle' },
      { position: 4, name: 'version' },
    ]);
    expect(await valuesOf('UGC_Problem_Tom_1x1_v2')).toEqual([
      { format: 'UGC', 'custom:Angle': 'Problem', version: 'v2' },
    ]);
    const byAngle = await groups(`groupBy=${encodeURIComponent('naming:custom:Angle')}&sort=name&order=asc`);
    expect(byAngle.status).toBe(200);
    expect(byAngle.body.map((r) => [r.name, r.count])).toEqual([
      ['Demo', 1],
      ['Offer', 1],
      ['Problem', 1],
      ['Question', 1],
      ['Unboxing', 1],
      ['Other', 2],
    ]);
    const cleared = await put(admin, { delimiter: '-', fields: [] });
    expect(cleared.body.stats.parsed).toBe(0);
    expect(await valuesOf('UGC_Problem_Tom_1x1_v2')).toEqual([null]);
    expect(cleared.body.delimiter).toBe('-');
  });
});
