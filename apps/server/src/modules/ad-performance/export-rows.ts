import { Readable } from 'node:stream';
import { parse } from 'csv-parse';
import ExcelJS from 'exceljs';

/**
 * The rows of an Ads Manager export file, read as a stream: CSV through csv-parse, XLSX
 * through exceljs's streaming WorkbookReader (first worksheet only). Each row carries its line
 * number as a spreadsheet shows it (the first row is line 1).
 */

export type Cell = string | number | Date | null;

export interface SheetRow {
  line: number;
  cells: Cell[];
}

export type ExportFormat = { type: 'xlsx' } | { type: 'csv'; delimiter: ',' | ';' | '\t' };

const zipMagic = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const sniffBytes = 64 * 1024;
const chunkBytes = 256 * 1024;

/** XLSX by its zip signature; CSV when the start of the file is UTF-8 text; else null. */
export function detectFormat(bytes: Buffer): ExportFormat | null {
  if (bytes.length >= 4 && bytes.subarray(0, 4).equals(zipMagic)) return { type: 'xlsx' };
  const sample = bytes.subarray(0, sniffBytes);
  if (sample.length === 0 || sample.includes(0)) return null;
  let text: string;
  try {
    // `stream: true` tolerates a character cut at the end of the sample.
    text = new TextDecoder('utf-8', { fatal: true }).decode(sample, { stream: true });
  } catch {
    return null;
  }
  text = text.replace(/^\uFEFF/, '');
  const headerLine = text.split(/\r\n|\n|\r/).find((line) => line.trim() !== '') ?? '';
  return { type: 'csv', delimiter: sniffDelimiter(headerLine) };
}

/** The delimiter the header line uses most (outside quotes); comma on a tie. */
function sniffDelimiter(line: string): ',' | ';' | '\t' {
  const counts = { ',': 0, ';': 0, '\t': 0 };
  let quoted = false;
  for (const char of line) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === ',' || char === ';' || char === '\t')) counts[char] += 1;
  }
  if (counts[';'] > counts[','] && counts[';'] >= counts['\t']) return ';';
  if (counts['\t'] > counts[',']) return '\t';
  return ',';
}

function* chunksOf(bytes: Buffer): Generator<Buffer> {
  for (let start = 0; start < bytes.length; start += chunkBytes)
    yield bytes.subarray(start, start + chunkBytes);
}

export async function* readCsvRows(bytes: Buffer, delimiter: string): AsyncGenerator<SheetRow> {
  const parser = Readable.from(chunksOf(bytes)).pipe(
    parse({
      bom: true,
      delimiter,
      record_delimiter: ['\r\n', '\n', '\r'],
      relax_column_count: true,
      relax_quotes: true,
      // Blank lines stay records so line numbers match what a spreadsheet shows.
      skip_empty_lines: false,
    }),
  );
  let line = 0;
  for await (const record of parser as AsyncIterable<string[]>) {
    line += 1;
    yield { line, cells: record };
  }
}

/** A cell as exceljs hands it (rich text, formula results, hyperlinks) as plain text/number/date. */
function toCell(value: unknown): Cell {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'number') return value;
  if (value instanceof Date) return value;
  if (typeof value === 'boolean') return String(value);
  if (typeof value === 'object') {
    if ('richText' in value && Array.isArray(value.richText)) {
      return value.richText
        .map((run: { text?: unknown }) => (typeof run.text === 'string' ? run.text : ''))
        .join('');
    }
    if ('result' in value) return toCell(value.result);
    if ('formula' in value || 'sharedFormula' in value) return null;
    if ('text' in value) return toCell(value.text);
  }
  return null;
}

function rowCells(values: unknown): Cell[] {
  // exceljs row values are 1-based (index 0 is empty) and sparse.
  if (!Array.isArray(values)) return [];
  const cells: Cell[] = [];
  for (let index = 1; index < values.length; index += 1) cells.push(toCell(values[index]));
  return cells;
}

const hasContent = (cells: Cell[]) => cells.some((cell) => cell !== null && cell !== '');

async function* streamXlsxRows(bytes: Buffer): AsyncGenerator<SheetRow> {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from(chunksOf(bytes)), {
    worksheets: 'emit',
    sharedStrings: 'cache',
    // Styles tell date cells from numbers.
    styles: 'cache',
    hyperlinks: 'ignore',
    entries: 'ignore',
  });
  for await (const worksheet of reader) {
    let any = false;
    for await (const row of worksheet) {
      const cells = rowCells(row.values);
      if (!hasContent(cells)) continue;
      any = true;
      yield { line: row.number, cells };
    }
    if (any) return;
  }
}

/** The whole-file reader: memory grows with the sheet, so only a fallback. */
async function* loadXlsxRows(bytes: Buffer): AsyncGenerator<SheetRow> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  for (const worksheet of workbook.worksheets) {
    const rows: SheetRow[] = [];
    worksheet.eachRow((row, line) => {
      const cells = rowCells(row.values);
      if (hasContent(cells)) rows.push({ line, cells });
    });
    if (rows.length > 0) {
      yield* rows;
      return;
    }
  }
}

/**
 * The first worksheet with content. exceljs's streaming reader fails on some entry orders
 * inside the zip (exceljs issue #3064: a worksheet met before xl/workbook.xml); when it fails
 * before any row, or finds none, the file is read again whole.
 */
export async function* readXlsxRows(bytes: Buffer): AsyncGenerator<SheetRow> {
  let yielded = 0;
  try {
    for await (const row of streamXlsxRows(bytes)) {
      yielded += 1;
      yield row;
    }
  } catch (error) {
    if (yielded > 0) throw error;
  }
  if (yielded === 0) yield* loadXlsxRows(bytes);
}
