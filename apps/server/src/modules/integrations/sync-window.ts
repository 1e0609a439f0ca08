import { SYNC_MONTHS } from '@hookline/contract';

/** UTC midnight `months` months before `now` (clamped to the month's length). */
export function monthsBack(now: Date, months: number): Date {
  const target = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  return new Date(
    Date.UTC(target.getUTCFullYear(), target.getUTCMonth(), Math.min(now.getUTCDate(), lastDay)),
  );
}

export const utcMidnight = (date: Date) =>
  new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));

export const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/**
 * The sync start a plan allows (001 §2, §5, §9): a UTC midnight between today and N months
 * back, N = the plan's adPlatformSyncMonthsCount capped at 24 (null = 24); by default 3 months
 * back (or N, when the plan keeps less).
 */
export function syncWindow(allowedMonths: number | null, now = new Date()) {
  const months = Math.min(allowedMonths ?? SYNC_MONTHS.cap, SYNC_MONTHS.cap);
  return {
    months,
    earliest: monthsBack(now, months),
    latest: utcMidnight(now),
    defaultStart: monthsBack(now, Math.min(SYNC_MONTHS.default, months)),
  };
}
