/**
 * Reads a positive integer knob from the environment (e.g. BENCH_HTTP_DURATION=3 for a quick
 * try-out), so defaults stay in code but nobody has to edit a bench to shorten it.
 */
export function envInt(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1) {
    throw new Error(`${name} must be a positive integer (got "${raw}")`);
  }
  return value;
}
