import { describe, expect, it } from 'vitest';
import { startFakeGraph } from '../../../test/fake-graph.js';
import {
  account1,
  allStatuses,
  clientFor,
  fake,
  graph,
  token,
  useGraphWorld,
} from '../../test/graph-world.js';
import { GraphError } from './errors.js';

useGraphWorld();

describe('paging', () => {
  it('follows paging.next across three pages', async () => {
    const before = fake.calls.length;
    const pages = [];
    for await (const page of graph.pages<{ id: string }>(`/${account1}/ads`, token, {
      fields: 'id,name',
      effective_status: allStatuses,
      limit: 10,
    })) {
      pages.push(page.data.map((ad) => ad.id));
    }
    expect(pages.map((p) => p.length)).toEqual([10, 10, 10]);
    const ids = pages.flat();
    expect(new Set(ids).size).toBe(30);
    expect(ids).toEqual(fake.state.ads.filter((ad) => ad.accountId === account1).map((ad) => ad.id));
    const followed = fake.calls.slice(before).filter((c) => c.path === `/${account1}/ads`);
    expect(followed).toHaveLength(3);
    for (const call of followed) expect(call.params.appsecret_proof).toBe(fake.proof(token));
  });

  it('does not stop on a short page', async () => {
    const shortFake = await startFakeGraph({ seed: 7, shortPages: true });
    try {
      const all = await clientFor(shortFake).all<{ id: string }>(
        `/${shortFake.state.adAccounts[0]!.id}/ads`,
        shortFake.state.userToken,
        { effective_status: allStatuses, limit: 10 },
      );
      expect(all).toHaveLength(30);
    } finally {
      await shortFake.close();
    }
  });

  it('leaves archived and deleted ads out unless asked, and honours updated_since', async () => {
    const active = await graph.all<{ id: string }>(`/${account1}/ads`, token);
    expect(active).toHaveLength(28);
    const ads = fake.state.ads.filter((ad) => ad.accountId === account1);
    const cut = ads[20]!.updated_time;
    const since = Math.floor(new Date(cut.replace('+0000', 'Z')).getTime() / 1000);
    const recent = await graph.all<{ id: string; updated_time: string }>(`/${account1}/ads`, token, {
      effective_status: allStatuses,
      updated_since: since,
      fields: 'id,updated_time',
    });
    expect(recent.length).toBeGreaterThan(0);
    expect(recent.length).toBeLessThan(30);
    for (const ad of recent) expect(ad.updated_time >= cut).toBe(true);
  });
});

describe('convenience reads and generated data', () => {
  it('lists ad accounts and Pages', async () => {
    const accounts = await graph.adAccounts(token);
    expect(accounts).toHaveLength(2);
    expect(accounts[0]).toMatchObject({ id: account1, account_status: 1, currency: 'USD' });
    expect(accounts[1]).toMatchObject({ account_status: 2, disable_reason: 1 });
    expect(accounts[1]!.id).toBe(`act_${accounts[1]!.account_id}`);
    const pages = await graph.pagesOf(token);
    expect(pages.map((p) => Object.keys(p).sort())).toEqual([
      ['id', 'link', 'name'],
      ['id', 'link', 'name'],
    ]);
  });

  it('serves creatives in every shape, one video shared by three ads', async () => {
    const ads = await graph.all<{
      id: string;
      creative: {
        video_id?: string;
        image_hash?: string;
        object_story_spec?: { video_data?: { video_id: string } };
        asset_feed_spec?: { videos: { video_id: string }[] };
      };
    }>(`/${account1}/ads`, token, {
      effective_status: allStatuses,
      fields: 'id,creative{video_id,image_hash,object_story_spec,asset_feed_spec}',
      limit: 50,
    });
    const videoOf = (ad: (typeof ads)[number]) =>
      ad.creative.video_id ??
      ad.creative.object_story_spec?.video_data?.video_id ??
      ad.creative.asset_feed_spec?.videos[0]?.video_id;
    const shared = ads.filter((ad) => videoOf(ad) === fake.state.sharedVideoId);
    expect(shared).toHaveLength(3);
    expect(shared.map((ad) => Boolean(ad.creative.video_id))).toEqual([true, false, false]);
    expect(ads.filter((ad) => ad.creative.image_hash).length).toBe(12);
    expect(
      ads.filter((ad) => !ad.creative.video_id && ad.creative.object_story_spec?.video_data).length,
    ).toBe(6);

    const video = await graph.video(fake.state.sharedVideoId, token);
    expect(video.length).toBeGreaterThan(0);
    const picture = await fetch(video.picture!);
    expect(picture.headers.get('content-type')).toBe('image/jpeg');
    expect([...new Uint8Array(await picture.arrayBuffer()).slice(0, 2)]).toEqual([0xff, 0xd8]);
  });

  it('serves a playable MP4 as the video source', async () => {
    const video = await graph.video(fake.state.sharedVideoId, token);
    const source = await fetch(video.source!);
    expect(source.headers.get('content-type')).toBe('video/mp4');
    const bytes = Buffer.from(await source.arrayBuffer());
    expect(bytes.subarray(4, 8).toString('latin1')).toBe('ftyp');
  }, 60_000);

  it('answers daily insights per ad, the same for the same ad and day', async () => {
    const ad = fake.state.ads.find(
      (a) => a.accountId === account1 && a.videoId && a.effective_status === 'ACTIVE',
    )!;
    const params = {
      level: 'ad',
      time_increment: '1',
      time_range: { since: '2026-11-10', until: '2026-11-12' },
      fields: 'ad_id,spend,impressions,actions,action_values,video_play_curve_actions',
      filtering: [{ field: 'ad.id', operator: 'IN', value: [ad.id] }],
    };
    const rows = await graph.all<Record<string, unknown>>(`/${account1}/insights`, token, params);
    expect(rows.map((r) => r.date_start)).toEqual(['2026-11-10', '2026-11-11', '2026-11-12']);
    const row = rows[0] as { spend: string; actions: { action_type: string; value: string }[] };
    expect(typeof row.spend).toBe('string');
    const action = (type: string) => row.actions.find((a) => a.action_type === type)?.value;
    expect(action('video_view')).toMatch(/^\d+$/);
    expect(action('purchase')).not.toBe(action('omni_purchase'));
    const again = await graph.all<Record<string, unknown>>(`/${account1}/insights`, token, params);
    expect(again).toEqual(rows);
  });
});

describe('batch', () => {
  it('splits more than 50 requests and types each failed answer', async () => {
    const ads = fake.state.ads.filter((ad) => ad.accountId === account1);
    const requests = Array.from({ length: 60 }, (_, i) => ({
      path: `/${ads[i % ads.length]!.id}`,
      params: { fields: 'id,name' },
    }));
    requests[55] = { path: '/999999999', params: { fields: 'id' } };
    const before = fake.calls.length;
    const answers = await graph.batch<{ id: string }>(token, requests);
    const batches = fake.calls.slice(before).filter((c) => c.path === '/' && c.method === 'POST');
    expect(batches.map((c) => (JSON.parse(c.params.batch!) as unknown[]).length)).toEqual([50, 10]);
    expect(answers).toHaveLength(60);
    expect(answers[0]).toEqual({ ok: true, status: 200, body: { id: ads[0]!.id, name: ads[0]!.name } });
    expect(answers[59]).toMatchObject({ ok: true, body: { id: ads[59 % ads.length]!.id } });
    const failed = answers[55]!;
    expect(failed.ok).toBe(false);
    if (!failed.ok) {
      expect(failed.error).toBeInstanceOf(GraphError);
      expect(failed.error).toMatchObject({ code: 100, subcode: 33 });
    }
  });
});
