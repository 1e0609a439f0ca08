import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { AssetPerformance, AssetPerformanceSummary } from '@hookline/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userActor } from '../../platform/http/actor.js';
import { runTool } from '../../platform/media/run-tool.js';
import { synthesizeVideo } from '../../platform/media/synthetic-media.js';
import { account, ad, day } from '../../test/analytics-world.js';
import { createUser, type TestUser } from '../../test/factories.js';
import { brandCall } from '../../test/integrations-world.js';
import { binaries, brandedPicture as picture } from '../../test/media-fixtures.js';
import { createTestApp, eventually, type TestApp } from '../../test/test-app.js';
import { processed, uploadFile } from '../../test/uploads.js';
import { AdPerformanceService, type MediaSource } from '../ad-performance/service.js';

/**
 * An asset's ad performance (issue 17 "Beyond the seeds"): the sync's copies of the ads'
 * creatives (AD_ANALYTICS files) are matched to library files by fingerprint (a re-encoded
 * video and a re-compressed picture link, other ones do not), a published video links by
 * Meta's video id, and the figures over LAST_MONTH are the linked ads' sums.
 */

const DAY_MS = 86_400_000;
const toDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
/** Day `n` (1-based) of the previous calendar month, UTC (the test account's timezone). */
const now = new Date();
const lastMonthStart = Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1);
const lastMonthDay = (n: number) => toDay(lastMonthStart + (n - 1) * DAY_MS);
const thisMonthStart = toDay(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
const lastMonthEnd = toDay(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1) - DAY_MS);

describe('asset performance', () => {
  let t: TestApp;
  let member: TestUser;
  let stranger: TestUser;
  let work: string;
  const ids: Record<string, string> = {};
  let adIds: Map<string, string>;
  let strangerAsset: string;

  const upload = async (u: TestUser, name: string, bytes: Buffer) =>
    (await processed(t, u, (await uploadFile(t, u, name, bytes)).completed.id, 120_000)).id;
  const performance = (u: TestUser, id: string, query = '') =>
    brandCall<AssetPerformance>(t, u, 'GET', `/assets/${id}/performance${query}`);
  const summary = (u: TestUser, query: string) =>
    brandCall<AssetPerformanceSummary[]>(t, u, 'GET', `/assets/performance-summary?${query}`);
  /** The links' job has run once every file is processed: waits until the file has as many ads. */
  const linked = (id: string, ads: number) =>
    eventually(async () => {
      const { body } = await performance(member, id);
      return body.ads.length >= ads ? body : undefined;
    }, 60_000);

  beforeAll(async () => {
    t = await createTestApp();
    member = await createUser(t, { role: 'member' });
    stranger = await createUser(t);
    work = await fs.mkdtemp(path.join(os.tmpdir(), 'asset-performance-'));

    // The library: a launch video, another video of the same length, a hero picture, another picture.
    const launch = path.join(work, 'launch.mp4');
    await synthesizeVideo(binaries.ffmpeg, launch, {
      seconds: 6,
      width: 960,
      height: 540,
      fps: 25,
      sound: 330,
      preset: 'ultrafast',
    });
    const other = path.join(work, 'other.mp4');
    await synthesizeVideo(binaries.ffmpeg, other, {
      seconds: 6,
      width: 960,
      height: 540,
      fps: 25,
      pattern: 'testsrc',
      sound: false,
      preset: 'ultrafast',
    });
    const hero = await picture(['#7048e8', '#f06595'], 'Summer 2026', 0.72);
    ids.launch = await upload(member, 'Launch.mp4', await fs.readFile(launch));
    ids.other = await upload(member, 'Other.mp4', await fs.readFile(other));
    ids.hero = await upload(member, 'Hero.jpg', hero);
    ids.holiday = await upload(member, 'Holiday.jpg', await picture(['#0b7285', '#66d9e8'], 'Holiday', 0.3));
    ids.published = await upload(member, 'Published cut.mp4', await fs.readFile(other));
    strangerAsset = await upload(stranger, 'Stranger.jpg', hero);

    // What the ads ran, as the sync downloads it: the launch video re-encoded at a third of
    // the size and a lower bitrate, and the hero picture halved and re-compressed.
    const reencoded = path.join(work, 'launch-360.mp4');
    await runTool(binaries.ffmpeg, [
      ...['-v', 'error', '-y', '-i', launch, '-vf', 'scale=-2:360'],
      ...['-c:v', 'libx264', '-preset', 'ultrafast', '-b:v', '300k', '-c:a', 'aac', reencoded],
    ]);
    const smallHero = path.join(work, 'hero-small.jpg');
    await sharp(hero).resize(600).jpeg({ quality: 55 }).toFile(smallHero);

    const store = t.context.services.adPerformance;
    const scope = { accountId: member.accountId, brandId: member.brandId };
    const creative = (media: { videoId?: string; imageHash?: string }) => ({
      ...ad('x', 'x').creative!,
      videoId: media.videoId ?? null,
      imageHash: media.imageHash ?? null,
    });
    const written = await store.write(
      scope,
      account(
        'act_assets',
        'Assets account',
        [
          ad('ad_a', 'Launch cut A', { creative: creative({ videoId: 'v_launch' }) }),
          ad('ad_b', 'Launch cut B', {
            creative: creative({ videoId: 'v_launch' }),
            effectiveStatus: 'PAUSED',
          }),
          ad('ad_hero', 'Static hero', { fileType: 'STATIC', creative: creative({ imageHash: 'h_hero' }) }),
          ad('ad_published', 'Published cut', { creative: creative({ videoId: 'v_published' }) }),
        ],
        [
          day('ad_a', lastMonthDay(1), {
            spend: 30,
            impressions: 3000,
            clicks: 80,
            linkClicks: 60,
            conversions: 3,
            conversionValue: 90,
            plays: 1000,
            threeSecondViews: 900,
            avgWatchTimeSeconds: 5,
          }),
          day('ad_a', lastMonthDay(5), {
            spend: 70,
            impressions: 7000,
            clicks: 150,
            linkClicks: 140,
            conversions: 7,
            conversionValue: 260,
            plays: 2000,
            threeSecondViews: 2100,
            avgWatchTimeSeconds: 8,
          }),
          // The window before LAST_MONTH (as many days, ending the day before it).
          day('ad_a', toDay(lastMonthStart - DAY_MS), {
            spend: 50,
            impressions: 5000,
            conversions: 2,
            conversionValue: 50,
          }),
          // This month: outside LAST_MONTH.
          day('ad_a', thisMonthStart, { spend: 999, impressions: 99_000, conversionValue: 1 }),
          day('ad_b', lastMonthDay(10), {
            spend: 20,
            impressions: 2000,
            clicks: 25,
            linkClicks: 20,
            threeSecondViews: 200,
          }),
          day('ad_hero', lastMonthEnd, {
            spend: 40,
            impressions: 4000,
            linkClicks: 40,
            conversions: 1,
            conversionValue: 100,
          }),
          day('ad_published', lastMonthDay(2), { spend: 10, impressions: 1000, conversionValue: 30 }),
        ],
      ),
    );
    adIds = written.adIds;
    const file = (
      kind: 'VIDEO' | 'IMAGE',
      externalId: string,
      name: string,
      source: string,
    ): [string, MediaSource] => [
      AdPerformanceService.mediaKey(kind, externalId),
      { kind, externalId, fetch: async () => ({ file: source, name }) },
    ];
    const actor = userActor({
      userId: member.userId,
      email: member.email,
      isSuperUser: false,
      sessionId: '',
    });
    await store.linkMedia(
      { ...scope, actor },
      written.adAccount.id,
      new Map([
        file('VIDEO', 'v_launch', 'Launch cut.mp4', reencoded),
        file('IMAGE', 'h_hero', 'Static hero.jpg', smallHero),
      ]),
    );
    // The sync saw ads running a video published from the library (its Meta video id).
    await store.linkAssets(member.brandId, [{ adId: adIds.get('ad_published')!, assetId: ids.published }]);
  }, 300_000);
  afterAll(async () => {
    await t?.close();
    if (work) await fs.rm(work, { recursive: true, force: true });
  });

  it('links a re-encoded copy of a video by fingerprint with its distance, and not another video', async () => {
    const launch = await linked(ids.launch!, 2);
    expect(launch.ads.map((a) => [a.name, a.method])).toEqual([
      ['Launch cut A', 'FINGERPRINT'],
      ['Launch cut B', 'FINGERPRINT'],
    ]);
    const distance = launch.ads[0]!.distance!;
    expect(distance).toBeGreaterThanOrEqual(0);
    expect(distance).toBeLessThanOrEqual(10);
    expect(launch.ads[1]!.distance).toBe(distance);
    const other = await performance(member, ids.other!);
    expect(other.status).toBe(200);
    expect(other.body.ads).toEqual([]);
    expect(other.body.totals).toMatchObject({ spend: 0, impressions: 0, roas: null });
    const { rows } = await t.context.database.execute<{ method: string; distance: number | null }>(
      'select method, distance from asset_ad_links where asset_id = $1 order by ad_id',
      [ids.launch],
    );
    expect(rows).toEqual([
      { method: 'FINGERPRINT', distance },
      { method: 'FINGERPRINT', distance },
    ]);
  });

  it('links a re-compressed copy of a picture, and not another picture', async () => {
    const hero = await linked(ids.hero!, 1);
    expect(hero.ads).toEqual([
      {
        id: adIds.get('ad_hero'),
        name: 'Static hero',
        effectiveStatus: 'ACTIVE',
        spend: 40,
        roas: 2.5,
        method: 'FINGERPRINT',
        distance: expect.any(Number),
      },
    ]);
    expect(hero.ads[0]!.distance).toBeLessThanOrEqual(10);
    expect((await performance(member, ids.holiday!)).body.ads).toEqual([]);
  });

  it('links a video published to Meta to the ads running it by its Meta video id', async () => {
    const published = await linked(ids.published!, 1);
    expect(published.ads).toEqual([
      expect.objectContaining({
        name: 'Published cut',
        method: 'META_ID',
        distance: null,
        spend: 10,
        roas: 3,
      }),
    ]);
  });

  it('answers the linked ads’ totals over LAST_MONTH, the window before and the ads by spend', async () => {
    const { status, body } = await performance(member, ids.launch!);
    expect(status).toBe(200);
    expect(body.analyticsPreset).toBe('LAST_MONTH');
    expect(body.window).toEqual({ from: lastMonthDay(1), to: lastMonthEnd });
    // A: 30 + 70 spend, B: 20; this month's 999 is not counted.
    expect(body.totals).toMatchObject({
      spend: 120,
      impressions: 12_000,
      clicks: 255,
      views: 3200,
      conversions: 10,
      conversionValue: 350,
      roas: 2.9167, // 350 ÷ 120
      cpa: 12, // 120 ÷ 10
      cpc: 0.5455, // 120 ÷ 220 link clicks
      cpm: 10, // 120 × 1000 ÷ 12,000
      ctr: 1.8333, // 220 ÷ 12,000, %
      thumbstopPercentage: 26.6667, // 3,200 ÷ 12,000, %
      avgWatchTimeSeconds: 7, // (5 × 1000 + 8 × 2000) ÷ 3000, weighted by plays
    });
    expect(body.previous).toMatchObject({ spend: 50, conversions: 2, roas: 1 });
    expect(body.ads.map((a) => [a.name, a.effectiveStatus, a.spend, a.roas])).toEqual([
      ['Launch cut A', 'ACTIVE', 100, 3.5],
      ['Launch cut B', 'PAUSED', 20, 0],
    ]);
    // Another preset: all time counts this month's day, and has no window before.
    const all = await performance(member, ids.launch!, '?analyticsPreset=ALL_TIME');
    expect(all.body.totals.spend).toBe(1169);
    expect(all.body.previous).toBeNull();
    const custom = await performance(
      member,
      ids.launch!,
      `?analyticsPreset=CUSTOM&from=${lastMonthDay(5)}&to=${lastMonthDay(5)}`,
    );
    expect(custom.body.totals).toMatchObject({ spend: 70, conversionValue: 260 });
  });

  it('refuses a custom range without dates, naming the field', async () => {
    const { status, body } = await brandCall<{ message: string; errors?: { path: string }[] }>(
      t,
      member,
      'GET',
      `/assets/${ids.launch}/performance?analyticsPreset=CUSTOM&to=${lastMonthEnd}`,
    );
    expect(status).toBe(400);
    expect(JSON.stringify(body)).toContain('from');
  });

  it('sums each card’s spend and ROAS over LAST_MONTH, leaving out files no ad uses and other brands’', async () => {
    const asked = [ids.launch, ids.other, ids.hero, ids.holiday, strangerAsset]
      .map((id) => `ids=${id}`)
      .join('&');
    const { status, body } = await summary(member, asked);
    expect(status).toBe(200);
    expect(body).toEqual([
      { assetId: ids.launch, spend: 120, roas: 2.9167, ads: 2 },
      { assetId: ids.hero, spend: 40, roas: 2.5, ads: 1 },
    ]);
    // Comma-separated ids too; more than 100, or none, is a 400.
    expect((await summary(member, `ids=${ids.hero},${ids.other}`)).body).toEqual([
      { assetId: ids.hero, spend: 40, roas: 2.5, ads: 1 },
    ]);
    const many = Array.from({ length: 101 }, () => `ids=${ids.hero}`).join('&');
    expect((await summary(member, many)).status).toBe(400);
    expect((await summary(member, '')).status).toBe(400);
  });

  it('is not found for another brand’s file, and needs a session', async () => {
    expect((await performance(member, strangerAsset)).status).toBe(404);
    expect((await performance(stranger, ids.launch!)).status).toBe(404);
    const anonymous = await t.app.inject({
      method: 'GET',
      url: `/api/accounts/${member.accountId}/brands/${member.brandId}/assets/${ids.launch}/performance`,
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it("queues a processed file's brand run without failing when a run already waits", async () => {
    // Processing queues the run inside its own transaction: a refusal there (a run already
    // waiting) must not throw, or every file after the first of a batch fails its processing.
    const service = t.context.services.assetPerformance;
    const file = { type: 'IMAGE', brandId: member.brandId, id: ids.hero } as Parameters<
      typeof service.queueFile
    >[0];
    for (let i = 0; i < 3; i++) await expect(service.queueFile(file)).resolves.toBeUndefined();
  });

  it('keeps the links when the brand is looked at again, and drops them with the ad', async () => {
    const service = t.context.services.assetPerformance;
    expect(await service.relink(member.brandId)).toBe(4);
    expect((await performance(member, ids.launch!)).body.ads).toHaveLength(2);
    await t.context.database.execute('delete from ads where id = $1', [adIds.get('ad_b')]);
    expect((await performance(member, ids.launch!)).body.ads.map((a) => a.name)).toEqual(['Launch cut A']);
  });
});
