/** The analytics figures' formats (re-exported by format.ts). */

const missing = (value: number | null | undefined): value is null | undefined =>
  value == null || !Number.isFinite(value);

/** en-US numbers (USD when `currency`) with exactly `digits` decimals; 'N/A' when missing. */
function fixedDigits(value: number | null | undefined, digits: number, currency?: boolean): string {
  if (missing(value)) return 'N/A';
  return new Intl.NumberFormat('en-US', {
    style: currency ? 'currency' : 'decimal',
    currency: 'USD',
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(value);
}

/** Analytics money (001 §2): $ with exactly 2 decimals, 12.5 → '$12.50'; N/A when missing. */
export const formatMoney = (value: number | null | undefined): string => fixedDigits(value, 2, true);

/** Analytics spend: $ with no decimals, 1234.56 → '$1,235'; N/A when missing. */
export const formatSpend = (value: number | null | undefined): string => fixedDigits(value, 0, true);

/** Counts (conversions, totals) with thousands separators and no decimals: 12345.6 → '12,346'. */
export const formatCount = (value: number | null | undefined): string => fixedDigits(value, 0);

/** A ratio such as ROAS to 2 decimals: 2.456 → '2.46'. */
export const formatRatio = (value: number | null | undefined): string => fixedDigits(value, 2);

/** Seconds to 1 decimal: 3.26 → '3.3s'. */
export const formatSeconds = (value: number | null | undefined): string =>
  missing(value) ? 'N/A' : `${value.toFixed(1)}s`;
