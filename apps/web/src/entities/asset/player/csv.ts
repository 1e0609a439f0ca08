/**
 * A small RFC 4180 CSV parser for the document preview: fields separated by commas, records
 * by CRLF, LF or CR; a quoted field may hold commas, line breaks and doubled quotes ("").
 * Lenient where real files are sloppy: a quote inside an unquoted field is kept as text, text
 * after a closing quote is appended, and an unterminated quote runs to the end of the file.
 */

export interface ParseCsvOptions {
  delimiter?: string;
}

const QUOTE = '"';

/** `a,"b,c"\n1,"say ""hi"""` → [['a', 'b,c'], ['1', 'say "hi"']]. A trailing line break adds no row. */
export function parseCsv(text: string, options: ParseCsvOptions = {}): string[][] {
  const delimiter = options.delimiter ?? ',';
  const source = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  // Whether the current record has any content yet (so that a final line break adds no empty row).
  let started = false;

  const endField = () => {
    row.push(field);
    field = '';
  };
  const endRow = () => {
    endField();
    rows.push(row);
    row = [];
    started = false;
  };

  for (let i = 0; i < source.length; i += 1) {
    const char = source[i] as string;
    if (quoted) {
      if (char === QUOTE) {
        if (source[i + 1] === QUOTE) {
          field += QUOTE;
          i += 1;
        } else {
          quoted = false;
        }
      } else {
        field += char;
      }
      continue;
    }
    if (char === QUOTE && field === '') {
      quoted = true;
      started = true;
    } else if (char === delimiter) {
      endField();
      started = true;
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && source[i + 1] === '\n') i += 1;
      endRow();
    } else {
      field += char;
      started = true;
    }
  }
  if (started || field !== '' || row.length > 0) endRow();
  return rows;
}

/** The number of columns of the widest row. */
export function columnCount(rows: readonly (readonly string[])[]): number {
  let max = 0;
  for (const row of rows) if (row.length > max) max = row.length;
  return max;
}
