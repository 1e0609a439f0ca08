import { formatCompactNumber } from './format.js';

/**
 * A library card's ad performance badge (issue 17 "Beyond the seeds"): spend as a compact
 * number and ROAS to 1 decimal, 1234 and 2.44 → '$1.2K · 2.4 ROAS'; no ROAS is 'N/A'. In a
 * module of its own: only the badges' lazily loaded code carries it.
 */
export function formatSpendRoas(spend: number, roas: number | null | undefined): string {
  const ratio = roas == null || !Number.isFinite(roas) ? 'N/A' : roas.toFixed(1);
  return `$${formatCompactNumber(spend)} · ${ratio} ROAS`;
}
