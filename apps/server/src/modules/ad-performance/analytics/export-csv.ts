import { Readable } from 'node:stream';
import type { AnalyticsFigures } from '@hookline/contract';
import type { AnalyticsAdRow } from './list-repository.js';

/**
 * The analytics CSV (EXPORT_ANALYTICS_CSV, issue 17): one row per ad with every column the
 * list answers for it (the current window's figures; the list's page order).
 */

type Column = [header: string, value: (row: AnalyticsAdRow, figures: AnalyticsFigures) => unknown];

const COLUMNS: Column[] = [
  ['Ad ID', (r) => r.externalId],
  ['Ad name', (r) => r.name],
  ['Status', (r) => r.effectiveStatus],
  ['File type', (r) => r.fileType],
  ['Ad account', (r) => r.adAccountName],
  ['Campaign', (r) => r.campaignName],
  ['Ad set', (r) => r.adSetName],
  ['Created', (r) => r.createdTime && new Date(r.createdTime).toISOString()],
  ['Spend', (_, f) => f.spend],
  ['Impressions', (_, f) => f.impressions],
  ['Clicks', (_, f) => f.clicks],
  ['Views', (_, f) => f.views],
  ['Results', (_, f) => f.conversions],
  ['Conversion value', (_, f) => f.conversionValue],
  ['ROAS', (_, f) => f.roas],
  ['CPA', (_, f) => f.cpa],
  ['CPC', (_, f) => f.cpc],
  ['CPM', (_, f) => f.cpm],
  ['CTR %', (_, f) => f.ctr],
  ['Outbound CTR %', (_, f) => f.outboundClicksCtrPercentage],
  ['Conversion rate %', (_, f) => f.conversionPercentage],
  ['Thumbstop rate %', (_, f) => f.thumbstopPercentage],
  ['Play rate %', (_, f) => f.thumbnailPercentage],
  ['Average watch time (s)', (_, f) => f.avgWatchTimeSeconds],
  ['Average watch time %', (_, f) => f.avgWatchTimePercentage],
  ['Actor', (r) => r.actorName],
  ['Post ID', (r) => r.postId],
  ['Headline', (r) => r.title],
  ['Message', (r) => r.body],
  ['CTA', (r) => r.ctaType],
  ['Landing page', (r) => r.landingPage],
];

/** A CSV field: quoted when it holds a quote, comma or line break; a leading =, +, - or @ is kept as text. */
function field(value: unknown): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  // Spreadsheets run a cell starting with these as a formula: an ad name is data.
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const csvHeader = () => `${COLUMNS.map(([header]) => field(header)).join(',')}\r\n`;

export const csvRow = (row: AnalyticsAdRow, figures: AnalyticsFigures) =>
  `${COLUMNS.map(([, value]) => field(value(row, figures))).join(',')}\r\n`;

/** The CSV as a stream over pages, so an export of any size never sits in memory whole. */
export function csvStream(
  pages: AsyncIterable<{ row: AnalyticsAdRow; figures: AnalyticsFigures }[]>,
): Readable {
  return Readable.from(
    (async function* () {
      // A byte order mark: spreadsheets then read the file as UTF-8.
      yield `\uFEFF${csvHeader()}`;
      for await (const page of pages) yield page.map(({ row, figures }) => csvRow(row, figures)).join('');
    })(),
  );
}
