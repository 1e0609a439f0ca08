import { SYNC_MONTHS } from '@hookline/contract';

/**
 * The sync start date (001 §2, §5): between today and N months back, N being the plan's
 * adPlatformSyncMonthsCount (unlimited: the cap) and at most 24; when none is set, 3 months
 * back. Dates are days ('yyyy-MM-dd', local); the API takes UTC midnight of that day.
 */
export function syncMonths(allocated: number | null | undefined): number {
  return Math.max(0, Math.min(allocated ?? SYNC_MONTHS.cap, SYNC_MONTHS.cap));
}

const pad = (n: number) => String(n).padStart(2, '0');

/** 'yyyy-MM-dd' of a local date. */
export function dayString(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The same day `months` months earlier (the month's last day when it has fewer days). */
export function monthsBefore(date: Date, months: number): Date {
  const target = new Date(date.getFullYear(), date.getMonth() - months, 1);
  const lastDay = new Date(target.getFullYear(), target.getMonth() + 1, 0).getDate();
  target.setDate(Math.min(date.getDate(), lastDay));
  return target;
}

export function syncWindow(months: number, today: Date = new Date()) {
  const min = dayString(monthsBefore(today, months));
  const max = dayString(today);
  const fallback = dayString(monthsBefore(today, SYNC_MONTHS.default));
  // biome-ignore lint/complexity/useMathMinMax: days as 'yyyy-MM-dd' strings, not numbers.
  const defaultDay = fallback < min ? min : fallback;
  return { min, max, defaultDay };
}

/** The day a saved sync start stands for (UTC). */
export function dayOf(timestamp: Date | null | undefined): string | null {
  return timestamp ? timestamp.toISOString().slice(0, 10) : null;
}

export function toSyncTimestamp(dayValue: string): string {
  return `${dayValue}T00:00:00.000Z`;
}

export function isInWindow(dayValue: string, range: { min: string; max: string }): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(dayValue) && dayValue >= range.min && dayValue <= range.max;
}
