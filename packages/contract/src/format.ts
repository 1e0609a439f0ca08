/**
 * Formatting rules shared by server (e-mails, CSV) and web:
 * sizes in steps of 1024, K/M/G numbers, USD with up to 2 decimals,
 * dates as 'MMM d, yyyy' and 'dd/MM/yy HH:mm' (000 §9, 001 §5).
 */

const SIZE_UNITS = ['B', 'KB', 'MB', 'GB', 'TB'] as const;

/** 1536 → '1.5 KB'. Steps of 1024. */
export function formatBytes(bytes: number, fractionDigits = 1): string {
  if (!Number.isFinite(bytes) || bytes < 0) return 'N/A';
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < SIZE_UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const digits = unit === 0 ? 0 : fractionDigits;
  return `${trimZeros(value.toFixed(digits))} ${SIZE_UNITS[unit]}`;
}

const NUMBER_UNITS = [
  { value: 1e9, suffix: 'G' },
  { value: 1e6, suffix: 'M' },
  { value: 1e3, suffix: 'K' },
] as const;

/** 1500 → '1.5K', 2_000_000 → '2M', 999 → '999'. */
export function formatCompactNumber(value: number, fractionDigits = 1): string {
  if (!Number.isFinite(value)) return 'N/A';
  const sign = value < 0 ? '-' : '';
  const abs = Math.abs(value);
  for (const unit of NUMBER_UNITS) {
    if (abs >= unit.value)
      return `${sign}${trimZeros((abs / unit.value).toFixed(fractionDigits))}${unit.suffix}`;
  }
  return `${sign}${trimZeros(abs.toFixed(fractionDigits))}`;
}

/** USD with up to 2 decimals: 12 → '$12', 12.5 → '$12.5', 1234.567 → '$1,234.57'. */
export function formatUsd(value: number | null | undefined, maximumFractionDigits = 2): string {
  if (value == null || !Number.isFinite(value)) return 'N/A';
  return new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: 0,
    maximumFractionDigits,
  }).format(value);
}

/** Percent to 1 decimal: 12.345 → '12.3%'. */
export function formatPercent(value: number | null | undefined): string {
  if (value == null || !Number.isFinite(value)) return 'N/A';
  return `${value.toFixed(1)}%`;
}

/**
 * The analytics figures' formats (001 §2: money 2 decimals, spend and counts 0, ratios 2, seconds
 * 1, N/A when missing), in a module of their own so that only the analytics page's chunk carries them.
 */
export { formatCount, formatMoney, formatRatio, formatSeconds, formatSpend } from './format-analytics.js';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

function toDate(value: Date | string | number): Date {
  return value instanceof Date ? value : new Date(value);
}

const pad2 = (n: number) => String(n).padStart(2, '0');

/** 'MMM d, yyyy' in local time: 'Nov 22, 2026'. */
export function formatDate(value: Date | string | number): string {
  const d = toDate(value);
  return `${MONTHS[d.getMonth()]} ${d.getDate()}, ${d.getFullYear()}`;
}

/** 'dd/MM/yy HH:mm' in local time: '22/11/26 14:05'. */
export function formatDateTimeShort(value: Date | string | number): string {
  const d = toDate(value);
  return `${pad2(d.getDate())}/${pad2(d.getMonth() + 1)}/${pad2(d.getFullYear() % 100)} ${pad2(d.getHours())}:${pad2(d.getMinutes())}`;
}

/** Seconds as [h:]mm:ss; hours only shown when above 0 (001 §5). */
export function formatDuration(totalSeconds: number): string {
  if (!Number.isFinite(totalSeconds) || totalSeconds < 0) return 'N/A';
  const s = Math.floor(totalSeconds);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = s % 60;
  return h > 0 ? `${h}:${pad2(m)}:${pad2(sec)}` : `${pad2(m)}:${pad2(sec)}`;
}

/** Download file names: characters outside letters, digits, underscore, hyphen and dot become underscores. */
export function sanitizeDownloadFileName(name: string): string {
  return name.replace(/[^A-Za-z0-9_.-]/g, '_');
}

function trimZeros(s: string): string {
  return s.includes('.') ? s.replace(/\.?0+$/, '') : s;
}
