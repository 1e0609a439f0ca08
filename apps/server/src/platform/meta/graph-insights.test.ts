import { describe, expect, it } from 'vitest';
import { account1, fake, graph, token, useGraphWorld } from '../../test/graph-world.js';
import { GraphError } from './errors.js';

useGraphWorld();

describe('async insights', () => {
  it('polls a report run to 100 % and reads its rows', async () => {
    const runId = await graph.startReportRun(account1.slice(4), token, {
      level: 'ad',
      time_increment: '1',
      time_range: { since: '2026-11-01', until: '2026-11-03' },
      fields: 'ad_id,spend,impressions,actions',
    });
    const polls = [];
    for (let i = 0; i < 3; i++) polls.push(await graph.reportRun(runId, token));
    expect(polls.map((p) => [p.status, p.percent])).toEqual([
      ['Job Running', 0],
      ['Job Running', 50],
      ['Job Completed', 100],
    ]);
    expect(polls.every((p) => !p.error)).toBe(true);
    const rows = await graph.all<{ ad_id: string; date_start: string }>(`/${runId}/insights`, token);
    const expected = fake.state.ads
      .filter((ad) => ad.accountId === account1)
      .flatMap((ad) => ['2026-11-01', '2026-11-02', '2026-11-03'].filter((d) => fake.insightRow(ad.id, d)));
    expect(rows).toHaveLength(expected.length);
    expect(rows.length).toBeGreaterThan(25);
  });

  it('reports a failed run with its error fields', async () => {
    fake.inject({
      method: 'POST',
      pathPattern: /\/insights$/,
      reportRunFailure: { code: 2, subcode: 2490547, message: 'The report failed' },
    });
    const runId = await graph.startReportRun(account1, token, { level: 'ad', date_preset: 'last_7d' });
    expect((await graph.reportRun(runId, token)).error).toBeUndefined();
    const failed = await graph.reportRun(runId, token);
    expect(failed.status).toBe('Job Failed');
    expect(failed.error).toBeInstanceOf(GraphError);
    expect(failed.error).toMatchObject({ code: 2, subcode: 2490547, message: 'The report failed' });
  });
});
