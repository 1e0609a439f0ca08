import { createHash } from 'node:crypto';
import {
  actionTypeOf,
  type ExportColumn,
  exportColumns,
  type HeaderMap,
  mapHeaders,
} from './export-headers.js';
import { type Cell, detectFormat, readCsvRows, readXlsxRows, type SheetRow } from './export-rows.js';
import {
  type AdAccountData,
  type AdRecord,
  type AdSetRecord,
  type CampaignRecord,
  type DailyInsightRecord,
  emptyInsight,
} from './records.js';

/**
 * Reads an Ads Manager export (CSV or XLSX, meta-marketing-api.md §7) into the neutral ad
 * performance records. Rows are streamed and folded into one record per (ad, day) as they
 * come, so a large export costs memory in proportion to its ads and days, not its bytes.
 * Derived columns (CTR, CPC, CPM, CPA) are never read: metrics are recomputed from sums.
 */

export interface ExportFile {
  bytes: Buffer;
  fileName: string;
  contentType?: string;
}

export interface SkippedRow {
  /** As a spreadsheet numbers it: the header is line 1. */
  line: number;
  reason: string;
}

export interface ParsedExport {
  data: AdAccountData;
  /** Data rows in the file (blank lines not counted). */
  rowsRead: number;
  /** Rows taken in (rowsRead − skipped); rows of one ad and day are summed into one insight. */
  imported: number;
  skipped: SkippedRow[];
  /** From the `(XXX)` suffix of the money headers or a Currency column; null when neither. */
  currency: string | null;
}

export class ExportParseError extends Error {
  override name = 'ExportParseError';

  constructor(
    message: string,
    readonly field: string = 'file',
  ) {
    super(message);
  }
}

export const exportParseMessages = {
  notAnExport: 'This file is not an Ads Manager export',
  notDaily: 'This export is not daily. In Ads Manager choose Breakdown > By time > Day and export again.',
  noAdName: 'This export has no "Ad name" column',
  unreadableAfter: (line: number) => `This file could not be read after line ${line}`,
} as const;

/** Used when an export has no Account name column. */
export const importedAccountName = 'Imported ads';
/** The store needs a currency; an export without one is read as US dollars. */
const fallbackCurrency = 'USD';

export async function parseAdsExport(file: ExportFile): Promise<ParsedExport> {
  const format = detectFormat(file.bytes);
  if (!format) throw new ExportParseError(exportParseMessages.notAnExport);
  const rows = format.type === 'xlsx' ? readXlsxRows(file.bytes) : readCsvRows(file.bytes, format.delimiter);
  const decimalComma = format.type === 'csv' && format.delimiter === ';';

  let reader: ExportReader | null = null;
  let lastLine = 0;
  const iterator = rows[Symbol.asyncIterator]();
  try {
    for (;;) {
      let next: IteratorResult<SheetRow>;
      try {
        next = await iterator.next();
      } catch {
        // The file itself is damaged (bad zip, broken quoting): name where reading stopped.
        throw new ExportParseError(
          reader ? exportParseMessages.unreadableAfter(lastLine) : exportParseMessages.notAnExport,
        );
      }
      if (next.done) break;
      const row = next.value;
      lastLine = row.line;
      if (reader) reader.read(row);
      else if (hasContent(row.cells)) reader = new ExportReader(row.cells.map(textOf), decimalComma);
    }
  } finally {
    await iterator.return(undefined);
  }
  if (!reader) throw new ExportParseError(exportParseMessages.notAnExport);
  return reader.finish();
}

// ---------------------------------------------------------------------------------------------
// Cells

const hasContent = (cells: Cell[]) => cells.some((cell) => textOf(cell) !== '');

function textOf(cell: Cell | undefined): string {
  if (cell === null || cell === undefined) return '';
  if (typeof cell === 'string') return cell.trim();
  if (typeof cell === 'number') {
    // Ids typed into a spreadsheet arrive as numbers; never print them as 1.2e+17.
    return Number.isSafeInteger(cell) || (Number.isInteger(cell) && Math.abs(cell) < 1e21)
      ? BigInt(cell).toString()
      : String(cell);
  }
  return Number.isNaN(cell.getTime()) ? '' : cell.toISOString().slice(0, 10);
}

const missingMarks = new Set(['', '-', '–', '—', 'n/a']);
const plainNumber = /^-?\d+(\.\d+)?$/;

/**
 * A number from a cell: null when empty or `-` (missing, read as 0); undefined when the cell
 * holds something that is not a number. Accepts `1,234.56`, `12.5%`, `1.234,56` and `12,5`;
 * a lone comma before three digits (`1,234`) is a thousands separator, except in
 * semicolon-separated files, whose locales write decimal commas.
 */
export function parseNumber(cell: Cell | undefined, decimalComma = false): number | null | undefined {
  if (cell === null || cell === undefined) return null;
  if (typeof cell === 'number') return Number.isFinite(cell) ? cell : undefined;
  if (typeof cell !== 'string') return undefined;
  if (plainNumber.test(cell)) return Number(cell);
  let text = cell.trim();
  if (missingMarks.has(text.toLowerCase())) return null;
  text = text.replace(/[\s\u00a0\u202f]/g, '').replace(/%$/, '');
  const commas = text.split(',').length - 1;
  const dots = text.split('.').length - 1;
  if (commas > 0 && dots > 0) {
    text =
      text.lastIndexOf(',') > text.lastIndexOf('.')
        ? text.replace(/\./g, '').replace(',', '.')
        : text.replace(/,/g, '');
  } else if (commas > 0) {
    const grouped = /^[-+]?\d{1,3}(,\d{3})+$/.test(text);
    if (grouped && !(decimalComma && commas === 1)) text = text.replace(/,/g, '');
    else if (commas === 1) text = text.replace(',', '.');
    else return undefined;
  } else if (dots > 1) {
    if (!/^[-+]?\d{1,3}(\.\d{3})+$/.test(text)) return undefined;
    text = text.replace(/\./g, '');
  }
  if (!/^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i.test(text)) return undefined;
  const value = Number(text);
  return Number.isFinite(value) ? value : undefined;
}

/** Seconds from a number or `m:ss` / `h:mm:ss`. */
function parseSeconds(cell: Cell | undefined, decimalComma: boolean): number | null | undefined {
  if (typeof cell === 'string') {
    const clock = /^(?:(\d+):)?(\d{1,2}):(\d{2}(?:\.\d+)?)$/.exec(cell.trim());
    if (clock) return Number(clock[1] ?? 0) * 3600 + Number(clock[2]) * 60 + Number(clock[3]);
  }
  return parseNumber(cell, decimalComma);
}

const pad = (value: number) => String(value).padStart(2, '0');

function isoDate(year: number, month: number, day: number): string | null {
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day)
    return null;
  return `${year}-${pad(month)}-${pad(day)}`;
}

/** Excel's day 0 is 1899-12-30 (counting its 1900 leap-year bug); 25569 is 1970-01-01. */
const excelEpochOffset = 25569;

/** YYYY-MM-DD from YYYY-MM-DD, M/D/YYYY, an XLSX date cell or an Excel serial number. */
export function parseDate(cell: Cell | undefined): string | null {
  if (cell === null || cell === undefined) return null;
  if (cell instanceof Date) {
    if (Number.isNaN(cell.getTime())) return null;
    // exceljs reads date cells as UTC midnight of the day shown.
    return isoDate(cell.getUTCFullYear(), cell.getUTCMonth() + 1, cell.getUTCDate());
  }
  if (typeof cell === 'number') {
    if (!(cell >= 1 && cell < 2958466)) return null;
    const date = new Date(Math.round((Math.floor(cell) - excelEpochOffset) * 86_400_000));
    return isoDate(date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate());
  }
  const text = cell.trim();
  const iso = /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})(?:[T ][\d:.]*Z?)?$/.exec(text);
  if (iso) return isoDate(Number(iso[1]), Number(iso[2]), Number(iso[3]));
  const us = /^(\d{1,2})\/(\d{1,2})\/(\d{4}|\d{2})$/.exec(text);
  if (us) {
    const year = Number(us[3]);
    return isoDate(year < 100 ? 2000 + year : year, Number(us[1]), Number(us[2]));
  }
  return null;
}

/** Ads Manager's `Ad delivery` words as Meta effective statuses. */
function effectiveStatusOf(delivery: string): string | null {
  switch (
    delivery
      .toLowerCase()
      .replace(/[_\s]+/g, ' ')
      .trim()
  ) {
    case 'active':
      return 'ACTIVE';
    case 'inactive':
    case 'not delivering':
      return 'PAUSED';
    case 'archived':
      return 'ARCHIVED';
    case 'deleted':
      return 'DELETED';
    default:
      return null;
  }
}

/** A Result indicator such as `actions:offsite_conversion.fb_pixel_purchase` counts purchases. */
function isPurchaseIndicator(indicator: string): boolean {
  const actionType = indicator.trim().toLowerCase().split(':').pop() ?? '';
  return /(^|[._])purchase$/.test(actionType);
}

export function stableId(...parts: string[]): string {
  return `import:${createHash('sha256').update(JSON.stringify(parts)).digest('hex').slice(0, 16)}`;
}

const roundMoney = (value: number) => Math.round(value * 1e6) / 1e6;

// ---------------------------------------------------------------------------------------------
// Rows

/** The metric columns read into an insight, with where each goes. */
const countTargets = [
  ['impressions', 'impressions'],
  ['reach', 'reach'],
  ['clicks', 'clicks'],
  ['linkClicks', 'linkClicks'],
  ['outboundClicks', 'outboundClicks'],
  ['threeSecondViews', 'threeSecondViews'],
  ['plays', 'plays'],
  ['thruplays', 'thruplays'],
  ['p25', 'p25'],
  ['p50', 'p50'],
  ['p75', 'p75'],
  ['p95', 'p95'],
  ['p100', 'p100'],
] as const satisfies readonly (readonly [ExportColumn, keyof DailyInsightRecord])[];

const videoTargets = ['plays', 'threeSecondViews', 'thruplays', 'p25', 'p50', 'p75', 'p95', 'p100'] as const;

type NumberColumn = {
  [K in ExportColumn]: (typeof exportColumns)[K]['kind'] extends 'text' | 'date' ? never : K;
}[ExportColumn];

interface InsightAcc {
  adKey: string;
  record: DailyInsightRecord;
  /** Average play time over the rows, weighted by plays when there are any. */
  watchWeighted: number;
  watchWeight: number;
  watchSum: number;
  watchCount: number;
}

interface AdAcc {
  key: string;
  adId: string | null;
  name: string;
  adSetKey: string;
  effectiveStatus: string | null;
  statusDate: string;
  video: boolean;
}

interface AdSetAcc {
  id: string | null;
  name: string;
  campaignKey: string;
  campaignName: string;
}

interface CampaignAcc {
  id: string | null;
  name: string;
}

class RowSkip {
  constructor(readonly reason: string) {}
}

class ExportReader {
  private readonly columns: HeaderMap['columns'];
  private readonly headers: string[];
  private readonly skipped: SkippedRow[] = [];
  private rowsRead = 0;
  private accountName: string | null = null;
  private currency: string | null;
  private readonly campaigns = new Map<string, CampaignAcc>();
  private readonly adSets = new Map<string, AdSetAcc>();
  private readonly ads = new Map<string, AdAcc>();
  private readonly insights = new Map<string, InsightAcc>();

  constructor(
    headers: string[],
    private readonly decimalComma: boolean,
  ) {
    const map = mapHeaders(headers);
    if (map.known === 0) throw new ExportParseError(exportParseMessages.notAnExport);
    this.headers = headers;
    this.columns = map.columns;
    this.currency = map.currency;
    if (this.columns.adName === undefined) throw new ExportParseError(exportParseMessages.noAdName);
    const hasRange = this.columns.reportingStarts !== undefined && this.columns.reportingEnds !== undefined;
    if (this.columns.day === undefined && !hasRange) throw new ExportParseError(exportParseMessages.notDaily);
  }

  read(row: SheetRow): void {
    if (!hasContent(row.cells)) return;
    this.rowsRead += 1;
    try {
      this.take(row.cells);
    } catch (error) {
      if (!(error instanceof RowSkip)) throw error;
      this.skipped.push({ line: row.line, reason: error.reason });
    }
  }

  private text(cells: Cell[], column: ExportColumn): string {
    const index = this.columns[column];
    return index === undefined ? '' : textOf(cells[index]);
  }

  private number(cells: Cell[], column: NumberColumn): number {
    const index = this.columns[column];
    if (index === undefined) return 0;
    const cell = cells[index];
    const value =
      exportColumns[column].kind === 'seconds'
        ? parseSeconds(cell, this.decimalComma)
        : parseNumber(cell, this.decimalComma);
    if (value === undefined) {
      throw new RowSkip(`"${this.headers[index]}" is not a number: "${textOf(cell)}"`);
    }
    if (value === null) return 0;
    return exportColumns[column].kind === 'count' ? Math.round(value) : value;
  }

  private date(cells: Cell[]): string {
    const read = (column: 'day' | 'reportingStarts' | 'reportingEnds') => {
      const index = this.columns[column];
      const cell = index === undefined ? null : (cells[index] ?? null);
      if (textOf(cell) === '') throw new RowSkip('No date');
      const date = parseDate(cell);
      if (!date) throw new RowSkip(`Unreadable date: "${textOf(cell)}"`);
      return date;
    };
    if (this.columns.day !== undefined) return read('day');
    const starts = read('reportingStarts');
    const ends = read('reportingEnds');
    if (starts !== ends) throw new ExportParseError(exportParseMessages.notDaily);
    return starts;
  }

  private take(cells: Cell[]): void {
    const adName = this.text(cells, 'adName');
    if (adName === '') {
      const summary =
        cells.some((cell) => /^(total|results from)\b/i.test(textOf(cell))) ||
        (this.text(cells, 'adId') === '' &&
          this.text(cells, 'adSetName') === '' &&
          this.text(cells, 'campaignName') === '');
      throw new RowSkip(summary ? 'Totals row, not an ad' : 'No ad name');
    }
    const accountName = this.text(cells, 'accountName');
    if (accountName !== '') {
      this.accountName ??= accountName;
      if (accountName !== this.accountName) {
        throw new RowSkip(`From another ad account ("${accountName}"); export one account at a time`);
      }
    }
    const date = this.date(cells);

    const counts: Partial<Record<keyof DailyInsightRecord, number>> = {};
    for (const [column, target] of countTargets) counts[target] = this.number(cells, column);
    const spend = this.number(cells, 'spend');
    const purchaseCount = this.purchases(cells);
    const conversionValue =
      this.columns.conversionValue !== undefined
        ? this.number(cells, 'conversionValue')
        : roundMoney(this.number(cells, 'roas') * spend);
    const avgWatch = this.number(cells, 'avgWatchTime');
    const actions: Record<string, number> = {};
    for (const [column, actionType] of Object.entries(actionTypeOf) as [
      keyof typeof actionTypeOf,
      string,
    ][]) {
      if (this.columns[column] !== undefined) actions[actionType] = this.number(cells, column);
    }
    if (this.currency === null && this.columns.currency !== undefined) {
      const code = this.text(cells, 'currency').toUpperCase();
      if (/^[A-Z]{3}$/.test(code)) this.currency = code;
    }

    const ad = this.adOf(cells, adName);
    if (videoTargets.some((target) => (counts[target] ?? 0) > 0)) ad.video = true;
    const delivery = this.text(cells, 'adDelivery');
    if (delivery !== '' && date >= ad.statusDate) {
      ad.effectiveStatus = effectiveStatusOf(delivery);
      ad.statusDate = date;
    }

    const insightKey = `${ad.key}\u0000${date}`;
    let acc = this.insights.get(insightKey);
    if (!acc) {
      acc = {
        adKey: ad.key,
        record: emptyInsight('', date),
        watchWeighted: 0,
        watchWeight: 0,
        watchSum: 0,
        watchCount: 0,
      };
      this.insights.set(insightKey, acc);
    }
    const record = acc.record;
    for (const [, target] of countTargets) record[target] += counts[target] ?? 0;
    record.spend += spend;
    record.conversions += purchaseCount;
    record.conversionValue += conversionValue;
    for (const [actionType, count] of Object.entries(actions)) {
      record.otherActions[actionType] = (record.otherActions[actionType] ?? 0) + count;
    }
    if (this.columns.avgWatchTime !== undefined) {
      const plays = counts.plays ?? 0;
      acc.watchWeighted += avgWatch * plays;
      acc.watchWeight += plays;
      acc.watchSum += avgWatch;
      acc.watchCount += 1;
    }
  }

  /** Purchases, else Results on rows whose Result indicator is a purchase action type. */
  private purchases(cells: Cell[]): number {
    if (this.columns.purchases !== undefined) return this.number(cells, 'purchases');
    if (this.columns.results === undefined || this.columns.resultIndicator === undefined) return 0;
    const results = this.number(cells, 'results');
    return isPurchaseIndicator(this.text(cells, 'resultIndicator')) ? results : 0;
  }

  private adOf(cells: Cell[], adName: string): AdAcc {
    const adId = this.text(cells, 'adId') || null;
    const campaignName = this.text(cells, 'campaignName') || 'Unknown campaign';
    const adSetName = this.text(cells, 'adSetName') || 'Unknown ad set';
    const key = adId ? `id:${adId}` : `name:${JSON.stringify([campaignName, adSetName, adName])}`;
    const known = this.ads.get(key);
    if (known) return known;

    const campaignId = this.text(cells, 'campaignId') || null;
    const campaignKey = campaignId ? `id:${campaignId}` : `name:${JSON.stringify([campaignName])}`;
    if (!this.campaigns.has(campaignKey))
      this.campaigns.set(campaignKey, { id: campaignId, name: campaignName });
    const adSetId = this.text(cells, 'adSetId') || null;
    const adSetKey = adSetId ? `id:${adSetId}` : `name:${JSON.stringify([campaignName, adSetName])}`;
    if (!this.adSets.has(adSetKey)) {
      this.adSets.set(adSetKey, { id: adSetId, name: adSetName, campaignKey, campaignName });
    }
    const ad: AdAcc = {
      key,
      adId,
      name: adName,
      adSetKey,
      effectiveStatus: null,
      statusDate: '',
      video: false,
    };
    this.ads.set(key, ad);
    return ad;
  }

  finish(): ParsedExport {
    const accountName = this.accountName ?? importedAccountName;
    const campaignIds = new Map<string, string>();
    const campaigns: CampaignRecord[] = [];
    for (const [key, campaign] of this.campaigns) {
      const externalId = campaign.id ?? stableId(accountName, campaign.name);
      campaignIds.set(key, externalId);
      campaigns.push({
        externalId,
        name: campaign.name,
        status: null,
        effectiveStatus: null,
        objective: null,
      });
    }
    const adSetIds = new Map<
      string,
      { externalId: string; campaignExternalId: string; campaignName: string }
    >();
    const adSets: AdSetRecord[] = [];
    for (const [key, adSet] of this.adSets) {
      const externalId = adSet.id ?? stableId(accountName, adSet.campaignName, adSet.name);
      const campaignExternalId = campaignIds.get(adSet.campaignKey) ?? '';
      adSetIds.set(key, { externalId, campaignExternalId, campaignName: adSet.campaignName });
      adSets.push({ externalId, campaignExternalId, name: adSet.name, status: null, effectiveStatus: null });
    }
    const adIds = new Map<string, string>();
    const ads: AdRecord[] = [];
    for (const [key, ad] of this.ads) {
      const adSet = adSetIds.get(ad.adSetKey);
      const adSetName = this.adSets.get(ad.adSetKey)?.name ?? '';
      const externalId = ad.adId ?? stableId(accountName, adSet?.campaignName ?? '', adSetName, ad.name);
      adIds.set(key, externalId);
      ads.push({
        externalId,
        adSetExternalId: adSet?.externalId ?? '',
        campaignExternalId: adSet?.campaignExternalId ?? '',
        name: ad.name,
        status: null,
        effectiveStatus: ad.effectiveStatus,
        previewUrl: null,
        permalink: null,
        fileType: ad.video ? 'VIDEO' : 'STATIC',
        createdAt: null,
        updatedAt: null,
        creative: null,
      });
    }
    const insights: DailyInsightRecord[] = [];
    for (const acc of this.insights.values()) {
      const record = acc.record;
      record.adExternalId = adIds.get(acc.adKey) ?? '';
      record.spend = roundMoney(record.spend);
      record.conversionValue = roundMoney(record.conversionValue);
      record.avgWatchTimeSeconds = roundMoney(
        acc.watchWeight > 0
          ? acc.watchWeighted / acc.watchWeight
          : acc.watchCount > 0
            ? acc.watchSum / acc.watchCount
            : 0,
      );
      insights.push(record);
    }

    return {
      data: {
        account: {
          externalId: stableId(accountName),
          name: accountName,
          currency: this.currency ?? fallbackCurrency,
          timezone: 'UTC',
          accountStatus: null,
          disableReason: null,
          source: 'IMPORT',
          purchaseActionType: 'purchase',
        },
        campaigns,
        adSets,
        ads,
        insights,
      },
      rowsRead: this.rowsRead,
      imported: this.rowsRead - this.skipped.length,
      skipped: this.skipped,
      currency: this.currency,
    };
  }
}
