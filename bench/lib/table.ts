export type Cell = string | number;

export interface Table {
  columns: string[];
  rows: Cell[][];
}

/** Plain-text table; numbers are right-aligned so columns of figures line up. */
export function formatTable({ columns, rows }: Table): string {
  const text = (cell: Cell) => (typeof cell === 'number' ? cell.toLocaleString('en-US') : cell);
  const widths = columns.map((column, i) =>
    Math.max(column.length, ...rows.map((row) => text(row[i] ?? '').length)),
  );
  const numeric = columns.map((_, i) => rows.length > 0 && rows.every((row) => typeof row[i] === 'number'));
  const line = (cells: Cell[]) =>
    cells
      .map((cell, i) => {
        const value = text(cell);
        return numeric[i] ? value.padStart(widths[i]!) : value.padEnd(widths[i]!);
      })
      .join('  ')
      .trimEnd();
  return [line(columns), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}
