/**
 * Search at scale (issue 16 "Benchmark"): keyword + filter search and filter options on the
 * built server's own code (apps/server/dist), in-process, no HTTP.
 *
 *  - Data (seeded, so two runs build the same library): N assets in one brand plus three
 *    other brands of N/30 each (the same words: the brand filter has to do the work).
 *    Campaign-style names ('Summer Sneaker Launch UGC DE v3.mp4'), 1–4 tags each from a
 *    Zipf-distributed vocabulary of 300 (6 categories), template descriptions with a rare
 *    promo codename, 30–120-word ad-script transcripts on videos and audio, OCR lines on
 *    images and videos, folders, boards with items, dates over three years.
 *  - Load: the tables' secondary indexes are dropped and their triggers off (consistent by
 *    construction), rows go in with `INSERT … SELECT FROM jsonb_to_recordset($1)` in batches
 *    of 5,000; the brands are marked dirty with the module's markBrand and the documents
 *    built by the real indexer (documents.ts rebuildDirty) in batches. `--documents sql`
 *    (automatic above 300,000 assets, where the indexer takes too long for one sitting) builds
 *    them instead with one set-based INSERT per batch using the same tsvector expression, and
 *    says so; a sample of 200 is then rebuilt by the indexer and compared.
 *  - Indexes: the dropped ones (same definitions, read from pg_indexes) are built after the
 *    load, then VACUUM ANALYZE.
 *  - Queries: the search module's service (context.services.search, created by the server's
 *    createContext on the opened database): search() with keyword + two filters and the
 *    total count (a rare term, a term in ≥ 10 % of assets, a misspelt name; × type + tag and
 *    aspect + date), options() for tags, folders and boards, libraryOptions(); p50/p95 over
 *    200 calls each after 20 warm-up calls. Misses get an EXPLAIN (ANALYZE, BUFFERS).
 *
 * Run: `npx tsx bench/search.ts --assets 100000 --db pglite`, or
 * `DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench_search npx tsx bench/search.ts --assets 1000000 --db postgres`
 * (creates the database named there and drops it at the end; when that database exists
 * already it is only used to create a scratch database beside it). Through the runner:
 * `npm run bench -- search` (BENCH_SEARCH_ASSETS, BENCH_SEARCH_DB, BENCH_SEARCH_SAMPLES).
 *
 * `--reuse-loaded` (PostgreSQL) queries a database an earlier run of the same --assets loaded
 * and left (`--keep-loaded`, or killed with SIGKILL before its drop), for re-measuring without
 * a 15-minute load;
 * `--samples`/`--warmup` change the 200/20 calls per row.
 *
 * The kNN part (200,000 clustered 384-dim vectors, HNSW m 16, ef_construction 64, recall@10
 * against exact search) is bench/search-knn.ts: `npm run bench -- search-knn`.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { SearchParams } from '@hookline/contract';
import pg from 'pg';
import { buildServer } from './lib/build.js';
import { onExit } from './lib/cleanup.js';
import { envInt } from './lib/env.js';
import { repoRoot } from './lib/paths.js';
import { createScratchDatabase } from './lib/scratch-database.js';
import { percentile, round } from './lib/stats.js';
import { type Cell, formatTable, type Table } from './lib/table.js';
import { makeTempDir } from './lib/tempdir.js';
import type { Bench, BenchContext, BenchReport } from './lib/types.js';

type DatabaseKind = 'pglite' | 'postgres';
type DocumentMode = 'indexer' | 'sql';

/** Issue 16's goals: keyword + filters p95 at the target scale, options p95 anywhere. */
const SEARCH_GOAL_MS = 100;
const OPTIONS_GOAL_MS = 30;
const TARGET_ASSETS = { pglite: 100_000, postgres: 1_000_000 } as const;
const BATCH = 5_000;
const INDEXER_BATCH = 1_000;
const SQL_DOCUMENTS_ABOVE = 300_000;
const OTHER_BRANDS = 3;
const SEED = 16;
/** Keywords each in ≥ 10 % of the brand's items (the report prints their share). */
const COMMON_WORDS = ['summer', 'delivery', 'order', 'shop'] as const;

// ── seeded data ──────────────────────────────────────────────────────────

/** mulberry32: deterministic, so two runs build the same library and ask the same queries. */
function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const int = (n: number) => Math.floor(next() * n);
  const pick = <T>(list: readonly T[]): T => list[int(list.length)]!;
  const uuid = () => {
    const hex = Array.from({ length: 32 }, () => int(16).toString(16));
    hex[12] = '4';
    hex[16] = '89ab'[int(4)]!;
    const s = hex.join('');
    return `${s.slice(0, 8)}-${s.slice(8, 12)}-${s.slice(12, 16)}-${s.slice(16, 20)}-${s.slice(20)}`;
  };
  return { next, int, pick, uuid };
}
type Random = ReturnType<typeof prng>;

/** Weighted pick: [value, weight][]. */
const weighted = <T>(random: Random, options: readonly (readonly [T, number])[]): T => {
  const total = options.reduce((sum, [, w]) => sum + w, 0);
  let x = random.next() * total;
  for (const [value, w] of options) {
    x -= w;
    if (x < 0) return value;
  }
  return options[options.length - 1]![0];
};

const SEASONS = [
  ['Summer', 25],
  ['Winter', 14],
  ['Spring', 12],
  ['Autumn', 10],
  ['Holiday', 10],
  ['Black Friday', 9],
  ['Back to School', 7],
  ['Valentines', 5],
  ['New Year', 5],
  ['Mothers Day', 3],
] as const;
const PRODUCTS = [
  'Sneaker',
  'Hoodie',
  'Backpack',
  'Serum',
  'Moisturiser',
  'Headphones',
  'Smartwatch',
  'Espresso',
  'Blender',
  'Sunglasses',
  'Raincoat',
  'Yoga Mat',
  'Protein Bar',
  'Kombucha',
  'Candle',
  'Perfume',
  'Lipstick',
  'Mascara',
  'Shampoo',
  'Toothbrush',
  'Mattress',
  'Pillow',
  'Duvet',
  'Armchair',
  'Bookshelf',
  'Desk Lamp',
  'Keyboard',
  'Webcam',
  'Speaker',
  'Earbuds',
  'Tablet',
  'Charger',
  'Scooter',
  'Bicycle',
  'Helmet',
  'Tent',
  'Sleeping Bag',
  'Lantern',
  'Thermos',
  'Water Bottle',
  'Granola',
  'Cereal',
  'Pasta Sauce',
  'Olive Oil',
  'Chocolate',
  'Coffee Beans',
  'Green Tea',
  'Smoothie',
  'Dog Food',
  'Cat Litter',
  'Aquarium',
  'Plant Pot',
  'Garden Hose',
  'Barbecue',
  'Cookware',
  'Knife Set',
  'Jeans',
  'Trainers',
  'Parka',
  'Swimsuit',
  'Sandals',
  'Wristband',
  'Necklace',
  'Handbag',
  'Wallet',
  'Luggage',
  'Passport Cover',
  'Travel Pillow',
  'Camera',
  'Tripod',
  'Drone',
  'Console',
  'Controller',
  'Board Game',
  'Puzzle',
  'Notebook',
  'Fountain Pen',
  'Planner',
  'Stapler',
  'Printer',
] as const;
const FORMATS = [
  'Launch',
  'Teaser',
  'Hero',
  'UGC',
  'Testimonial',
  'Unboxing',
  'Tutorial',
  'Promo',
  'Bumper',
  'Cutdown',
] as const;
const MARKETS = ['UK', 'DE', 'FR', 'ES', 'US', 'NL', 'SE', 'PL', 'NO', 'PT'] as const;
const AUDIENCES = [
  'new parents',
  'students',
  'runners',
  'gamers',
  'commuters',
  'home cooks',
  'travellers',
  'pet owners',
] as const;
const ADJECTIVES = [
  'bold',
  'playful',
  'minimal',
  'warm',
  'energetic',
  'cinematic',
  'cosy',
  'bright',
] as const;
const OCR_LINES = [
  '50% off your first order',
  'Free delivery today',
  'Shop now',
  'Limited time only',
  'Two for one this weekend',
  'New collection',
  'Link in bio',
  'Use code SAVE20',
  'Order before midnight',
  'Available in stores',
] as const;
const SCRIPT = [
  'Meet the {p} that changes your morning.',
  'We tested it for a whole {s} season so you do not have to.',
  'Tired of {p2} that never lasts?',
  'Our {p} is made for {a}.',
  'Order today and get free delivery.',
  'Tap the link to claim fifty percent off your first order.',
  'Thousands of happy customers already switched.',
  'It fits in your bag and goes everywhere you go.',
  'Look how easy it is to set up.',
  'This {s} only, every {p} comes with a gift.',
  'Swipe up to see the full range.',
  'Honestly I did not expect it to be this good.',
  'Designed in {m}, loved everywhere.',
  'No subscription, no hidden fees, just a better {p}.',
  'Ready in under a minute.',
] as const;
const TAG_CATEGORIES = ['Product', 'Channel', 'Theme', 'Audience', 'Format', 'Mood'] as const;
const TAG_WORDS = [
  'organic',
  'lifestyle',
  'studio',
  'outdoor',
  'closeup',
  'product shot',
  'founder',
  'voiceover',
  'subtitles',
  'music',
  'humour',
  'emotional',
  'before after',
  'how to',
  'review',
  'comparison',
  'flatlay',
  'packshot',
  'model',
  'kids',
  'family',
  'couple',
  'animal',
  'city',
  'beach',
  'snow',
  'night',
  'sunset',
  'kitchen',
  'gym',
  'office',
  'festival',
  'retro',
  'neon',
  'pastel',
  'monochrome',
  'handheld',
  'drone shot',
  'slow motion',
  'timelapse',
  'stop motion',
  'split screen',
  'green screen',
  'text overlay',
  'countdown',
  'discount',
  'bundle',
  'limited',
  'bestseller',
  'new in',
] as const;
const TYPES = [
  ['VIDEO', 40],
  ['IMAGE', 45],
  ['AUDIO', 5],
  ['DOCUMENT', 5],
  ['ANIMATION', 5],
] as const;
const SIZES: [[number, number], number][] = [
  [[1080, 1920], 35],
  [[1920, 1080], 30],
  [[1080, 1080], 20],
  [[1080, 1350], 10],
  [[1200, 900], 5],
];
const LANGUAGES = [
  ['en', 60],
  ['de', 10],
  ['fr', 8],
  ['es', 8],
  ['pt', 4],
  ['sv', 4],
  ['no', 3],
  ['pl', 3],
] as const;
const EXTENSION: Record<string, string> = {
  VIDEO: 'mp4',
  IMAGE: 'jpg',
  AUDIO: 'mp3',
  DOCUMENT: 'pdf',
  ANIMATION: 'gif',
};
const START = Date.UTC(2023, 0, 1);
const SPAN = Date.UTC(2026, 0, 1) - START;

/** 300 unique tag names: category-flavoured words and products, Zipf ranks in this order. */
function tagVocabulary(): { name: string; category: string }[] {
  const names = new Set<string>();
  const out: { name: string; category: string }[] = [];
  const add = (name: string, category: string) => {
    if (names.has(name.toLowerCase()) || out.length >= 300) return;
    names.add(name.toLowerCase());
    out.push({ name, category });
  };
  let round = 0;
  while (out.length < 300) {
    for (const [i, word] of TAG_WORDS.entries())
      add(round ? `${word} ${round + 1}` : word, TAG_CATEGORIES[(i + round) % 6]!);
    for (const product of PRODUCTS)
      add(round ? `${product.toLowerCase()} ${round + 1}` : product.toLowerCase(), 'Product');
    round++;
  }
  return out;
}

/** Rare promo codenames: pronounceable, never real words; each in a few dozen items. */
function codenames(count: number): string[] {
  const random = prng(SEED + 7);
  const onsets = [
    'b',
    'd',
    'f',
    'g',
    'k',
    'l',
    'm',
    'n',
    'p',
    'r',
    's',
    't',
    'v',
    'z',
    'br',
    'kr',
    'tr',
    'zw',
  ];
  const vowels = ['a', 'e', 'i', 'o', 'u', 'y'];
  const codas = ['x', 'q', 'rk', 'nd', 'lt', 'v', 'z', 'mb'];
  const seen = new Set<string>();
  while (seen.size < count) {
    seen.add(
      `${random.pick(onsets)}${random.pick(vowels)}${random.pick(onsets)}${random.pick(vowels)}${random.pick(codas)}`,
    );
  }
  return [...seen];
}

/** Zipf (s = 1) over `n` ranks: cumulative weights for a binary search. */
function zipf(n: number): Float64Array {
  const cdf = new Float64Array(n);
  let sum = 0;
  for (let k = 1; k <= n; k++) sum += 1 / k;
  let acc = 0;
  for (let k = 1; k <= n; k++) {
    acc += 1 / k / sum;
    cdf[k - 1] = acc;
  }
  return cdf;
}
function zipfRank(random: Random, cdf: Float64Array): number {
  const x = random.next();
  let lo = 0;
  let hi = cdf.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (cdf[mid]! < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** 'Sneaker' → 'Snaeker': one letter dropped, doubled or two swapped, never the first. */
function misspell(random: Random, word: string): string {
  const i = 1 + random.int(word.length - 2);
  switch (random.int(3)) {
    case 0:
      return word.slice(0, i) + word.slice(i + 1);
    case 1:
      return word.slice(0, i) + word[i] + word.slice(i);
    default:
      return word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2);
  }
}

interface BrandPlan {
  brandId: string;
  assets: number;
  tagIds: string[];
  folders: { id: string; path: string; depth: number; name: string }[];
  boards: { id: string; name: string }[];
}

interface Plan {
  accountId: string;
  userId: string;
  brands: BrandPlan[];
  codenames: string[];
}

// ── database ─────────────────────────────────────────────────────────────

interface Handle {
  driver: 'pglite' | 'postgres';
  db: unknown;
  execute<Row = Record<string, unknown>>(text: string, values?: unknown[]): Promise<{ rows: Row[] }>;
  close(): Promise<void>;
  pool?: pg.Pool;
  pglite?: unknown;
}

const LOADED_TABLES = [
  'assets',
  'asset_tags',
  'asset_analyses',
  'board_items',
  'search_documents',
  'search_words',
];

async function insertJson(handle: Handle, sql: string, rows: unknown[]): Promise<void> {
  if (rows.length > 0) await handle.execute(sql, [JSON.stringify(rows)]);
}

async function writeBrand(
  handle: Handle,
  plan: Plan,
  brand: BrandPlan,
  random: Random,
  progress: (message: string) => void,
): Promise<void> {
  const cdf = zipf(brand.tagIds.length);
  const nested = brand.folders.filter((f) => f.depth > 0);
  const files = nested.length > 0 ? nested : brand.folders;
  let assets: unknown[] = [];
  let tags: unknown[] = [];
  let analyses: unknown[] = [];
  let boardItems: unknown[] = [];
  const flush = async () => {
    await insertJson(
      handle,
      `insert into assets (id, account_id, brand_id, library, type, name, parent_id, path, depth, size, description,
         uploading_state, metadata, length, created_at, updated_at, uploaded_at)
       select x.id, x.account_id, x.brand_id, 'BRAND', x.type, x.name, x.parent_id, x.path, x.depth, x.size, x.description,
         'UPLOADED', x.metadata, x.length, x.created_at, x.created_at, x.created_at
       from jsonb_to_recordset($1::jsonb) as x(id uuid, account_id uuid, brand_id uuid, type text, name text,
         parent_id uuid, path text, depth int, size bigint, description text, metadata jsonb, length real, created_at timestamptz)`,
      assets,
    );
    await insertJson(
      handle,
      `insert into asset_tags (asset_id, tag_id, source, created_at)
       select x.a, x.t, 'USER', now() from jsonb_to_recordset($1::jsonb) as x(a uuid, t uuid)`,
      tags,
    );
    await insertJson(
      handle,
      `insert into asset_analyses (asset_id, ocr_status, transcription_status, text_entries, transcript)
       select x.a, 'DONE', case when x.transcript is null then null else 'DONE' end, x.text_entries, x.transcript
       from jsonb_to_recordset($1::jsonb) as x(a uuid, text_entries jsonb, transcript jsonb)`,
      analyses,
    );
    await insertJson(
      handle,
      `insert into board_items (board_id, asset_id, origin) select x.b, x.a, 'REFERENCE'
       from jsonb_to_recordset($1::jsonb) as x(b uuid, a uuid)`,
      boardItems,
    );
    assets = [];
    tags = [];
    analyses = [];
    boardItems = [];
  };
  for (let i = 0; i < brand.assets; i++) {
    const id = random.uuid();
    const type = weighted(random, TYPES);
    const season = weighted(random, SEASONS);
    const product = random.pick(PRODUCTS);
    const format = random.pick(FORMATS);
    const market = random.pick(MARKETS);
    const name = `${season} ${product} ${format} ${market} v${1 + random.int(5)}.${EXTENSION[type]}`;
    const folder = random.pick(files);
    const createdAt = new Date(START + Math.floor(random.next() * SPAN)).toISOString();
    const [width, height] = weighted(random, SIZES);
    const visual = type === 'VIDEO' || type === 'IMAGE' || type === 'ANIMATION';
    const timed = type === 'VIDEO' || type === 'AUDIO';
    const code = random.next() < 0.5 ? plan.codenames[random.int(plan.codenames.length)] : undefined;
    const description =
      `A ${random.pick(ADJECTIVES)} ${format.toLowerCase()} for the ${season} ${product} campaign in ${market}, ` +
      `aimed at ${random.pick(AUDIENCES)}.${code ? ` Promo codename ${code}.` : ''}`;
    assets.push({
      id,
      account_id: plan.accountId,
      brand_id: brand.brandId,
      type,
      name,
      parent_id: folder.id,
      path: `${folder.path}${id}/`,
      depth: folder.depth + 1,
      size: 50_000 + random.int(50_000_000),
      description,
      metadata: visual ? { width, height } : {},
      length: timed ? 6 + random.int(55) : null,
      created_at: createdAt,
    });
    const tagCount = 1 + random.int(4);
    const taken = new Set<number>();
    for (let k = 0; k < tagCount; k++) taken.add(zipfRank(random, cdf));
    for (const rank of taken) tags.push({ a: id, t: brand.tagIds[rank] });
    if (visual || timed) {
      const textEntries = visual
        ? Array.from({ length: 1 + random.int(3) }, (_, k) => ({
            startMs: k * 2000,
            text: random.pick(OCR_LINES),
          }))
        : null;
      let transcript = null;
      if (timed) {
        const words = 30 + random.int(91);
        const entries: { startMs: number; text: string }[] = [];
        let count = 0;
        while (count < words) {
          const line = random
            .pick(SCRIPT)
            .replace('{p}', product.toLowerCase())
            .replace('{p2}', `${random.pick(PRODUCTS).toLowerCase()}s`)
            .replace('{s}', season.toLowerCase())
            .replace('{a}', random.pick(AUDIENCES))
            .replace('{m}', market);
          entries.push({ startMs: entries.length * 2500, text: line });
          count += line.split(' ').length;
        }
        transcript = { language: weighted(random, LANGUAGES), timed: true, entries };
      }
      analyses.push({ a: id, text_entries: textEntries, transcript });
    }
    if (brand.boards.length > 0 && random.next() < 0.02)
      boardItems.push({ b: random.pick(brand.boards).id, a: id });
    if (assets.length >= BATCH) {
      await flush();
      if ((i + 1) % 50_000 === 0)
        progress(
          `search: ${(i + 1).toLocaleString('en-US')} of ${brand.assets.toLocaleString('en-US')} assets`,
        );
    }
  }
  await flush();
}

/** Account, brands, their tags, folders and boards (small: row by row is fine). */
async function writeStructure(handle: Handle, assets: number): Promise<Plan> {
  const random = prng(SEED);
  const accountId = random.uuid();
  const userId = random.uuid();
  await handle.execute('insert into accounts (id, name) values ($1, $2)', [accountId, 'Bench']);
  await handle.execute(
    `insert into users (id, email, first_name, last_name) values ($1, 'bench-search@example.com', 'Bench', 'User')`,
    [userId],
  );
  const vocabulary = tagVocabulary();
  const brands: BrandPlan[] = [];
  for (let b = 0; b <= OTHER_BRANDS; b++) {
    const brandId = random.uuid();
    const main = b === 0;
    await handle.execute('insert into brands (id, account_id, name) values ($1, $2, $3)', [
      brandId,
      accountId,
      main ? 'Bench Brand' : `Other Brand ${b}`,
    ]);
    const categoryIds = new Map<string, string>();
    for (const category of TAG_CATEGORIES) {
      const id = random.uuid();
      categoryIds.set(category, id);
      await handle.execute('insert into tag_categories (id, brand_id, name) values ($1, $2, $3)', [
        id,
        brandId,
        category,
      ]);
    }
    const tagIds = vocabulary.map(() => random.uuid());
    await handle.execute(
      `insert into tags (id, brand_id, category_id, name)
       select x.id, $2, x.category_id, x.name from jsonb_to_recordset($1::jsonb) as x(id uuid, category_id uuid, name text)`,
      [
        JSON.stringify(
          vocabulary.map((t, i) => ({
            id: tagIds[i],
            category_id: categoryIds.get(t.category),
            name: t.name,
          })),
        ),
        brandId,
      ],
    );
    // Folders: 20 campaign years/quarters at the root, campaign folders under them.
    const folders: BrandPlan['folders'] = [];
    const folderCount = main ? Math.min(2_000, Math.max(40, Math.round(assets / 500))) : 20;
    const roots = Array.from({ length: 20 }, (_, i) => {
      const id = random.uuid();
      return {
        id,
        path: `/${id}/`,
        depth: 0,
        name: `${2023 + Math.floor(i / 8)} Q${(i % 4) + 1} ${MARKETS[i % 10]} campaigns`,
      };
    });
    folders.push(...roots);
    while (folders.length < folderCount) {
      const parent = random.pick(roots);
      const id = random.uuid();
      folders.push({
        id,
        path: `${parent.path}${id}/`,
        depth: 1,
        name: `${weighted(random, SEASONS)} ${random.pick(PRODUCTS)} ${random.pick(FORMATS)} ${folders.length}`,
      });
    }
    const boards: BrandPlan['boards'] = [];
    const boardRows: unknown[] = [];
    const boardFolders: typeof folders = [];
    for (let k = 0; k < (main ? 60 : 5); k++) {
      const id = random.uuid();
      const folderId = random.uuid();
      const name = `${weighted(random, SEASONS)} ${random.pick(PRODUCTS)} review ${k + 1}`;
      boards.push({ id, name });
      boardFolders.push({ id: folderId, path: `/${folderId}/`, depth: 0, name: `Board: ${name}` });
      boardRows.push({ id, folder_id: folderId, name });
    }
    await handle.execute(
      `insert into assets (id, account_id, brand_id, library, type, name, parent_id, path, depth, uploading_state)
       select x.id, $2, $3, 'BRAND', 'FOLDER', x.name, x.parent_id, x.path, x.depth, null
       from jsonb_to_recordset($1::jsonb) as x(id uuid, name text, parent_id uuid, path text, depth int)`,
      [
        JSON.stringify(
          [...folders, ...boardFolders].map((f) => ({
            id: f.id,
            name: f.name,
            parent_id: f.depth === 0 ? null : f.path.split('/')[1],
            path: f.path,
            depth: f.depth,
          })),
        ),
        accountId,
        brandId,
      ],
    );
    await handle.execute(
      `insert into boards (id, account_id, brand_id, name, folder_id)
       select x.id, $2, $3, x.name, x.folder_id from jsonb_to_recordset($1::jsonb) as x(id uuid, name text, folder_id uuid)`,
      [JSON.stringify(boardRows), accountId, brandId],
    );
    brands.push({ brandId, assets: main ? assets : Math.round(assets / 30), tagIds, folders, boards });
  }
  return { accountId, userId, brands, codenames: codenames(Math.max(200, Math.round(assets / 100))) };
}

/** The secondary indexes of the loaded tables (not those behind a constraint), to drop and rebuild. */
async function secondaryIndexes(handle: Handle): Promise<{ name: string; definition: string }[]> {
  const { rows } = await handle.execute<{ name: string; definition: string }>(
    `select i.indexname as name, i.indexdef as definition
     from pg_indexes i join pg_class c on c.relname = i.indexname and c.relkind = 'i'
     where i.schemaname = 'public' and i.tablename = any($1::text[])
       and not exists (select 1 from pg_constraint k where k.conindid = c.oid)
     order by i.tablename, i.indexname`,
    [`{${LOADED_TABLES.join(',')}}`],
  );
  return rows;
}

/**
 * The documents of one batch of item ids in one statement: what documents.ts `rebuild` writes,
 * as SQL (name words and tags A, description and on-screen text B, transcript C; this data
 * has no custom fields, comments or ads), with 0024's tsvector expression.
 */
export const SQL_DOCUMENTS = (
  FACETS_SQL: (facets: string, nameWords: string, createdAt: string) => string,
  NAME_WORDS_SQL: (nameWords: string) => string,
) => `
  with x as (
    select a.id, a.brand_id, a.library, a.name, a.created_at, a.type,
      (a.uploading_state is distinct from 'UPLOADING' and a.uploading_state is distinct from 'FAILED_TO_UPLOAD') as ready,
      regexp_replace(a.name, '[_\\-.+]+', ' ', 'g') as name_words,
      tg.ids as tag_ids,
      case
        when (a.metadata->>'width')::float8 > 0 and (a.metadata->>'height')::float8 > 0 then
          case
            when abs(((a.metadata->>'width')::float8 / (a.metadata->>'height')::float8) / 1 - 1) <= 0.03 then '1:1'
            when abs(((a.metadata->>'width')::float8 / (a.metadata->>'height')::float8) / (16.0 / 9) - 1) <= 0.03 then '16:9'
            when abs(((a.metadata->>'width')::float8 / (a.metadata->>'height')::float8) / (9.0 / 16) - 1) <= 0.03 then '9:16'
            when abs(((a.metadata->>'width')::float8 / (a.metadata->>'height')::float8) / (4.0 / 5) - 1) <= 0.03 then '4:5'
          end
      end as aspect,
      left(lower(an.transcript->>'language'), 2) as language,
      concat_ws(E'\\n', regexp_replace(trim(a.name), '[_\\-.+]+', ' ', 'g'), tg.names) as a,
      concat_ws(E'\\n', nullif(trim(a.description), ''), ocr.text) as b,
      tr.text as c,
      '' as d,
      case when nullif(trim(a.description), '') is null then '[]'::jsonb
        else jsonb_build_array(jsonb_build_object('s', 'DESCRIPTION', 't', trim(a.description), 'ms', null)) end
        || coalesce(tg.lines, '[]'::jsonb) || coalesce(ocr.lines, '[]'::jsonb) || coalesce(tr.lines, '[]'::jsonb) as lines
    from assets a
    left join asset_analyses an on an.asset_id = a.id
    left join lateral (
      select string_agg(t.name, E'\\n' order by t.name) as names, array_agg('=g:' || t.id::text) as ids,
             jsonb_agg(jsonb_build_object('s', 'TAG', 't', t.name, 'ms', null) order by t.name) as lines
      from asset_tags at join tags t on t.id = at.tag_id where at.asset_id = a.id
    ) tg on true
    left join lateral (
      select string_agg(e->>'text', E'\\n' order by n) as text,
             jsonb_agg(jsonb_build_object('s', 'ON_SCREEN_TEXT', 't', e->>'text', 'ms', (e->>'startMs')::int) order by n) as lines
      from jsonb_array_elements(coalesce(an.text_entries, '[]'::jsonb)) with ordinality as o(e, n)
    ) ocr on true
    left join lateral (
      select string_agg(e->>'text', E'\\n' order by n) as text,
             jsonb_agg(jsonb_build_object('s', 'TRANSCRIPT', 't', e->>'text', 'ms', (e->>'startMs')::int) order by n) as lines
      from jsonb_array_elements(coalesce(an.transcript->'entries', '[]'::jsonb)) with ordinality as o(e, n)
    ) tr on true
    where a.id = any($1::uuid[]) and not a.is_hidden
  )
  , w as (
    insert into search_words (brand_id, word)
    select distinct x.brand_id, nw from x cross join lateral unnest(${NAME_WORDS_SQL('x.name_words')}) nw
    on conflict do nothing
  )
  insert into search_documents (asset_id, brand_id, library, name, aspect, language, platforms, document, lines, indexed_at,
    created_at, head)
  select x.id, x.brand_id, x.library, x.name, x.aspect, x.language, '{}'::text[],
    setweight(to_tsvector('simple', x.a) || to_tsvector('english', x.a), 'A')
    || setweight(to_tsvector('simple', coalesce(x.b, '')) || to_tsvector('english', coalesce(x.b, '')), 'B')
    || setweight(to_tsvector('simple', coalesce(x.c, '')) || to_tsvector('english', coalesce(x.c, '')), 'C')
    || setweight(to_tsvector('simple', x.d) || to_tsvector('english', x.d), 'D')
    || ${FACETS_SQL(
      `(array[case when x.ready then '=l:' else '=u:' end || x.brand_id || ':' || x.library, '=t:' || x.type]
        || coalesce(x.tag_ids, '{}'::text[])
        || case when x.aspect is null then '{}'::text[] else array['=a:' || x.aspect] end
        || case when x.language is null then '{}'::text[] else array['=la:' || x.language] end)`,
      'x.name_words',
      'x.created_at',
    )},
    x.lines, now(), x.created_at,
    setweight(to_tsvector('simple', x.a) || to_tsvector('english', x.a), 'A')
  from x
  on conflict (asset_id) do nothing`;

/** The plan a loaded database was made from (the generation is seeded): writes go nowhere. */
async function reusePlan(handle: Handle, assets: number): Promise<LoadResult> {
  const { rows } = await handle.execute<{ n: number }>('select count(*)::int as n from assets');
  const plan = await writeStructure({ ...handle, execute: async () => ({ rows: [] }) } as Handle, assets);
  return {
    plan,
    rows: rows[0]!.n,
    loadMs: Number.NaN,
    documentsMs: Number.NaN,
    documentMode: 'sql',
    indexMs: Number.NaN,
    analyzeMs: Number.NaN,
    indexes: ['(reused database: see the run that loaded it)'],
  };
}

interface LoadResult {
  plan: Plan;
  rows: number;
  loadMs: number;
  documentsMs: number;
  documentMode: DocumentMode;
  documentsChecked?: { compared: number; identical: number };
  indexMs: number;
  analyzeMs: number;
  indexes: string[];
}

async function load(
  context: BenchContext,
  handle: Handle,
  assets: number,
  documentMode: DocumentMode,
): Promise<LoadResult> {
  const { markBrand, rebuildDirty, FACETS_SQL, NAME_WORDS_SQL } = await import(
    '../apps/server/dist/modules/search/documents.js'
  );
  const db = handle.db as Parameters<typeof rebuildDirty>[0];
  const started = performance.now();
  const indexes = await secondaryIndexes(handle);
  for (const index of indexes) await handle.execute(`drop index "${index.name}"`);
  // Triggers off (the search marks and the foreign keys): the rows are consistent by construction.
  for (const table of LOADED_TABLES) await handle.execute(`alter table "${table}" disable trigger all`);
  const plan = await writeStructure(handle, assets);
  const random = prng(SEED + 1);
  for (const brand of plan.brands) await writeBrand(handle, plan, brand, random, context.progress);
  for (const table of LOADED_TABLES) await handle.execute(`alter table "${table}" enable trigger all`);
  await handle.execute('delete from search_dirty');
  // Statistics before the documents are built: without them the planner takes the fresh
  // tables for empty and joins a batch's tags by scanning asset_tags (80 documents/s at 1M).
  for (const table of ['assets', 'asset_tags', 'asset_analyses', 'tags'])
    await handle.execute(`analyze "${table}"`);
  const { rows: counted } = await handle.execute<{ n: number }>('select count(*)::int as n from assets');
  const rows = counted[0]!.n;
  const loadMs = performance.now() - started;
  context.progress(
    `search: ${rows.toLocaleString('en-US')} rows in ${round(loadMs / 1000, 1)} s; building documents (${documentMode})`,
  );

  const documentsStarted = performance.now();
  let documentsChecked: LoadResult['documentsChecked'];
  if (documentMode === 'indexer') {
    for (const brand of plan.brands) await markBrand(db, brand.brandId);
    let done = 0;
    for (;;) {
      const n = await rebuildDirty(db, INDEXER_BATCH);
      done += n;
      if (done % 50_000 < INDEXER_BATCH && n > 0)
        context.progress(`search: ${done.toLocaleString('en-US')} documents`);
      if (n < INDEXER_BATCH) break;
    }
  } else {
    const { rows: ids } = await handle.execute<{ id: string }>(
      'select id::text as id from assets order by id',
    );
    for (let start = 0; start < ids.length; start += BATCH) {
      const batch = ids.slice(start, start + BATCH).map((r) => r.id);
      await handle.execute(SQL_DOCUMENTS(FACETS_SQL, NAME_WORDS_SQL), [`{${batch.join(',')}}`]);
      if ((start + BATCH) % 100_000 < BATCH)
        context.progress(`search: ${(start + BATCH).toLocaleString('en-US')} documents (SQL)`);
    }
  }
  const documentsMs = performance.now() - documentsStarted;
  if (documentMode === 'sql') {
    // The same documents as the indexer's? Rebuild a sample through it and compare.
    const { rows: sample } = await handle.execute<{
      asset_id: string;
      document: string;
      lines: string;
      aspect: string | null;
      language: string | null;
    }>(
      `select asset_id::text, document::text || head::text || created_at::text as document, lines::text as lines, aspect, language
       from search_documents order by md5(asset_id::text) limit 200`,
    );
    await handle.execute(
      'insert into search_dirty (asset_id) select unnest($1::uuid[]) on conflict do nothing',
      [`{${sample.map((s) => s.asset_id).join(',')}}`],
    );
    while ((await rebuildDirty(db, INDEXER_BATCH)) > 0) {}
    const { rows: again } = await handle.execute<{
      asset_id: string;
      document: string;
      lines: string;
      aspect: string | null;
      language: string | null;
    }>(
      `select asset_id::text, document::text || head::text || created_at::text as document, lines::text as lines, aspect, language
       from search_documents where asset_id = any($1::uuid[])`,
      [`{${sample.map((s) => s.asset_id).join(',')}}`],
    );
    const byId = new Map(again.map((r) => [r.asset_id, r]));
    const identical = sample.filter((s) => {
      const r = byId.get(s.asset_id);
      return (
        r &&
        r.document === s.document &&
        r.lines === s.lines &&
        r.aspect === s.aspect &&
        r.language === s.language
      );
    }).length;
    documentsChecked = { compared: sample.length, identical };
  }
  context.progress(
    `search: documents in ${round(documentsMs / 1000, 1)} s; building ${indexes.length} indexes`,
  );

  const indexStarted = performance.now();
  for (const index of indexes) await handle.execute(index.definition);
  const indexMs = performance.now() - indexStarted;
  const analyzeStarted = performance.now();
  for (const table of [...LOADED_TABLES, 'tags', 'boards'])
    await handle.execute(`vacuum (analyze) "${table}"`);
  const analyzeMs = performance.now() - analyzeStarted;
  context.progress(
    `search: indexes in ${round(indexMs / 1000, 1)} s, vacuum analyze ${round(analyzeMs / 1000, 1)} s`,
  );
  return {
    plan,
    rows,
    loadMs,
    documentsMs,
    documentMode,
    ...(documentsChecked ? { documentsChecked } : {}),
    indexMs,
    analyzeMs,
    indexes: indexes.map((i) => i.name),
  };
}

// ── queries ──────────────────────────────────────────────────────────────

interface Operation {
  key: string;
  label: string;
  samplesMs: number[];
  p50: number;
  p95: number;
  max: number;
  /** Mean of the answers' totals (search) or option counts. */
  meanCount: number;
  /** Search calls: p95 of the results statement alone, and of the page's snippets statement. */
  statementP95?: number;
  snippetsP95?: number;
  goalMs?: number;
  /** The slowest sample's statement and its plan, when the goal was missed. */
  explain?: string;
}

interface Captured {
  sql: string;
  params: unknown[];
}

async function measure(
  context: BenchContext,
  handle: Handle,
  kind: DatabaseKind,
  loaded: LoadResult,
  samples: number,
  warmup: number,
): Promise<Operation[]> {
  const { loadConfig } = await import('../apps/server/dist/config.js');
  const { createContext } = await import('../apps/server/dist/context.js');
  const { userActor } = await import('../apps/server/dist/platform/http/actor.js');
  const { searchQuerySchema, searchOptionsQuerySchema, libraryOptionsQuerySchema } = await import(
    '@hookline/contract'
  );
  const dir = await makeTempDir('search-ctx');
  // The server's own services on this database: the search module as it ships, with the
  // library items it presents answers with (and their extensions).
  const config = loadConfig({
    DATA_DIR: dir.path,
    LOG_LEVEL: 'warn',
    SEED_DEMO: 'false',
    ...(kind === 'postgres'
      ? {
          ROLE: 'api',
          DATABASE_URL: 'postgres://unused/unused',
          SIGNING_SECRET: 'bench-search-signing-secret-0123456789',
        }
      : {}),
  });
  const app = await createContext(config, { database: handle as never });
  const { plan } = loaded;
  const main = plan.brands[0]!;
  const scope = {
    actor: userActor(
      { userId: plan.userId, email: 'bench-search@example.com', isSuperUser: false, sessionId: 'bench' },
      [{ brandId: main.brandId, accountId: plan.accountId, role: 'admin' as const, restricted: [] }],
    ),
    accountId: plan.accountId,
    brandId: main.brandId,
  };
  const service = app.services.search;
  // Each call's own time in the repository's main statements (results + total; snippets), so
  // a slow call says whether the search statement or the rest of the service took the time.
  const repository = (
    service as unknown as { repository: Record<string, (...args: unknown[]) => Promise<unknown>> }
  ).repository;
  const inner = { search: 0, matches: 0 };
  for (const method of ['search', 'matches'] as const) {
    const original = repository[method]!.bind(repository);
    repository[method] = async (...args: unknown[]) => {
      const started = performance.now();
      try {
        return await original(...args);
      } finally {
        inner[method] += performance.now() - started;
      }
    };
  }
  const operations: Operation[] = [];
  const random = prng(SEED + 2);
  try {
    const run = async (
      key: string,
      label: string,
      goalMs: number,
      call: (i: number) => Promise<number>,
      statement?: (i: number) => Promise<Captured | undefined>,
    ) => {
      for (let i = 0; i < warmup; i++) await call(i);
      const times: number[] = [];
      let counts = 0;
      let slowest = { ms: -1, i: 0 };
      const statementMs: number[] = [];
      const snippetMs: number[] = [];
      for (let i = 0; i < samples; i++) {
        inner.search = 0;
        inner.matches = 0;
        const started = performance.now();
        counts += await call(warmup + i);
        const ms = performance.now() - started;
        times.push(ms);
        statementMs.push(inner.search);
        snippetMs.push(inner.matches);
        if (ms > slowest.ms) slowest = { ms, i: warmup + i };
      }
      const sorted = [...times].sort((a, b) => a - b);
      const op: Operation = {
        key,
        label,
        samplesMs: times.map((ms) => round(ms, 2)),
        p50: round(percentile(sorted, 50), 1),
        p95: round(percentile(sorted, 95), 1),
        max: round(sorted[sorted.length - 1]!, 1),
        ...(key.startsWith('search')
          ? {
              statementP95: round(
                percentile(
                  [...statementMs].sort((a, b) => a - b),
                  95,
                ),
                1,
              ),
              snippetsP95: round(
                percentile(
                  [...snippetMs].sort((a, b) => a - b),
                  95,
                ),
                1,
              ),
            }
          : {}),
        meanCount: round(counts / samples, 1),
        goalMs,
      };
      if (op.p95 > goalMs && statement) {
        const captured = await statement(slowest.i);
        if (captured) {
          const { rows } = await handle.execute<Record<string, string>>(
            `explain (analyze, buffers) ${captured.sql}`,
            captured.params,
          );
          op.explain = `${captured.sql.replace(/\s+/g, ' ').trim()}\n${rows.map((r) => Object.values(r)[0]).join('\n')}`;
        }
      }
      operations.push(op);
      context.progress(
        `search: ${kind} ${label}: p50 ${op.p50} ms, p95 ${op.p95} ms (mean count ${op.meanCount})`,
      );
    };

    // The statements a call runs, from a drizzle logger on a repository over the same client.
    const { SearchRepository } = await import('../apps/server/dist/modules/search/repository.js');
    const schema = await import('../apps/server/dist/platform/db/schema/index.js');
    let log: Captured[] = [];
    const logger = { logQuery: (sql: string, params: unknown[]) => log.push({ sql, params }) };
    const loggedDb =
      kind === 'postgres'
        ? (await import('drizzle-orm/node-postgres')).drizzle({ client: handle.pool!, schema, logger })
        : (await import('drizzle-orm/pglite')).drizzle({ client: handle.pglite as never, schema, logger });
    const logged = new SearchRepository(loggedDb as never);
    const capture = async (
      work: (r: InstanceType<typeof SearchRepository>) => Promise<unknown>,
      match: RegExp,
    ) => {
      log = [];
      await work(logged);
      return log.find((s) => match.test(s.sql));
    };

    // Keyword sets: each sample takes the next one (seeded order).
    const rare = Array.from({ length: samples + warmup }, () => random.pick(plan.codenames));
    const commonWords = COMMON_WORDS;
    const common = Array.from({ length: samples + warmup }, (_, i) => commonWords[i % commonWords.length]!);
    const longProducts = PRODUCTS.filter((p) => p.length >= 6 && !p.includes(' '));
    const misspelt = Array.from({ length: samples + warmup }, () => {
      const word = random.pick(longProducts);
      // Swapping two equal letters ('oo') leaves the word as it was: a misspelling differs.
      for (;;) {
        const typo = misspell(random, word);
        if (typo.toLowerCase() !== word.toLowerCase()) return typo;
      }
    });
    const types = ['VIDEO', 'IMAGE'];
    const tagOf = () => main.tagIds[random.int(30)]!;
    const filterSets = {
      typeTag: Array.from({ length: samples + warmup }, (_, i) => ({
        types: types[i % 2]!,
        tagIds: tagOf(),
      })),
      aspectDate: Array.from({ length: samples + warmup }, () => {
        const from = START + Math.floor(random.next() * (SPAN - 183 * 86_400_000));
        return {
          aspectRatios: random.pick(['9:16', '16:9', '1:1']),
          createdFrom: new Date(from).toISOString().slice(0, 10),
          createdTo: new Date(from + 182 * 86_400_000).toISOString().slice(0, 10),
        };
      }),
    };
    const resolved = (params: SearchParams, tagGroups: string[][]) => ({
      brandId: main.brandId,
      params,
      plainWords: params.keyword ?? '',
      folder: null,
      tagGroups,
      fields: new Map(),
      shared: [],
    });

    const keywords = [
      [
        'rare',
        `rare term (a promo codename, ~${round((0.5 / plan.codenames.length) * 100, 3)} % of assets)`,
        rare,
      ],
      ['common', 'common term (summer, delivery, order, shop: ≥ 10 % each)', common],
      ['misspelt', 'misspelt product name (fuzzy: trigram word similarity)', misspelt],
    ] as const;
    for (const [filterKey, filterLabel] of [
      ['typeTag', 'type + tag'],
      ['aspectDate', 'aspect + date (half a year)'],
    ] as const) {
      for (const [keywordKey, keywordLabel, list] of keywords) {
        const params = (i: number) =>
          searchQuerySchema.parse({ keyword: list[i], ...filterSets[filterKey][i] }) as SearchParams;
        await run(
          `search.${keywordKey}.${filterKey}`,
          `search: ${keywordLabel}, ${filterLabel}, page of 40 + total`,
          SEARCH_GOAL_MS,
          async (i) => (await service.search(scope, params(i))).total,
          (i) =>
            capture(async (r) => {
              const p = params(i);
              await r.search(resolved(p, p.tagIds.length ? [p.tagIds] : []));
            }, /count\(\*\) over/),
        );
      }
    }

    // Options: prefixes people type (2–4 letters), sometimes a whole word.
    const prefixes = (names: string[]) =>
      Array.from({ length: samples + warmup }, () => {
        const word = random.pick(random.pick(names).split(' '));
        return random.next() < 0.2 ? word : word.slice(0, 2 + random.int(3));
      });
    const optionSets = [
      ['TAG', 'tags', prefixes(tagVocabulary().map((t) => t.name))],
      ['FOLDER', 'folders', prefixes(main.folders.map((f) => f.name))],
      ['BOARD', 'boards', prefixes(main.boards.map((b) => b.name))],
    ] as const;
    for (const [entity, label, qs] of optionSets) {
      const query = (i: number) => searchOptionsQuerySchema.parse({ entity, q: qs[i] });
      await run(
        `options.${entity}`,
        `search-options: ${label} by prefix (limit 50)`,
        OPTIONS_GOAL_MS,
        async (i) => (await service.options(scope, query(i) as never)).length,
        (i) =>
          capture((r) => {
            const q = query(i);
            return r.options(main.brandId, entity, {
              q: q.q ?? '',
              limit: q.limit,
              offset: q.offset,
              library: q.library,
            });
          }, /from \(/),
      );
    }
    const names = prefixes(PRODUCTS.map((p) => p));
    const libraryQuery = (i: number) => libraryOptionsQuerySchema.parse({ q: names[i] });
    await run(
      'options.library',
      'library/options-search: items by name prefix (limit 50)',
      OPTIONS_GOAL_MS,
      async (i) => (await service.libraryOptions(scope, libraryQuery(i) as never)).length,
      (i) =>
        capture((r) => {
          const q = libraryQuery(i);
          return r.libraryOptions(main.brandId, {
            q: q.q ?? '',
            library: q.library,
            types: q.types,
            limit: q.limit,
            offset: q.offset,
          });
        }, /search_documents/),
    );
  } finally {
    const { closeContext } = await import('../apps/server/dist/context.js');
    await closeContext(app, { keepDatabase: true });
    await dir.remove();
  }
  return operations;
}

// ── the two databases ────────────────────────────────────────────────────

interface Result {
  database: DatabaseKind;
  target: string;
  assets: number;
  load: Omit<LoadResult, 'plan'>;
  operations: Operation[];
  /** Percent of the brand's items each common term matches. */
  frequencies: Record<string, number>;
  loadAverage: number[];
}

/** host:port/database only: credentials never reach stdout or the results. */
function describeDatabaseUrl(url: string): string {
  const parsed = new URL(url);
  return `${parsed.hostname}${parsed.port ? `:${parsed.port}` : ''}${parsed.pathname}`;
}

/** The database named in DATABASE_URL, made for this run; or, when it exists, a scratch one beside it. */
async function ownDatabase(
  databaseUrl: string,
  keep = false,
): Promise<{ url: string; drop(): Promise<void> }> {
  const url = new URL(databaseUrl);
  const name = decodeURIComponent(url.pathname.slice(1));
  const admin = new URL(databaseUrl);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const { rows } = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (rows.length > 0) return await createScratchDatabase(databaseUrl, 'search');
    await client.query(`create database "${name.replace(/"/g, '""')}"`);
  } finally {
    await client.end();
  }
  if (keep) return { url: url.toString(), drop: async () => {} };
  const drop = async () => {
    const dropper = new pg.Client({ connectionString: admin.toString() });
    await dropper.connect();
    try {
      await dropper.query(`drop database if exists "${name.replace(/"/g, '""')}" with (force)`);
    } finally {
      await dropper.end();
    }
  };
  // The exit handler cannot await: a throwaway node process drops it (as scratch-database.ts does).
  const unregister = onExit(() => {
    const script = `import pg from 'pg';
const c = new pg.Client({ connectionString: process.env.ADMIN_URL });
await c.connect();
await c.query('drop database if exists "${name.replace(/"/g, '""')}" with (force)');
await c.end();`;
    spawnSync(process.execPath, ['--input-type=module', '-e', script], {
      cwd: repoRoot,
      env: { ...process.env, ADMIN_URL: admin.toString() },
      timeout: 30_000,
      stdio: 'ignore',
    });
  });
  return {
    url: url.toString(),
    async drop() {
      await drop();
      unregister();
    },
  };
}

export async function runSearchBench(
  context: BenchContext,
  options: {
    kind: DatabaseKind;
    assets: number;
    samples: number;
    warmup: number;
    documents?: DocumentMode;
    /** PostgreSQL: query DATABASE_URL as an earlier run (same --assets) left it loaded; neither load nor drop. */
    reuse?: boolean;
    /** PostgreSQL: leave the loaded database (named in DATABASE_URL) for later --reuse-loaded runs. */
    keep?: boolean;
  },
): Promise<Result> {
  const { openDatabase } = await import('../apps/server/dist/platform/db/client.js');
  const { migrateDatabase } = await import('../apps/server/dist/platform/db/migrate.js');
  const documentMode = options.documents ?? (options.assets > SQL_DOCUMENTS_ABOVE ? 'sql' : 'indexer');
  let target: string;
  let handle: Handle;
  let cleanup: () => Promise<void>;
  if (options.kind === 'postgres') {
    const databaseUrl = process.env.DATABASE_URL;
    if (!databaseUrl)
      throw new Error(
        '--db postgres needs DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/bench_search)',
      );
    const own = options.reuse
      ? { url: databaseUrl, drop: async () => {} }
      : await ownDatabase(databaseUrl, options.keep);
    target = describeDatabaseUrl(own.url);
    context.progress(`search: PostgreSQL database ${target}`);
    // Index builds after the load get room to sort in memory (the default 64 MB spills to disk).
    const setup = new pg.Client({ connectionString: own.url });
    await setup.connect();
    try {
      const { rows } = await setup.query<{ name: string }>('select current_database() as name');
      await setup.query(`alter database "${rows[0]!.name}" set maintenance_work_mem = '1GB'`);
    } finally {
      await setup.end();
    }
    handle = (await openDatabase({ databaseUrl: own.url, poolMax: 4 })) as unknown as Handle;
    cleanup = async () => {
      await handle.close();
      await own.drop();
      if (!options.reuse && !options.keep) context.progress(`search: dropped ${target}`);
    };
  } else {
    const dir = await makeTempDir('search');
    target = 'embedded PGlite (a temporary DATA_DIR/db)';
    handle = (await openDatabase({ dataDir: dir.path })) as unknown as Handle;
    cleanup = async () => {
      await handle.close();
      await dir.remove();
    };
  }
  try {
    await migrateDatabase(handle as never);
    const loaded = options.reuse
      ? await reusePlan(handle, options.assets)
      : await load(context, handle, options.assets, documentMode);
    // How common the common terms are: the brand's documents each matches, without filters.
    const frequencies: Record<string, number> = {};
    for (const word of COMMON_WORDS) {
      const { rows } = await handle.execute<{ n: number }>(
        `select count(*)::int as n from search_documents
         where brand_id = $1 and document @@ (websearch_to_tsquery('simple', $2) || websearch_to_tsquery('english', $2))`,
        [loaded.plan.brands[0]!.brandId, word],
      );
      frequencies[word] = round((rows[0]!.n / options.assets) * 100, 1);
    }
    const operations = await measure(context, handle, options.kind, loaded, options.samples, options.warmup);
    const { plan: _plan, ...loadSummary } = loaded;
    return {
      database: options.kind,
      target,
      assets: options.assets,
      load: loadSummary,
      operations,
      frequencies,
      loadAverage: (await import('node:os')).loadavg().map((v) => round(v, 2)),
    };
  } finally {
    await cleanup();
  }
}

// ── report ───────────────────────────────────────────────────────────────

const DATABASE_NAME = { pglite: 'PGlite', postgres: 'PostgreSQL' } as const;

function report(result: Result): BenchReport {
  const atTarget = result.assets >= TARGET_ASSETS[result.database];
  const rows: Cell[][] = result.operations.map((op) => {
    const goal = op.key.startsWith('search') ? (atTarget ? op.goalMs : undefined) : op.goalMs;
    return [
      op.label,
      op.samplesMs.length,
      op.p50,
      op.p95,
      op.max,
      op.statementP95 ?? '',
      op.snippetsP95 ?? '',
      op.meanCount,
      goal === undefined
        ? `(≤ ${op.goalMs} at ${TARGET_ASSETS[result.database].toLocaleString('en-US')})`
        : `p95 ≤ ${goal} ms`,
      goal === undefined ? '' : op.p95 <= goal ? 'met' : 'MISSED',
    ];
  });
  const table: Table = {
    columns: [
      'operation',
      'samples',
      'p50 ms',
      'p95 ms',
      'max ms',
      'statement p95',
      'snippets p95',
      'mean total',
      'goal',
      'status',
    ],
    rows,
  };
  const name = DATABASE_NAME[result.database];
  const l = result.load;
  const notes = [
    `${name} (${result.target}): ${l.rows.toLocaleString('en-US')} rows (${result.assets.toLocaleString('en-US')} assets in the brand searched, ` +
      `3 other brands of ${Math.round(result.assets / 30).toLocaleString('en-US')}, folders and board folders); load average after ${result.loadAverage.join('/')}`,
    Number.isNaN(l.loadMs)
      ? 'load, documents and indexes: reused a database an earlier run loaded (--reuse-loaded); its figures are in that run'
      : `load ${round(l.loadMs / 1000, 1)} s (assets, tags, analyses, board items; triggers off, secondary indexes dropped); ` +
        `documents ${round(l.documentsMs / 1000, 1)} s (${
          l.documentMode === 'indexer'
            ? `the real indexer, documents.ts rebuildDirty in batches of ${INDEXER_BATCH}`
            : `BULK SQL, not the indexer: one INSERT … SELECT per ${BATCH} items with 0024's tsvector expression; ${l.documentsChecked?.identical}/${l.documentsChecked?.compared} sampled documents identical when rebuilt by rebuildDirty`
        }); index build ${round(l.indexMs / 1000, 1)} s${result.database === 'postgres' ? ' with maintenance_work_mem 1GB' : ''} (${l.indexes.join(', ')}); vacuum analyze ${round(l.analyzeMs / 1000, 1)} s`,
    `common terms match ${Object.entries(result.frequencies)
      .map(([word, pct]) => `${word} ${pct} %`)
      .join(', ')} of the brand's items (keyword alone)`,
    "statement p95: SearchRepository.search alone (filters, rank, count(*) over ()); snippets p95: its matches() (ts_headline on the page's lines); the rest of a call is resolving filters and presenting the page's items",
    'in-process calls to the search service (access check, search statement with count(*) over (), library items presented, snippets for the page); no HTTP; sequential, after 20 warm-up calls',
    'not measured here: the kNN part (pgvector, PGlite only on this machine; semantic search is in progress elsewhere)',
  ];
  for (const op of result.operations)
    if (op.explain)
      notes.push(`${name} ${op.label}: EXPLAIN (ANALYZE, BUFFERS) of the slowest sample:\n${op.explain}`);
  const search = result.operations.filter((op) => op.key.startsWith('search'));
  const options = result.operations.filter((op) => op.key.startsWith('options'));
  const worst = (ops: Operation[]) => ops.reduce((a, b) => (b.p95 > a.p95 ? b : a));
  const summary =
    `${name} ${result.assets.toLocaleString('en-US')} assets: keyword + filters worst p95 ${worst(search).p95} ms (${worst(search).key}), ` +
    `options worst p95 ${worst(options).p95} ms (${worst(options).key}); load ${round(l.loadMs / 1000)} s, documents ${round(l.documentsMs / 1000)} s (${l.documentMode}), indexes ${round(l.indexMs / 1000)} s`;
  return {
    table,
    tables: [{ title: `${name}, ${result.assets.toLocaleString('en-US')} assets`, table }],
    summary,
    notes,
    data: result,
  };
}

export const search: Bench = {
  name: 'search',
  description:
    'search at scale: keyword + filters with totals, search-options (BENCH_SEARCH_DB, BENCH_SEARCH_ASSETS)',
  async run(context) {
    const kind = (process.env.BENCH_SEARCH_DB ?? 'pglite') as DatabaseKind;
    if (kind !== 'pglite' && kind !== 'postgres') throw new Error('BENCH_SEARCH_DB is pglite or postgres');
    const result = await runSearchBench(context, {
      kind,
      assets: envInt('BENCH_SEARCH_ASSETS', TARGET_ASSETS[kind]),
      samples: envInt('BENCH_SEARCH_SAMPLES', 200),
      warmup: envInt('BENCH_SEARCH_WARMUP', 20),
    });
    return report(result);
  },
};

// ── direct run: npx tsx bench/search.ts --assets N --db pglite|postgres [--documents indexer|sql] ──

function argument(args: string[], name: string): string | undefined {
  const at = args.indexOf(`--${name}`);
  return at < 0 ? undefined : args[at + 1];
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const kind = (argument(args, 'db') ?? 'pglite') as DatabaseKind;
  if (kind !== 'pglite' && kind !== 'postgres') throw new Error('--db is pglite or postgres');
  const assets = Number(argument(args, 'assets') ?? TARGET_ASSETS[kind]);
  if (!Number.isInteger(assets) || assets < 1_000) throw new Error('--assets is a whole number ≥ 1000');
  const documents = argument(args, 'documents') as DocumentMode | undefined;
  if (documents && documents !== 'indexer' && documents !== 'sql')
    throw new Error('--documents is indexer or sql');
  const context: BenchContext = { progress: (message) => process.stderr.write(`… ${message}\n`) };
  context.progress('building packages/contract and apps/server (tsc -b)');
  await buildServer();
  const started = Date.now();
  const result = await runSearchBench(context, {
    kind,
    assets,
    samples: Number(argument(args, 'samples') ?? 200),
    warmup: Number(argument(args, 'warmup') ?? 20),
    ...(documents ? { documents } : {}),
    ...(args.includes('--reuse-loaded') ? { reuse: true } : {}),
    ...(args.includes('--keep-loaded') ? { keep: true } : {}),
  });
  const r = report(result);
  const lines = [`\n## search: ${search.description}\n`];
  for (const { title, table } of r.tables ?? []) lines.push(`### ${title}\n`, formatTable(table), '');
  for (const note of r.notes ?? []) lines.push(`note: ${note}`);
  lines.push(`summary: ${r.summary}`, `(whole run ${round((Date.now() - started) / 1000)} s)`);
  process.stdout.write(`${lines.join('\n')}\n`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  main().then(
    () => process.exit(0),
    (error: unknown) => {
      process.stderr.write(
        `bench/search: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
      );
      process.exit(1);
    },
  );
}
