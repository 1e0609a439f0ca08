import type { Table } from './table.js';

export interface BenchContext {
  /** Progress for humans; goes to stderr so stdout carries only the figures. */
  progress(message: string): void;
}

export interface BenchReport {
  table: Table;
  /** Printed instead of `table` when set (e.g. one table per database); `table` still goes to the JSON. */
  tables?: { title: string; table: Table }[];
  /** One line that tells the whole story of the run. */
  summary: string;
  /** Caveats worth printing under the table (e.g. non-2xx responses). */
  notes?: string[];
  /** Everything worth keeping, written to bench/results/<name>.json. */
  data: unknown;
}

/** A benchmark module. Add one by exporting a Bench and listing it in bench/run.ts. */
export interface Bench {
  name: string;
  description: string;
  run(context: BenchContext): Promise<BenchReport>;
}
