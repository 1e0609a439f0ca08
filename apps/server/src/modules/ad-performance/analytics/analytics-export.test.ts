import type { Job } from '@hookline/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AnalyticsWorld,
  adNames,
  filtersQuery,
  listAs,
  seedAnalytics,
} from '../../../test/analytics-world.js';
import type { TestUser } from '../../../test/factories.js';
import { eventually } from '../../../test/test-app.js';
import { fetchUrl } from '../../../test/uploads.js';

describe('creative analytics: the CSV export', () => {
  let t: AnalyticsWorld['t'];
  let member: TestUser;
  let stranger: TestUser;
  beforeAll(async () => {
    ({ t, member, stranger } = await seedAnalytics());
  });
  afterAll(async () => {
    await t?.close();
  });
  const _list = (u: TestUser, query = '') => listAs(t, u, query);
  const _names = adNames;
  const _filters = filtersQuery;

  /** The job once it is no longer waiting to run. */
  const settled = (job: Job) =>
    eventually(async () => {
      const current: Job = (
        await t.app.inject({ method: 'GET', url: job.actions.self.href, headers: member.headers })
      ).json();
      return current.status === 'CREATED' ? undefined : current;
    }, 60_000);
  const startExport = (customParams: object) =>
    t.app.inject({
      method: 'POST',
      url: '/api/jobs',
      headers: member.headers,
      payload: { brandId: member.brandId, type: 'EXPORT_ANALYTICS_CSV', customParams },
    });

  it('writes every matching ad in the list’s order with every column, and answers its link', async () => {
    const created = await startExport({
      brandId: member.brandId,
      sortOptions: { sort: 'spend', order: 'asc' },
      query: { analyticsPreset: 'THIRTY_DAYS', filters: [] },
    });
    expect(created.statusCode).toBe(201);
    const job = await settled(created.json<Job>());
    expect(job.status).toBe('FINISHED');
    const result = job.result as { url: string; fileName: string; count: number };
    expect(result.fileName).toMatch(/^analytics-brand-\d+-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(result.count).toBe(3);
    const file = await fetchUrl(t, result.url);
    expect(file.status).toBe(200);
    expect(String(file.headers['content-disposition'])).toContain(result.fileName);
    const lines = file.body
      .toString('utf8')
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toMatch(/^Ad ID,Ad name,Status,File type,Ad account,Campaign,Ad set,Created,Spend,/);
    expect(lines.slice(1).map((line) => line.split(',')[1])).toEqual([
      'Cheap testimonial',
      'Static 50% offer',
      'Hero UGC 9x16',
    ]);
    const hero = lines[3]?.split(',') ?? [];
    const header = lines[0]?.split(',') ?? [];
    expect(hero[header.indexOf('Spend')]).toBe('100');
    expect(hero[header.indexOf('ROAS')]).toBe('5');
    // Another brand's canary never appears.
    expect(file.body.toString('utf8')).not.toContain('canary');
  });

  it('writes the same file from rollups as from the daily rows, filters and all', async () => {
    const exported = async () => {
      const created = await startExport({
        brandId: member.brandId,
        sortOptions: { sort: 'roas', order: 'desc' },
        query: {
          analyticsPreset: 'THIRTY_DAYS',
          filters: [{ id: 'metric', params: { metric: 'spend', operator: 'BIGGER', value: 1 } }],
        },
      });
      const job = await settled(created.json<Job>());
      expect(job.status, JSON.stringify(job)).toBe('FINISHED');
      return (await fetchUrl(t, (job.result as { url: string }).url)).body.toString('utf8');
    };
    const fromDailyRows = await exported();
    await t.context.services.adPerformance.rollups.refresh(member.brandId);
    const state = await t.context.database.execute<{ fresh: boolean }>(
      'select rolled_version = data_version as fresh from ad_rollup_states where brand_id = $1',
      [member.brandId],
    );
    expect(state.rows[0]).toEqual({ fresh: true });
    expect(await exported()).toEqual(fromDailyRows);
    expect(fromDailyRows.trim().split('\r\n').length).toBeGreaterThan(2);
  });

  it("refuses CUSTOM without dates when asked ('Custom date needs both dates')", async () => {
    const refused = await startExport({ brandId: member.brandId, query: { analyticsPreset: 'CUSTOM' } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ fields: { path: string; message: string }[] }>().fields).toContainEqual({
      path: 'body.customParams.query.from',
      message: 'Custom date needs both dates',
    });
  });

  it('fails, writing nothing, when its parameters name another brand', async () => {
    const created = await startExport({ brandId: stranger.brandId, query: {} });
    expect(created.statusCode).toBe(201);
    const job = await settled(created.json<Job>());
    expect(job).toMatchObject({ status: 'FAILED', error: 'The export names another brand' });
  });
});
