import { TABLE_VIRTUALIZER } from '@hookline/contract';
import { VisuallyHidden } from '@mantine/core';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useMemo, useRef } from 'react';
import { playerTexts } from '@/config/texts/player';
import { columnCount } from './csv';
import classes from './player.module.css';

const t = playerTexts.player;
const ROW_HEIGHT = TABLE_VIRTUALIZER.csvRowHeightPx;
/** Column widths are guessed from the first rows: wide enough for typical values, capped. */
const SAMPLE_ROWS = 200;
const MIN_COLUMN_PX = 96;
const MAX_COLUMN_PX = 360;
/** About one character of 13 px text (the header is bold, so err on the wide side). */
const CHAR_PX = 8;
const CELL_PADDING_PX = 32;

function columnWidths(rows: readonly string[][], columns: number): number[] {
  const widths = new Array<number>(columns).fill(MIN_COLUMN_PX);
  for (const row of rows.slice(0, SAMPLE_ROWS)) {
    row.forEach((value, column) => {
      const longestLine = Math.max(...value.split('\n').map((line) => line.length));
      const width = Math.min(MAX_COLUMN_PX, Math.ceil(longestLine * CHAR_PX + CELL_PADDING_PX));
      if (width > (widths[column] ?? 0)) widths[column] = width;
    });
  }
  return widths;
}

/**
 * A CSV document as a table: the first row is the header and stays on top; the other rows are
 * virtualized (49 px rows, overscan 20, 000 §9) so files of many thousand rows scroll smoothly.
 */
export function CsvPreview({ rows, label }: { rows: string[][]; label: string }) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const [header = [], ...body] = rows;
  const columns = useMemo(() => columnCount(rows), [rows]);
  const widths = useMemo(() => columnWidths(rows, columns), [rows, columns]);
  const numberWidth = Math.max(48, String(body.length).length * 8 + 24);
  const tableWidth = numberWidth + widths.reduce((sum, width) => sum + width, 0);

  const virtualizer = useVirtualizer({
    count: body.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: TABLE_VIRTUALIZER.overscan,
    // The header row sits above the virtualized rows inside the same scroll container.
    scrollMargin: ROW_HEIGHT,
    initialRect: { width: 1000, height: 800 },
  });

  const cells = (row: readonly string[], Cell: 'th' | 'td') =>
    widths.map((width, column) => {
      const value = row[column] ?? '';
      return (
        <Cell
          // Columns are positional: the index is the identity.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above.
          key={column}
          scope={Cell === 'th' ? 'col' : undefined}
          className={classes.cell}
          style={{ width }}
          title={value.length > 20 || value.includes('\n') ? value : undefined}
        >
          <span className={classes.cellText}>{value}</span>
        </Cell>
      );
    });

  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: the scrolling table is reachable by keyboard.
    <div ref={scrollRef} className={classes.sheetBody} tabIndex={0} data-testid="csv-preview">
      <table
        aria-label={label}
        aria-rowcount={rows.length}
        aria-colcount={columns}
        className={classes.table}
        style={{ width: tableWidth }}
      >
        <thead className={classes.head}>
          <tr aria-rowindex={1} className={classes.headRow} style={{ height: ROW_HEIGHT }}>
            <th scope="col" className={`${classes.cell} ${classes.rowNumber}`} style={{ width: numberWidth }}>
              <VisuallyHidden>{t.rowNumber}</VisuallyHidden>
            </th>
            {cells(header, 'th')}
          </tr>
        </thead>
        <tbody className={classes.body} style={{ height: virtualizer.getTotalSize() }}>
          {virtualizer.getVirtualItems().map((item) => (
            <tr
              key={item.key}
              aria-rowindex={item.index + 2}
              className={classes.row}
              data-testid="csv-row"
              style={{ height: ROW_HEIGHT, transform: `translateY(${item.start - ROW_HEIGHT}px)` }}
            >
              <th
                scope="row"
                className={`${classes.cell} ${classes.rowNumber}`}
                style={{ width: numberWidth }}
              >
                {item.index + 1}
              </th>
              {cells(body[item.index] ?? [], 'td')}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
