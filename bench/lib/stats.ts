export interface Summary {
  runs: number;
  min: number;
  median: number;
  max: number;
  mean: number;
}

export function summarize(values: readonly number[]): Summary {
  if (values.length === 0) throw new Error('summarize: no values');
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  const median = sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
  return {
    runs: sorted.length,
    min: sorted[0]!,
    median,
    max: sorted[sorted.length - 1]!,
    mean: sorted.reduce((sum, v) => sum + v, 0) / sorted.length,
  };
}

/** Rounds for display and JSON: sub-millisecond digits are noise at these scales. */
export const round = (value: number, digits = 0) => Number(value.toFixed(digits));

/** Nearest-rank percentile (p in 0–100) of an ascending-sorted array. */
export function percentile(sorted: ArrayLike<number>, p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1]!;
}
