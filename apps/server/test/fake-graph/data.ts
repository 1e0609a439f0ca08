import { createHash } from 'node:crypto';
import { DAY_MS, fbTime, hash32, isoDay, parseFbTime, prng } from './ids-and-time.js';
import {
  ALL_SCOPES,
  type FakeAdSet,
  type FakeCampaign,
  type FakeCreativeKind,
  type FakeGraphOptions,
  type FakeGraphState,
  type FakeVideo,
} from './types.js';

/**
 * The fake's data, from a seed: the user, ad accounts, Pages, campaigns / ad sets / ads with
 * creatives in each of Meta's shapes, videos and images; and each ad's daily insight row, the
 * same numbers for the same (seed, ad, day).
 */

export function generate(seed: number, url: string, options: FakeGraphOptions): FakeGraphState {
  const r = prng(hash32(`fake-graph:${seed}`));
  const now = options.now ?? new Date();
  const [ads1, ads2] = options.adsPerAccount ?? [30, 6];
  const campaignsPer = options.campaignsPerAccount ?? 3;
  const adSetsPer = options.adSetsPerCampaign ?? 2;
  let counter = 0;
  const id = (prefix: string) => `${prefix}${String(seed * 100_000 + ++counter).padStart(11, '0')}`;
  const hookWords = [
    'Unboxing',
    'Founder story',
    'Before/after',
    'Street interview',
    'Problem/solution',
    'UGC review',
  ];
  const pick = <T>(list: readonly T[]) => list[Math.floor(r() * list.length)]!;

  const state: FakeGraphState = {
    seed,
    now,
    user: { id: id('10'), name: 'Jordan Meta', email: 'jordan.meta@example.com' },
    adAccounts: [],
    pages: [],
    campaigns: [],
    adSets: [],
    ads: [],
    videos: new Map(),
    images: new Map(),
    sharedVideoId: '',
    userToken: '',
    tokens: new Map(),
    codes: new Map(),
    reportRuns: new Map(),
    uploads: new Map(),
    revocations: [],
    grantedScopes: [...(options.grantedScopes ?? ALL_SCOPES)],
    denyLogin: options.denyLogin ?? false,
    insightsMaxDays: options.insightsMaxDays ?? null,
    videoProcessingPolls: options.videoProcessingPolls ?? 2,
    uploadChunkBytes: options.uploadChunkBytes ?? 1024 * 1024,
    shortPages: options.shortPages ?? false,
    usagePercent: options.usagePercent ?? 1,
  };

  for (const [index, name] of ["Jordan's Shop", 'Jordan Meta Studio'].entries()) {
    const pageId = id('1050');
    state.pages.push({
      id: pageId,
      name,
      link: `https://www.facebook.com/${pageId}`,
      category: index === 0 ? 'Shopping & retail' : 'Brand',
    });
  }

  const accountSpecs = [
    {
      name: 'Hookline Test Store',
      currency: 'USD',
      timezone: 'America/Los_Angeles',
      status: 1,
      reason: 0,
      ads: ads1,
    },
    { name: 'Old EU Store', currency: 'EUR', timezone: 'Europe/Berlin', status: 2, reason: 1, ads: ads2 },
  ];
  const statusCycle = [
    'ACTIVE',
    'ACTIVE',
    'ACTIVE',
    'ACTIVE',
    'PAUSED',
    'ACTIVE',
    'ADSET_PAUSED',
    'ACTIVE',
    'CAMPAIGN_PAUSED',
    'ACTIVE',
  ];
  const kinds: FakeCreativeKind[] = [
    'video_top_level',
    'video_story_spec',
    'video_asset_feed',
    'image_hash',
    'image_hash',
  ];
  const days = (n: number) => new Date(now.getTime() - n * DAY_MS);

  for (const [accountIndex, spec] of accountSpecs.entries()) {
    const accountNumber = id('1');
    const accountId = `act_${accountNumber}`;
    state.adAccounts.push({
      id: accountId,
      account_id: accountNumber,
      name: spec.name,
      account_status: spec.status,
      disable_reason: spec.reason,
      currency: spec.currency,
      timezone_name: spec.timezone,
    });
    const adSets: FakeAdSet[] = [];
    for (let c = 0; c < campaignsPer; c++) {
      const campaign: FakeCampaign = {
        id: id('2385'),
        accountId,
        name: `${['Prospecting', 'Retargeting', 'Creative testing', 'Evergreen'][c % 4]} ${c + 1}`,
        status: 'ACTIVE',
        effective_status: 'ACTIVE',
        objective: 'OUTCOME_SALES',
        created_time: fbTime(days(120 - c)),
        updated_time: fbTime(days(100 - c)),
      };
      state.campaigns.push(campaign);
      for (let s = 0; s < adSetsPer; s++) {
        const adSet: FakeAdSet = {
          id: id('2386'),
          accountId,
          campaign_id: campaign.id,
          name: `${campaign.name} · ${['Broad', 'Lookalike 1%', 'Interests', 'Advantage+'][s % 4]}`,
          status: 'ACTIVE',
          effective_status: 'ACTIVE',
          created_time: campaign.created_time,
          updated_time: campaign.updated_time,
        };
        adSets.push(adSet);
        state.adSets.push(adSet);
      }
    }
    let sharedVideo: FakeVideo | null = null;
    for (let i = 0; i < spec.ads; i++) {
      const adSet = adSets[Math.floor((i * adSets.length) / Math.max(spec.ads, 1))]!;
      let status = statusCycle[i % statusCycle.length]!;
      if (spec.ads >= 6 && i === spec.ads - 1) status = 'ARCHIVED';
      if (spec.ads >= 6 && i === spec.ads - 2) status = 'DELETED';
      const configured = ['PAUSED', 'ARCHIVED', 'DELETED'].includes(status) ? status : 'ACTIVE';
      const createdDaysAgo = Math.max(5, 90 - i * 2 - accountIndex * 10);
      const created = days(createdDaysAgo);
      const updated = new Date(
        Math.min(now.getTime() - DAY_MS, created.getTime() + ((i % 7) + 1) * DAY_MS * 3),
      );
      const kind = kinds[i % kinds.length]!;
      const page = state.pages[i % 4 === 3 ? 1 : 0]!;
      const hook = pick(hookWords);
      const adId = id('2387');
      const link = 'https://shop.example.com/products/everyday-bottle';
      const cta = { type: 'SHOP_NOW', value: { link } };
      const title = `${hook}: the everyday bottle`;
      const message = `${hook} — why ${1000 + Math.floor(r() * 9000)} people switched. Free shipping this week.`;
      let videoId: string | null = null;
      let imageHash: string | null = null;
      const creative: Record<string, unknown> = {
        id: id('2388'),
        name: `Creative for ${adId}`,
        actor_id: page.id,
        effective_object_story_id: `${page.id}_${id('9')}`,
        call_to_action_type: 'SHOP_NOW',
        url_tags: 'utm_source=facebook&utm_medium=paid',
      };
      if (kind === 'image_hash') {
        imageHash = createHash('md5').update(`${seed}:${adId}:image`).digest('hex');
        state.images.set(imageHash, {
          hash: imageHash,
          accountId,
          name: `${hook}.jpg`,
          width: 1080,
          height: 1080,
        });
        const imageUrl = `${url}/_fake/image/${imageHash}.jpg`;
        Object.assign(creative, {
          title,
          body: message,
          image_hash: imageHash,
          image_url: imageUrl,
          thumbnail_url: `${imageUrl}?size=64`,
          link_url: link,
          object_story_spec: {
            page_id: page.id,
            link_data: { image_hash: imageHash, link, message, name: title, call_to_action: cta },
          },
        });
      } else {
        const share = accountIndex === 0 && i < 3;
        if (share && sharedVideo) videoId = sharedVideo.id;
        else {
          const video: FakeVideo = {
            id: id('1200'),
            accountId,
            title: `${hook} ${i + 1}.mp4`,
            length: Math.round((6 + r() * 39) * 100) / 100,
            bytes: null,
            status: 'ready',
            pollsLeft: 0,
            created_time: fbTime(new Date(created.getTime() - DAY_MS)),
          };
          state.videos.set(video.id, video);
          if (share) sharedVideo = video;
          videoId = video.id;
        }
        const thumbnail = `${url}/_fake/picture/${videoId}.jpg?size=64`;
        const picture = `${url}/_fake/picture/${videoId}.jpg`;
        if (kind === 'video_top_level') {
          Object.assign(creative, {
            title,
            body: message,
            video_id: videoId,
            thumbnail_url: thumbnail,
            image_url: picture,
            object_story_spec: {
              page_id: page.id,
              video_data: { video_id: videoId, image_url: picture, title, message, call_to_action: cta },
            },
          });
        } else if (kind === 'video_story_spec') {
          // Top-level video_id is often empty (reference §3).
          Object.assign(creative, {
            body: message,
            thumbnail_url: thumbnail,
            object_story_spec: {
              page_id: page.id,
              instagram_user_id: `1784${String(seed).padStart(11, '0')}`,
              video_data: { video_id: videoId, image_url: picture, title, message, call_to_action: cta },
            },
          });
        } else {
          Object.assign(creative, {
            thumbnail_url: thumbnail,
            object_story_spec: { page_id: page.id },
            asset_feed_spec: {
              videos: [{ video_id: videoId, thumbnail_url: picture }],
              bodies: [{ text: message }],
              titles: [{ text: title }],
              call_to_action_types: ['SHOP_NOW'],
              link_urls: [{ website_url: link, display_url: 'shop.example.com' }],
            },
          });
        }
      }
      state.ads.push({
        id: adId,
        accountId,
        campaign_id: adSet.campaign_id,
        adset_id: adSet.id,
        name: `${hook} · v${i + 1}`,
        status: configured,
        configured_status: configured,
        effective_status: status,
        created_time: fbTime(created),
        updated_time: fbTime(updated),
        preview_shareable_link: `${url}/_fake/preview/${adId}`,
        kind,
        videoId,
        imageHash,
        pageId: page.id,
        creative,
      });
    }
    if (accountIndex === 0 && sharedVideo) state.sharedVideoId = sharedVideo.id;
  }
  return state;
}

// --- Metrics: the same numbers for the same (seed, ad, day) ---

export function insightRow(state: FakeGraphState, adId: string, day: string): Record<string, unknown> | null {
  const ad = state.ads.find((a) => a.id === adId);
  if (!ad) return null;
  const created = isoDay(parseFbTime(ad.created_time));
  const stopped = ad.effective_status === 'ACTIVE' ? isoDay(state.now) : isoDay(parseFbTime(ad.updated_time));
  if (day < created || day > stopped || day > isoDay(state.now)) return null;
  const account = state.adAccounts.find((a) => a.id === ad.accountId)!;
  const campaign = state.campaigns.find((c) => c.id === ad.campaign_id)!;
  const adSet = state.adSets.find((s) => s.id === ad.adset_id)!;
  const r = prng(hash32(`${state.seed}:${ad.id}:${day}`));
  const cpm = 6 + r() * 14;
  const spend = Math.round((5 + r() * 120) * 100) / 100;
  const impressions = Math.max(1, Math.round((spend / cpm) * 1000));
  const reach = Math.max(1, Math.round(impressions * (0.6 + r() * 0.3)));
  const clicks = Math.round(impressions * (0.01 + r() * 0.02));
  const linkClicks = Math.round(clicks * (0.5 + r() * 0.3));
  const outbound = Math.round(linkClicks * 0.9);
  const addToCart = Math.max(1, Math.round(linkClicks * (0.05 + r() * 0.1)));
  const purchases = 1 + Math.floor(r() * 4);
  const omniPurchases = purchases + 1 + Math.floor(r() * 3);
  const orderValue = 25 + r() * 60;
  const stat = (action_type: string, value: number) => ({ action_type, value: String(value) });
  const isVideo = ad.videoId !== null;
  const row: Record<string, unknown> = {
    account_id: account.account_id,
    account_name: account.name,
    account_currency: account.currency,
    campaign_id: campaign.id,
    campaign_name: campaign.name,
    adset_id: adSet.id,
    adset_name: adSet.name,
    ad_id: ad.id,
    ad_name: ad.name,
    spend: spend.toFixed(2),
    impressions: String(impressions),
    reach: String(reach),
    clicks: String(clicks),
    inline_link_clicks: String(linkClicks),
    outbound_clicks: [stat('outbound_click', outbound)],
    attribution_setting: '7d_click_1d_view',
    date_start: day,
    date_stop: day,
  };
  const actions = [
    stat('link_click', linkClicks),
    stat('landing_page_view', Math.round(linkClicks * 0.8)),
    stat('add_to_cart', addToCart),
    stat('purchase', purchases),
    stat('omni_purchase', omniPurchases),
    stat('offsite_conversion.fb_pixel_purchase', purchases),
  ];
  row.action_values = [
    { action_type: 'purchase', value: (purchases * orderValue).toFixed(2) },
    { action_type: 'omni_purchase', value: (omniPurchases * orderValue).toFixed(2) },
    { action_type: 'offsite_conversion.fb_pixel_purchase', value: (purchases * orderValue).toFixed(2) },
  ];
  if (isVideo) {
    const views3s = Math.round(impressions * (0.15 + r() * 0.25));
    const plays = Math.max(views3s, Math.round(impressions * (0.4 + r() * 0.3)));
    const p25 = Math.round(views3s * (0.5 + r() * 0.2));
    const p50 = Math.round(p25 * 0.6);
    const p75 = Math.round(p50 * 0.6);
    const p95 = Math.round(p75 * 0.7);
    const p100 = Math.round(p95 * 0.9);
    actions.unshift(stat('video_view', views3s));
    row.video_play_actions = [stat('video_view', plays)];
    row.video_p25_watched_actions = [stat('video_view', p25)];
    row.video_p50_watched_actions = [stat('video_view', p50)];
    row.video_p75_watched_actions = [stat('video_view', p75)];
    row.video_p95_watched_actions = [stat('video_view', p95)];
    row.video_p100_watched_actions = [stat('video_view', p100)];
    row.video_thruplay_watched_actions = [stat('video_view', Math.round(p50 * 0.9))];
    row.video_avg_time_watched_actions = [stat('video_view', 2 + Math.floor(r() * 8))];
    let level = 100;
    const curve = [100];
    for (let i = 1; i < 15; i++) {
      level = Math.max(0, Math.round(level * (i < 4 ? 0.6 + r() * 0.2 : 0.85 + r() * 0.1)));
      curve.push(level);
    }
    curve.push(0, 0, 0, 0, 0, 0);
    row.video_play_curve_actions = [{ action_type: 'video_view', value: curve }];
  }
  row.actions = actions;
  recomputeRatios(row);
  return row;
}

export function recomputeRatios(row: Record<string, unknown>) {
  const spend = Number(row.spend);
  const impressions = Number(row.impressions);
  const clicks = Number(row.clicks);
  const reach = Number(row.reach);
  row.cpm = impressions ? ((spend / impressions) * 1000).toFixed(6) : '0';
  row.cpc = clicks ? (spend / clicks).toFixed(6) : '0';
  row.ctr = impressions ? ((clicks / impressions) * 100).toFixed(6) : '0';
  row.frequency = reach ? (impressions / reach).toFixed(6) : '0';
}
