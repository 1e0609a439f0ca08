/**
 * The Ads Manager export headers the importer reads (meta-marketing-api.md §7). Headers are
 * matched trimmed and case-insensitively, so the older Title-Case exports (`Amount Spent (USD)`,
 * `Reporting Starts`) read the same; money headers carry the account currency as a `(XXX)`
 * suffix, which is where the currency is read from.
 */

/** How a column's cells are read. */
export type ColumnKind = 'text' | 'date' | 'count' | 'amount' | 'seconds';

interface ColumnSpec {
  kind: ColumnKind;
  /** Header names, lower case, best first: when several are present the first one wins. */
  names: readonly string[];
  /** Money columns: the header may end in the currency, e.g. `Amount spent (EUR)`. */
  money?: boolean;
}

export const exportColumns = {
  adName: { kind: 'text', names: ['ad name'] },
  adId: { kind: 'text', names: ['ad id'] },
  adSetName: { kind: 'text', names: ['ad set name'] },
  adSetId: { kind: 'text', names: ['ad set id'] },
  campaignName: { kind: 'text', names: ['campaign name'] },
  campaignId: { kind: 'text', names: ['campaign id'] },
  accountName: { kind: 'text', names: ['account name'] },
  adDelivery: { kind: 'text', names: ['ad delivery'] },
  currency: { kind: 'text', names: ['currency'] },
  resultIndicator: { kind: 'text', names: ['result indicator'] },
  day: { kind: 'date', names: ['day'] },
  reportingStarts: { kind: 'date', names: ['reporting starts'] },
  reportingEnds: { kind: 'date', names: ['reporting ends'] },
  spend: { kind: 'amount', names: ['amount spent'], money: true },
  impressions: { kind: 'count', names: ['impressions'] },
  reach: { kind: 'count', names: ['reach'] },
  clicks: { kind: 'count', names: ['clicks (all)'] },
  linkClicks: { kind: 'count', names: ['link clicks'] },
  outboundClicks: { kind: 'count', names: ['outbound clicks'] },
  purchases: { kind: 'count', names: ['purchases', 'website purchases'] },
  results: { kind: 'count', names: ['results'] },
  conversionValue: {
    kind: 'amount',
    names: ['purchases conversion value', 'website purchases conversion value'],
    money: true,
  },
  roas: {
    kind: 'amount',
    names: ['purchase roas (return on ad spend)', 'website purchase roas (return on ad spend)'],
  },
  threeSecondViews: { kind: 'count', names: ['3-second video plays'] },
  plays: { kind: 'count', names: ['video plays'] },
  thruplays: { kind: 'count', names: ['thruplays'] },
  p25: { kind: 'count', names: ['video plays at 25%'] },
  p50: { kind: 'count', names: ['video plays at 50%'] },
  p75: { kind: 'count', names: ['video plays at 75%'] },
  p95: { kind: 'count', names: ['video plays at 95%'] },
  p100: { kind: 'count', names: ['video plays at 100%'] },
  avgWatchTime: { kind: 'seconds', names: ['video average play time'] },
  addsToCart: { kind: 'count', names: ['adds to cart'] },
  checkoutsInitiated: { kind: 'count', names: ['checkouts initiated'] },
  landingPageViews: { kind: 'count', names: ['landing page views'] },
} as const satisfies Record<string, ColumnSpec>;

export type ExportColumn = keyof typeof exportColumns;

/** The export's other columns: recognised (they make a file an export) but not read. */
const ignoredHeaders = new Set([
  'frequency',
  'ctr (link click-through rate)',
  'ctr (all)',
  'outbound ctr (click-through rate)',
  'cpc (cost per link click)',
  'cpc (all)',
  'cpm (cost per 1,000 impressions)',
  'cost per purchase',
  'cost per result',
  'cost per results',
  'cost per landing page view',
  'cost per add to cart',
  'cost per checkout initiated',
  'cost per thruplay',
  'cost per 3-second video play',
  'attribution setting',
  'campaign delivery',
  'ad set delivery',
  'quality ranking',
  'engagement rate ranking',
  'conversion rate ranking',
  'ad set budget',
  'ad set budget type',
  'starts',
  'ends',
]);

/** otherActions keys of the action columns. */
export const actionTypeOf = {
  addsToCart: 'add_to_cart',
  checkoutsInitiated: 'initiate_checkout',
  landingPageViews: 'landing_page_view',
} as const satisfies Partial<Record<ExportColumn, string>>;

interface HeaderEntry {
  column: ExportColumn;
  priority: number;
  money: boolean;
}

const byName = new Map<string, HeaderEntry>();
for (const [column, spec] of Object.entries(exportColumns) as [ExportColumn, ColumnSpec][]) {
  spec.names.forEach((name, priority) => {
    byName.set(name, { column, priority, money: spec.money === true });
  });
}

export function normalizeHeader(raw: string): string {
  return raw
    .replace(/^\uFEFF/, '')
    .trim()
    .replace(/\s+/g, ' ')
    .toLowerCase();
}

const currencySuffix = /^(.*?)\s*\(([a-z]{3})\)$/i;

/** Which column a header is, and the currency its `(XXX)` suffix names (money headers only). */
export function matchHeader(
  raw: string,
): { column: ExportColumn; priority: number; currency: string | null } | null {
  const name = normalizeHeader(raw);
  const exact = byName.get(name);
  if (exact) return { column: exact.column, priority: exact.priority, currency: null };
  const suffixed = currencySuffix.exec(name);
  if (suffixed?.[1] !== undefined && suffixed[2] !== undefined) {
    const entry = byName.get(suffixed[1]);
    if (entry?.money)
      return { column: entry.column, priority: entry.priority, currency: suffixed[2].toUpperCase() };
  }
  return null;
}

/** A header the export is known to have but the importer does not read (CTR, CPC, …). */
function isIgnoredHeader(raw: string): boolean {
  const name = normalizeHeader(raw);
  if (ignoredHeaders.has(name)) return true;
  const suffixed = currencySuffix.exec(name);
  return suffixed?.[1] !== undefined && ignoredHeaders.has(suffixed[1]);
}

export interface HeaderMap {
  /** Column index (0-based) of each column the export has. */
  columns: Partial<Record<ExportColumn, number>>;
  /** From the spend header's suffix, else another money header's, else any `(XXX)` header's. */
  currency: string | null;
  /** How many headers were recognised (read or ignored). */
  known: number;
}

export function mapHeaders(headers: readonly string[]): HeaderMap {
  const columns: Partial<Record<ExportColumn, number>> = {};
  const priorities: Partial<Record<ExportColumn, number>> = {};
  let spendCurrency: string | null = null;
  let moneyCurrency: string | null = null;
  let anyCurrency: string | null = null;
  let known = 0;
  headers.forEach((header, index) => {
    const match = matchHeader(header);
    if (match) {
      known += 1;
      const best = priorities[match.column];
      if (best === undefined || match.priority < best) {
        columns[match.column] = index;
        priorities[match.column] = match.priority;
      }
      if (match.currency) {
        if (match.column === 'spend') spendCurrency ??= match.currency;
        moneyCurrency ??= match.currency;
      }
      return;
    }
    if (isIgnoredHeader(header)) {
      known += 1;
      // Only an upper-case suffix reads as a currency here: `(All)` in `CTR (All)` is not one.
      const suffix = /\(([A-Z]{3})\)\s*$/.exec(header.trim());
      if (suffix?.[1]) anyCurrency ??= suffix[1];
    }
  });
  return { columns, currency: spendCurrency ?? moneyCurrency ?? anyCurrency, known };
}
