/**
 * A seeded, plausible demo Meta ad account for the demo workspace: 4 campaigns, 12 ad sets,
 * 60 ads named by the usual media-buyer convention and daily insights with believable
 * funnels (reference §3–§4 for what the numbers mean, 001 §3 for statuses and file types).
 *
 * Pure and deterministic: the same seed and `today` give the same account. Nothing reads
 * the clock or Math.random; every random draw comes from mulberry32 seeded from `seed`,
 * and each insight row from its own (ad, days-before-today) stream, so asking for fewer
 * `days` returns exactly the tail of a longer request.
 *
 * Media keys: each ad's creative carries the caller's media key, as
 * `creative.videoId = 'demo_video_<key>'` for videos and `creative.imageHash =
 * 'demo_image_<key>'` for images (see demoMediaKey); the caller maps them to library assets.
 */
import type {
  AdAccountData,
  AdFileType,
  AdRecord,
  AdSetRecord,
  adEffectiveStatuses,
  CampaignRecord,
  CreativeRecord,
  DailyInsightRecord,
} from './records.js';

/** A creative media the caller has; `key` links it back to a library asset. */
export interface DemoMedia {
  key: string;
  kind: 'VIDEO' | 'IMAGE';
  /** Videos only; 30 s when unknown. */
  durationSeconds?: number;
}

/** A Facebook Page the demo ads run as; the demo integration lists the same pages. */
export interface DemoPage {
  id: string;
  name: string;
  link: string;
}

export const DEMO_PAGES: readonly DemoPage[] = [
  { id: '104729835561201', name: 'Demo Brand', link: 'https://www.facebook.com/demobrand' },
  { id: '104729835561202', name: 'Demo Brand Skincare', link: 'https://www.facebook.com/demobrandskincare' },
];

export const DEMO_VIDEO_ID_PREFIX = 'demo_video_';
export const DEMO_IMAGE_HASH_PREFIX = 'demo_image_';

/** The caller's media key a demo creative uses, read back from its videoId / imageHash. */
export function demoMediaKey(
  creative: Pick<CreativeRecord, 'videoId' | 'imageHash'> | null,
): { kind: 'VIDEO' | 'IMAGE'; key: string } | null {
  if (creative?.videoId?.startsWith(DEMO_VIDEO_ID_PREFIX))
    return { kind: 'VIDEO', key: creative.videoId.slice(DEMO_VIDEO_ID_PREFIX.length) };
  if (creative?.imageHash?.startsWith(DEMO_IMAGE_HASH_PREFIX))
    return { kind: 'IMAGE', key: creative.imageHash.slice(DEMO_IMAGE_HASH_PREFIX.length) };
  return null;
}

export interface GenerateDemoAdAccountOptions {
  /** Defaults to 1. */
  seed?: number;
  /** YYYY-MM-DD: the last day with data (the account's timezone). */
  today: string;
  /** How many days of insights, ending at `today`; defaults to 90. */
  days?: number;
  media: readonly DemoMedia[];
}

/** The account as the store takes it; the media key of each ad is in its creative (above). */
export type DemoAdAccount = AdAccountData;

// ---------------------------------------------------------------------------------------
// Randomness

/** mulberry32: a small, fast seeded PRNG (a class, so making one per row costs no closures). */
class Rng {
  private state: number;
  constructor(seed: number) {
    this.state = seed >>> 0;
  }
  /** In [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) | 0;
    let t = Math.imul(this.state ^ (this.state >>> 15), 1 | this.state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  range(min: number, max: number): number {
    return min + (max - min) * this.next();
  }
  /** An integer in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor((max - min + 1) * this.next());
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
  /** Rounds up with probability equal to the fraction, so small expected counts stay unbiased. */
  round(x: number): number {
    const whole = Math.floor(x);
    return whole + (this.next() < x - whole ? 1 : 0);
  }
}

/** A 32-bit hash of a few integers, to seed independent streams. */
function mix(...values: number[]): number {
  let h = 0x9e3779b9;
  for (const v of values) {
    h = Math.imul(h ^ (v | 0) ^ Math.floor(v / 4294967296), 0x85ebca6b);
    h ^= h >>> 13;
    h = Math.imul(h, 0xc2b2ae35);
    h ^= h >>> 16;
  }
  return h >>> 0;
}

const rng = (seed: number) => new Rng(seed);

const clamp = (x: number, min: number, max: number) => Math.min(max, Math.max(min, x));
const cents = (x: number) => Math.round(x * 100) / 100;

// ---------------------------------------------------------------------------------------
// The account's plan

type Format = 'UGC' | 'Studio' | 'Static' | 'Carousel';
type HookType = 'Pain' | 'Demo' | 'Question' | 'Testimonial' | 'Unboxing' | 'Offer';
type OfferAngle = '20Off' | 'FreeShip' | 'BOGO' | 'Bundle';
type Creator = 'Sarah' | 'Mike' | 'Priya' | 'Leo' | 'Team' | 'Brand';
type Ratio = '9x16' | '4x5' | '1x1' | '16x9';
type ProductKey = 'serum' | 'cream' | 'spf' | 'kit';
type Status = (typeof adEffectiveStatuses)[number];

interface Concept {
  format: Format;
  hook: HookType;
  /** Offers only: what the offer is (the name's angle). */
  offer?: OfferAngle;
  creator: Creator;
  ratio: Ratio;
  product: ProductKey;
  /** A boosted Page post (file type POST) rather than a dark post. */
  post?: boolean;
}

/** A slot: the ad's effective status, plus W (a proven winner) or N (launched in the last 2 weeks). */
type Slot = `${Status}` | `${Status}:W` | `${Status}:N`;

interface AdSetPlan {
  name: string;
  /** Index into DEMO_PAGES. */
  page: number;
  paused?: boolean;
  slots: Slot[];
}

interface CampaignPlan {
  name: string;
  paused?: boolean;
  retargeting?: boolean;
  pool: Concept[];
  adSets: AdSetPlan[];
}

const c = (
  format: Format,
  hook: HookType | OfferAngle,
  creator: Creator,
  ratio: Ratio,
  product: ProductKey,
  post?: boolean,
): Concept => {
  const offers: string[] = ['20Off', 'FreeShip', 'BOGO', 'Bundle'];
  const concept: Concept = offers.includes(hook)
    ? { format, hook: 'Offer', offer: hook as OfferAngle, creator, ratio, product }
    : { format, hook: hook as HookType, creator, ratio, product };
  if (post) concept.post = true;
  return concept;
};

const PLAN: CampaignPlan[] = [
  {
    name: 'Prospecting — UGC',
    pool: [
      c('UGC', 'Pain', 'Sarah', '9x16', 'serum'),
      c('UGC', 'Testimonial', 'Priya', '9x16', 'cream', true),
      c('UGC', 'Unboxing', 'Mike', '9x16', 'kit'),
      c('UGC', 'Question', 'Leo', '4x5', 'serum'),
      c('UGC', 'Demo', 'Sarah', '4x5', 'spf'),
      c('UGC', 'Pain', 'Priya', '9x16', 'cream'),
      c('UGC', 'Testimonial', 'Leo', '9x16', 'spf'),
      c('UGC', 'Unboxing', 'Sarah', '1x1', 'kit'),
    ],
    adSets: [
      {
        name: 'Broad 25-44',
        page: 0,
        slots: ['ACTIVE:W', 'ACTIVE', 'ACTIVE:N', 'PAUSED', 'ARCHIVED', 'ACTIVE', 'PENDING_REVIEW'],
      },
      {
        name: 'Lookalike 1%',
        page: 0,
        slots: ['ACTIVE:W', 'ACTIVE', 'PAUSED', 'ACTIVE:N', 'DISAPPROVED', 'ACTIVE', 'PAUSED'],
      },
      {
        name: 'Interest — Skincare',
        page: 1,
        slots: ['ACTIVE', 'PAUSED', 'ACTIVE', 'WITH_ISSUES', 'ACTIVE:N', 'DELETED'],
      },
    ],
  },
  {
    name: 'Prospecting — Studio',
    paused: true,
    pool: [
      c('Studio', 'Demo', 'Team', '4x5', 'serum'),
      c('Studio', 'Demo', 'Team', '16x9', 'spf'),
      c('Studio', 'Question', 'Team', '1x1', 'cream'),
      c('Studio', 'Pain', 'Team', '9x16', 'serum'),
      c('Carousel', 'Demo', 'Team', '1x1', 'kit'),
    ],
    adSets: [
      { name: 'Broad 18-65', page: 0, slots: ['CAMPAIGN_PAUSED', 'CAMPAIGN_PAUSED', 'PAUSED', 'ARCHIVED'] },
      { name: 'Lookalike 3%', page: 0, slots: ['CAMPAIGN_PAUSED', 'CAMPAIGN_PAUSED', 'PAUSED'] },
      { name: 'Interest — Wellness', page: 1, slots: ['CAMPAIGN_PAUSED', 'DELETED', 'PAUSED'] },
    ],
  },
  {
    name: 'Retargeting',
    retargeting: true,
    pool: [
      c('UGC', 'Testimonial', 'Sarah', '9x16', 'serum'),
      c('Static', '20Off', 'Brand', '1x1', 'serum'),
      c('Carousel', 'Bundle', 'Brand', '1x1', 'kit'),
      c('Studio', 'Demo', 'Team', '4x5', 'serum'),
      c('UGC', 'Testimonial', 'Mike', '4x5', 'kit', true),
      c('Static', 'FreeShip', 'Brand', '4x5', 'cream'),
    ],
    adSets: [
      {
        name: 'Website Visitors 30d',
        page: 0,
        slots: ['ACTIVE', 'ACTIVE', 'PAUSED', 'ACTIVE', 'IN_PROCESS'],
      },
      {
        name: 'Add to Cart 14d',
        page: 0,
        slots: ['ACTIVE:W', 'ACTIVE', 'PAUSED', 'ACTIVE:N', 'PREAPPROVED'],
      },
      {
        name: 'IG Engagers 60d',
        page: 1,
        paused: true,
        slots: ['ADSET_PAUSED', 'ADSET_PAUSED', 'ADSET_PAUSED', 'PAUSED'],
      },
    ],
  },
  {
    name: 'Always-on Static',
    pool: [
      c('Static', '20Off', 'Brand', '1x1', 'serum'),
      c('Static', 'FreeShip', 'Brand', '4x5', 'cream'),
      c('Static', 'Testimonial', 'Brand', '1x1', 'cream'),
      c('Static', 'Question', 'Brand', '9x16', 'serum'),
      c('Static', 'BOGO', 'Brand', '1x1', 'spf'),
      c('Carousel', 'Unboxing', 'Brand', '1x1', 'kit'),
      c('Static', 'Pain', 'Team', '4x5', 'cream'),
    ],
    adSets: [
      {
        name: 'Broad 25-54',
        page: 0,
        slots: ['ACTIVE:W', 'ACTIVE', 'PAUSED', 'ACTIVE', 'ARCHIVED', 'PENDING_BILLING_INFO'],
      },
      { name: 'Lookalike 2%', page: 0, slots: ['ACTIVE', 'ACTIVE', 'PAUSED', 'ACTIVE:N', 'PAUSED'] },
      {
        name: 'Interest — Beauty',
        page: 1,
        slots: ['ACTIVE', 'PAUSED', 'ACTIVE', 'ACTIVE:N', 'PENDING_REVIEW'],
      },
    ],
  },
];

const PRODUCTS: Record<ProductKey, { name: string; slug: string }> = {
  serum: { name: 'Daily Glow Serum', slug: 'daily-glow-serum' },
  cream: { name: 'Barrier Repair Cream', slug: 'barrier-repair-cream' },
  spf: { name: 'Sheer SPF 50', slug: 'sheer-spf-50' },
  kit: { name: 'Glow Starter Kit', slug: 'glow-starter-kit' },
};

const SITE = 'https://demo-brand.example';

interface Copy {
  title: string;
  bodies: string[];
  ctaType: 'SHOP_NOW' | 'LEARN_MORE' | 'SIGN_UP' | 'GET_OFFER';
  landingPage: string;
}

function copyFor(concept: Concept): Copy {
  const product = PRODUCTS[concept.product];
  const page = `${SITE}/products/${product.slug}`;
  const person = concept.creator === 'Brand' || concept.creator === 'Team' ? 'Jess' : concept.creator;
  switch (concept.hook) {
    case 'Pain':
      return {
        title: 'Your skin, finally calm',
        bodies: [
          `Dry patches by noon, whatever you put on? ${person} swapped a 7-step routine for the ${product.name} — two pumps morning and night, and her skin finally stopped fighting back.`,
          `If your moisturiser is gone before lunch, it's not your skin, it's the formula. The ${product.name} keeps skin hydrated for 24 hours without the greasy film.`,
        ],
        ctaType: 'SHOP_NOW',
        landingPage: page,
      };
    case 'Demo':
      return {
        title: `See the ${product.name} in action`,
        bodies: [
          `Watch it sink in: the ${product.name}, 30 seconds, zero sticky finish. Light enough for under make-up, rich enough for winter.`,
          `One pump, three jobs — see how the ${product.name} smooths, hydrates and preps for make-up in under a minute.`,
        ],
        ctaType: 'LEARN_MORE',
        landingPage: page,
      };
    case 'Question':
      return {
        title: 'Find your routine in 60 seconds',
        bodies: [
          'What if one product could replace half your shelf? Take our 60-second skin quiz and get a routine built for your skin.',
          'Why does your skin feel tight after cleansing? The answer — and the fix — is in our 60-second skin quiz.',
        ],
        ctaType: 'SIGN_UP',
        landingPage: `${SITE}/quiz`,
      };
    case 'Testimonial':
      return {
        title: 'Rated 4.8★ by 12,000+ customers',
        bodies: [
          `"I've tried everything — this is the first one I've reordered three times." ${person} on the ${product.name}.`,
          `"My skin hasn't looked this even in years." Join 12,000+ customers who made the ${product.name} their daily step.`,
        ],
        ctaType: 'SHOP_NOW',
        landingPage: page,
      };
    case 'Unboxing':
      return {
        title: `What's inside the ${product.name}`,
        bodies: [
          `Unboxing the ${product.name}: everything for a calm, glowing routine in one box. Free shipping over $50.`,
          `Cleanser, serum, moisturiser, SPF — ${person} unboxes the ${product.name} and tries it for a week.`,
        ],
        ctaType: 'SHOP_NOW',
        landingPage: page,
      };
    case 'Offer':
      switch (concept.offer) {
        case 'FreeShip':
          return {
            title: 'Free shipping, no minimum',
            bodies: [
              `Free shipping on every order, no minimum. Stock up on the ${product.name} before it sells out again.`,
            ],
            ctaType: 'GET_OFFER',
            landingPage: `${SITE}/offers/free-shipping`,
          };
        case 'BOGO':
          return {
            title: 'Buy one, get one free',
            bodies: [`Buy one ${product.name}, get one free. Share it with a friend — or keep both.`],
            ctaType: 'GET_OFFER',
            landingPage: `${SITE}/offers/bogo`,
          };
        case 'Bundle':
          return {
            title: 'Save 25% on the full routine',
            bodies: [`The full routine for less: the ${product.name} bundle saves you 25% on every step.`],
            ctaType: 'GET_OFFER',
            landingPage: `${SITE}/offers/bundle`,
          };
        default:
          return {
            title: '20% off your first order',
            bodies: [
              '20% off your first order — this week only. Use code GLOW20 at checkout.',
              `New here? Take 20% off the ${product.name} with code GLOW20. Ends Sunday.`,
            ],
            ctaType: 'GET_OFFER',
            landingPage: `${SITE}/offers/20-off`,
          };
      }
  }
}

const conceptName = (k: Concept) =>
  `${k.format}_${k.hook === 'Offer' ? `Offer-${k.offer}` : `Hook-${k.hook}`}_${k.creator}_${k.ratio}`;

// ---------------------------------------------------------------------------------------
// Dates: whole days as numbers (days since 1970-01-01), the account's calendar days.

const DAY_MS = 86_400_000;

function parseDay(value: string): number {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  const day = m ? Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])) / DAY_MS : Number.NaN;
  if (!Number.isInteger(day) || new Date(day * DAY_MS).toISOString().slice(0, 10) !== value)
    throw new RangeError(`today must be a YYYY-MM-DD date, got ${JSON.stringify(value)}`);
  return day;
}

const formatDay = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);
const isWeekend = (day: number) => {
  const weekday = new Date(day * DAY_MS).getUTCDay();
  return weekday === 0 || weekday === 6;
};
/** A moment on a day, during New York office hours (13:00–21:59 UTC). */
const momentOn = (day: number, r: Rng) => new Date(day * DAY_MS + r.int(13 * 60, 21 * 60 + 59) * 60_000);

// ---------------------------------------------------------------------------------------
// Performance model

type Tier = 'winner' | 'mid' | 'loser';

/** Lifetime ROAS each tier lands on (the value per conversion is fitted to it). */
const ROAS: Record<Tier, [number, number]> = { winner: [3.3, 4.6], mid: [1.2, 2.6], loser: [0.3, 0.9] };
const DAILY_SPEND: Record<Tier, [number, number]> = { winner: [150, 320], mid: [50, 170], loser: [15, 80] };
const LINK_CTR: Record<Tier, [number, number]> = {
  winner: [0.016, 0.021],
  mid: [0.01, 0.016],
  loser: [0.0055, 0.011],
};
const THUMBSTOP: Record<Tier, [number, number]> = {
  winner: [0.32, 0.42],
  mid: [0.25, 0.34],
  loser: [0.2, 0.28],
};

interface AdModel {
  tier: Tier;
  /** Days before today of the first and last day with delivery; null when it never delivered. */
  startAgo: number;
  stopAgo: number | null;
  spend0: number;
  cpm0: number;
  ctr0: number;
  cvr0: number;
  frequency0: number;
  /** Fatigue: time constant (days) and how far CTR / thumbstop fall and CPM rises. */
  tau: number;
  ctrDrop: number;
  thumbDrop: number;
  cpmRise: number;
  throttle: number;
  video: {
    duration: number;
    thumb0: number;
    /** Share of plays still watching at 3 s, and at the end. */
    hold: number;
    end: number;
    /** Steepness of the drop after 3 s. */
    k: number;
    points: number;
  } | null;
}

/** Share (0–1) of plays still watching at `t` seconds: a sharp drop to `hold` by 3 s, then a decay to `end`. */
function retentionAt(t: number, duration: number, hold: number, end: number, k: number): number {
  const t3 = Math.min(3, duration / 3);
  if (t <= t3) return 1 - (1 - hold) * (t / t3) ** 0.6;
  const u = Math.min(1, (t - t3) / (duration - t3));
  return end + ((hold - end) * (Math.exp(-k * u) - Math.exp(-k))) / (1 - Math.exp(-k));
}

interface RowDraft extends Omit<DailyInsightRecord, 'conversionValue'> {
  ago: number;
  valueNoise: number;
}

/**
 * One day of an ad's delivery. Days are drafted in order; `carry` (expected minus counted
 * conversions so far) keeps an ad's few daily conversions adding up to its conversion rate.
 */
function draftRow(
  model: AdModel,
  ago: number,
  today: number,
  r: Rng,
  carry: { conversions: number },
): RowDraft {
  const day = today - ago;
  const age = model.startAgo - ago;
  const fatigue = 1 - Math.exp(-age / model.tau);
  const weekend = isWeekend(day);

  // Budget: the learning phase ramps up; Meta shifts money to winners and away from losers.
  const ramp = age === 0 ? 0.4 : age === 1 ? 0.65 : age === 2 ? 0.85 : 1;
  const trend =
    model.tier === 'winner'
      ? 1 + 0.25 * (1 - Math.exp(-age / 10))
      : model.tier === 'loser'
        ? Math.max(0.35, Math.exp(-age / 30))
        : 1 - 0.2 * fatigue;
  const spend = cents(
    clamp(
      model.spend0 * ramp * trend * model.throttle * (weekend ? r.range(0.7, 0.85) : 1) * r.range(0.85, 1.15),
      5,
      600,
    ),
  );
  const cpm = clamp(
    model.cpm0 * (1 + model.cpmRise * fatigue) * (weekend ? 0.95 : 1) * r.range(0.95, 1.05),
    8.2,
    24.6,
  );
  const impressions = Math.round((spend * 1000) / cpm);
  const frequency = model.frequency0 + 0.45 * fatigue + r.range(0, 0.05);
  const reach = Math.max(1, Math.min(impressions, Math.round(impressions / frequency)));

  const ctr = clamp(model.ctr0 * (1 - model.ctrDrop * fatigue) * r.range(0.9, 1.1), 0.0045, 0.025);
  const linkClicks = r.round(impressions * ctr);
  const outboundClicks = Math.min(linkClicks, Math.round(linkClicks * r.range(0.82, 0.95)));
  const clicks = linkClicks + r.round(linkClicks * r.range(0.3, 0.8) + impressions * r.range(0.0005, 0.0015));

  const cvr = model.cvr0 * (weekend ? 1.1 : 1) * r.range(0.85, 1.15);
  const expected = linkClicks * cvr;
  const conversions = clamp(Math.floor(expected + carry.conversions + r.next()), 0, linkClicks);
  carry.conversions += expected - conversions;
  const addToCart = Math.min(
    linkClicks,
    Math.max(conversions, r.round(linkClicks * cvr * r.range(2.2, 3.5))),
  );
  const checkouts = conversions + r.round((addToCart - conversions) * r.range(0.4, 0.7));
  const landingPageViews = Math.min(
    linkClicks,
    Math.max(addToCart, Math.round(outboundClicks * r.range(0.7, 0.9))),
  );
  const otherActions: Record<string, number> = {};
  if (landingPageViews > 0) otherActions.landing_page_view = landingPageViews;
  if (addToCart > 0) otherActions.add_to_cart = addToCart;
  if (checkouts > 0) otherActions.initiate_checkout = checkouts;

  const row: RowDraft = {
    ago,
    valueNoise: r.range(0.88, 1.12),
    adExternalId: '',
    date: formatDay(day),
    spend,
    impressions,
    reach,
    clicks,
    linkClicks,
    outboundClicks,
    conversions,
    otherActions,
    plays: 0,
    threeSecondViews: 0,
    p25: 0,
    p50: 0,
    p75: 0,
    p95: 0,
    p100: 0,
    thruplays: 0,
    avgWatchTimeSeconds: 0,
    retention: null,
  };

  const v = model.video;
  if (v) {
    const thumb = clamp(v.thumb0 * (1 - model.thumbDrop * fatigue) * r.range(0.95, 1.05), 0.16, 0.44);
    const hold = clamp(v.hold * (1 - 0.08 * fatigue) * r.range(0.97, 1.03), 0.45, 0.8);
    const end = clamp(v.end * r.range(0.93, 1.07), 0.05, 0.3);
    const at = (t: number) => retentionAt(t, v.duration, hold, end, v.k);
    const threeSecondViews = Math.round(impressions * thumb);
    const plays = Math.min(impressions, Math.max(threeSecondViews, Math.round(threeSecondViews / hold)));
    const quartiles = [0.25, 0.5, 0.75, 0.95].map((q) => Math.round(plays * at(q * v.duration)));
    quartiles.push(Math.round(plays * end * r.range(0.85, 0.95)));
    if (0.25 * v.duration >= Math.min(3, v.duration / 3))
      quartiles[0] = Math.min(quartiles[0]!, threeSecondViews);
    // Strictly falling while there is anyone left to fall.
    for (let i = 1; i < quartiles.length; i++)
      quartiles[i] = Math.max(0, Math.min(quartiles[i]!, quartiles[i - 1]! - 1));
    const [p25 = 0, p50 = 0, p75 = 0, p95 = 0, p100 = 0] = quartiles;
    // Average watch time: the area under the curve (trapezoids).
    const steps = 24;
    let watched = 0;
    let previous = 1;
    for (let i = 1; i <= steps; i++) {
      const share = at((i * v.duration) / steps);
      watched += ((previous + share) / 2) * (v.duration / steps);
      previous = share;
    }
    row.plays = plays;
    row.threeSecondViews = threeSecondViews;
    row.p25 = p25;
    row.p50 = p50;
    row.p75 = p75;
    row.p95 = p95;
    row.p100 = p100;
    row.thruplays = Math.round(p75 + (p50 - p75) * r.range(0.3, 0.7));
    row.avgWatchTimeSeconds = cents(watched);
    row.retention = Array.from({ length: v.points }, (_, i) =>
      Math.round(100 * at((i * v.duration) / (v.points - 1))),
    );
  }
  return row;
}

/** When the ad delivered (days before today), by its status and its containers' pause days. */
function schedule(
  status: Status,
  isNew: boolean,
  tier: Tier,
  stops: { campaign: number | null; adSet: number | null },
  r: Rng,
): { startAgo: number; stopAgo: number | null } {
  const containerStop = stops.adSet ?? stops.campaign ?? 0;
  switch (status) {
    case 'ACTIVE':
      return {
        startAgo: isNew ? r.int(2, 13) : tier === 'winner' ? r.int(35, 100) : r.int(16, 120),
        stopAgo: 0,
      };
    case 'WITH_ISSUES':
      return { startAgo: r.int(15, 60), stopAgo: 0 };
    case 'CAMPAIGN_PAUSED':
    case 'ADSET_PAUSED':
      return { startAgo: r.int(containerStop + 20, containerStop + 90), stopAgo: containerStop };
    case 'PAUSED': {
      const stopAgo = r.int(Math.max(3, containerStop + 2), Math.max(containerStop + 2, 60));
      return { startAgo: stopAgo + r.int(7, 50), stopAgo };
    }
    case 'ARCHIVED': {
      const stopAgo = r.int(Math.max(40, containerStop + 2), 75);
      return { startAgo: stopAgo + r.int(10, 60), stopAgo };
    }
    case 'DELETED': {
      const stopAgo = r.int(Math.max(20, containerStop + 2), 50);
      return { startAgo: stopAgo + r.int(8, 45), stopAgo };
    }
    case 'DISAPPROVED': {
      // Ran a couple of days, then failed a re-review after an edit.
      const startAgo = r.int(6, 12);
      return { startAgo, stopAgo: startAgo - r.int(1, 3) };
    }
    default:
      // IN_PROCESS, PENDING_REVIEW, PREAPPROVED, PENDING_BILLING_INFO: created, never delivered.
      return { startAgo: r.int(0, 1), stopAgo: null };
  }
}

const STOPPED: ReadonlySet<Status> = new Set([
  'PAUSED',
  'ARCHIVED',
  'DELETED',
  'CAMPAIGN_PAUSED',
  'ADSET_PAUSED',
  'DISAPPROVED',
]);

/** W slots are proven winners; running ads are a mix, stopped ones mostly losers. */
function pickTier(status: Status, flag: 'W' | 'N' | undefined, r: Rng): Tier {
  if (flag === 'W') return 'winner';
  if (status === 'WITH_ISSUES') return 'loser';
  if (status === 'ACTIVE' && flag === 'N') return r.chance(0.5) ? 'mid' : 'loser';
  if (status === 'ACTIVE') return r.chance(0.12) ? 'winner' : r.chance(0.6) ? 'mid' : 'loser';
  if (STOPPED.has(status)) return r.chance(0.75) ? 'loser' : 'mid';
  return 'mid';
}

function configuredStatus(status: Status): string {
  return status === 'PAUSED' || status === 'ARCHIVED' || status === 'DELETED' ? status : 'ACTIVE';
}

// ---------------------------------------------------------------------------------------

export function generateDemoAdAccount(options: GenerateDemoAdAccountOptions): DemoAdAccount {
  const seed = options.seed ?? 1;
  const days = options.days ?? 90;
  if (!Number.isInteger(days) || days < 1)
    throw new RangeError(`days must be a positive integer, got ${days}`);
  const today = parseDay(options.today);
  const ids = `demo_${seed}`;
  const structure = rng(mix(seed, 1));

  const videos = options.media.filter((m) => m.kind === 'VIDEO');
  const images = options.media.filter((m) => m.kind === 'IMAGE');

  const campaigns: CampaignRecord[] = [];
  const adSets: AdSetRecord[] = [];
  const ads: AdRecord[] = [];
  const insights: DailyInsightRecord[] = [];

  // One media per concept (same name without the version), cycling through the caller's
  // media, so a concept placed in several ad sets shares its video or image.
  const conceptMedia = new Map<string, DemoMedia | null>();
  const conceptPosts = new Map<string, string>();
  const versions = new Map<string, number>();
  let videoCursor = 0;
  let imageCursor = 0;
  const mediaFor = (concept: Concept): DemoMedia | null => {
    const name = conceptName(concept);
    let media = conceptMedia.get(name);
    if (media === undefined) {
      const wantsVideo = concept.format === 'UGC' || concept.format === 'Studio';
      const [own, other] = wantsVideo ? [videos, images] : [images, videos];
      if (own.length > 0) {
        media = own[(wantsVideo ? videoCursor++ : imageCursor++) % own.length]!;
      } else if (other.length > 0) {
        media = other[(wantsVideo ? imageCursor++ : videoCursor++) % other.length]!;
      } else {
        media = null;
      }
      conceptMedia.set(name, media);
    }
    return media;
  };

  let adNumber = 0;
  let adSetNumber = 0;
  PLAN.forEach((plan, campaignIndex) => {
    const campaignId = `${ids}_campaign_${campaignIndex + 1}`;
    const campaignStop = plan.paused ? structure.int(6, 14) : null;
    campaigns.push({
      externalId: campaignId,
      name: plan.name,
      status: plan.paused ? 'PAUSED' : 'ACTIVE',
      effectiveStatus: plan.paused ? 'PAUSED' : 'ACTIVE',
      objective: 'OUTCOME_SALES',
    });

    // The campaign's concepts in a seeded order, dealt out across its ad sets in turn.
    const pool = [...plan.pool];
    for (let i = pool.length - 1; i > 0; i--) {
      const j = structure.int(0, i);
      [pool[i], pool[j]] = [pool[j]!, pool[i]!];
    }
    let dealt = 0;

    for (const adSetPlan of plan.adSets) {
      adSetNumber++;
      const adSetId = `${ids}_adset_${adSetNumber}`;
      const adSetStop = adSetPlan.paused ? structure.int(10, 20) : null;
      adSets.push({
        externalId: adSetId,
        campaignExternalId: campaignId,
        name: adSetPlan.name,
        status: adSetPlan.paused ? 'PAUSED' : 'ACTIVE',
        effectiveStatus: plan.paused ? 'CAMPAIGN_PAUSED' : adSetPlan.paused ? 'PAUSED' : 'ACTIVE',
      });
      const page = DEMO_PAGES[adSetPlan.page]!;

      for (const slot of adSetPlan.slots) {
        adNumber++;
        const [status, flag] = slot.split(':') as [Status, 'W' | 'N' | undefined];
        const concept = pool[dealt++ % pool.length]!;
        const r = rng(mix(seed, 1000 + adNumber));

        const baseName = conceptName(concept);
        const version = (versions.get(baseName) ?? 0) + 1;
        versions.set(baseName, version);
        const name = `${baseName}_v${version}`;

        const tier = pickTier(status, flag, r);
        const { startAgo, stopAgo } = schedule(
          status,
          flag === 'N',
          tier,
          { campaign: campaignStop, adSet: adSetStop },
          r,
        );

        const media = mediaFor(concept);
        const isVideo = media
          ? media.kind === 'VIDEO'
          : concept.format === 'UGC' || concept.format === 'Studio';
        const fileType: AdFileType = concept.post
          ? 'POST'
          : concept.format === 'Carousel'
            ? 'COLLECTION'
            : isVideo
              ? 'VIDEO'
              : 'STATIC';

        // Creative, post and links.
        let postNumber = conceptPosts.get(baseName);
        if (!concept.post || postNumber === undefined) {
          postNumber = `${8_800_000 + seed}${String(adNumber).padStart(4, '0')}`;
          if (concept.post) conceptPosts.set(baseName, postNumber);
        }
        const copy = copyFor(concept);
        const creative: CreativeRecord = {
          externalId: `${ids}_creative_${adNumber}`,
          actorId: page.id,
          actorName: page.name,
          postId: `${page.id}_${postNumber}`,
          title: copy.title,
          body: copy.bodies[(version - 1) % copy.bodies.length]!,
          ctaType: copy.ctaType,
          landingPage: copy.landingPage,
          thumbnailUrl: null,
          // The caller's media key, for it to map to a library asset (see demoMediaKey).
          videoId: media?.kind === 'VIDEO' ? `${DEMO_VIDEO_ID_PREFIX}${media.key}` : null,
          imageHash: media?.kind === 'IMAGE' ? `${DEMO_IMAGE_HASH_PREFIX}${media.key}` : null,
        };
        const adId = `${ids}_ad_${String(adNumber).padStart(3, '0')}`;
        const createdAt = momentOn(today - startAgo, r);
        const updatedAt =
          status === 'PAUSED' || status === 'ARCHIVED' || status === 'DELETED' || status === 'DISAPPROVED'
            ? momentOn(today - Math.max(0, (stopAgo ?? 1) - 1), r)
            : new Date(createdAt.getTime() + r.int(5, 180) * 60_000);
        ads.push({
          externalId: adId,
          adSetExternalId: adSetId,
          campaignExternalId: campaignId,
          name,
          status: configuredStatus(status),
          effectiveStatus: status,
          previewUrl: `https://www.facebook.com/ads/library/?id=${8_700_000 + seed}${String(adNumber).padStart(4, '0')}`,
          permalink: `https://www.facebook.com/${page.id}/posts/${postNumber}`,
          fileType,
          createdAt,
          updatedAt: new Date(Math.max(updatedAt.getTime(), createdAt.getTime())),
          creative,
        });

        // The performance model (drawn for every ad, delivering or not).
        const roas = r.range(...ROAS[tier]);
        const ctr0 = r.range(...LINK_CTR[tier]) * (plan.retargeting ? 1.15 : 1);
        const cpm0 = plan.retargeting ? r.range(13, 18) : r.range(9, 15);
        const model: AdModel = {
          tier,
          startAgo,
          stopAgo,
          spend0: r.range(...DAILY_SPEND[tier]) * (plan.retargeting ? 0.6 : 1),
          cpm0,
          ctr0,
          // Sized for ~$68 per order over the ad's life (fatigue lowers CTR by ~20 % and
          // raises CPM by ~20 % on average); the order value is fitted to the ROAS below.
          cvr0: clamp((roas * cpm0 * 1.2) / (ctr0 * 0.82 * 68 * 1000), 0.011, 0.056),
          frequency0: plan.retargeting ? r.range(1.35, 1.8) : r.range(1.05, 1.25),
          tau: r.range(18, 45),
          ctrDrop: r.range(0.2, 0.4),
          thumbDrop: r.range(0.12, 0.25),
          cpmRise: r.range(0.2, 0.45),
          throttle: status === 'WITH_ISSUES' ? 0.4 : 1,
          video: null,
        };
        const videoParams = {
          duration: Math.max(1, media?.durationSeconds ?? 30),
          thumb0: r.range(...THUMBSTOP[tier]),
          hold: r.range(0.5, 0.75),
          end: tier === 'winner' ? r.range(0.14, 0.28) : r.range(0.06, 0.2),
          k: r.range(1.5, 3.5),
          points: r.int(15, 20),
        };
        if (isVideo) model.video = videoParams;

        if (stopAgo === null) continue;
        // The whole life (so the fitted order value does not depend on `days`), then the window.
        const rows: RowDraft[] = [];
        const carry = { conversions: 0 };
        for (let ago = startAgo; ago >= stopAgo; ago--)
          rows.push(draftRow(model, ago, today, rng(mix(seed, 1000 + adNumber, ago)), carry));
        let spend = 0;
        let conversions = 0;
        for (const row of rows) {
          spend += row.spend;
          conversions += row.conversions;
        }
        const orderValue = conversions > 0 ? clamp((roas * spend) / conversions, 40, 80) : 60;
        for (const { ago, valueNoise, ...row } of rows) {
          if (ago >= days) continue;
          insights.push({
            ...row,
            adExternalId: adId,
            conversionValue: cents(row.conversions * orderValue * valueNoise),
          });
        }
      }
    }
  });

  return {
    account: {
      externalId: `act_demo_${seed}`,
      name: 'Demo Brand — Meta Ads',
      currency: 'USD',
      timezone: 'America/New_York',
      accountStatus: 1,
      disableReason: 0,
      source: 'DEMO',
      purchaseActionType: 'omni_purchase',
    },
    campaigns,
    adSets,
    ads,
    insights,
  };
}
