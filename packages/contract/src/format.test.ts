import { describe, expect, it } from 'vitest';
import {
  formatBytes,
  formatCompactNumber,
  formatCount,
  formatDate,
  formatDateTimeShort,
  formatDuration,
  formatMoney,
  formatPercent,
  formatRatio,
  formatSeconds,
  formatSpend,
  formatUsd,
  sanitizeDownloadFileName,
} from './format.js';
import { formatSpendRoas } from './format-performance.js';

describe('formatting rules of the seeds', () => {
  it('sizes step by 1024', () => {
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(1023)).toBe('1023 B');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(10 * 1024 * 1024)).toBe('10 MB');
    expect(formatBytes(5 * 1024 ** 3)).toBe('5 GB');
    expect(formatBytes(2.25 * 1024 ** 4)).toBe('2.3 TB');
  });

  it('numbers use K, M and G', () => {
    expect(formatCompactNumber(999)).toBe('999');
    expect(formatCompactNumber(1500)).toBe('1.5K');
    expect(formatCompactNumber(2_000_000)).toBe('2M');
    expect(formatCompactNumber(3_400_000_000)).toBe('3.4G');
    expect(formatCompactNumber(-1200)).toBe('-1.2K');
  });

  it("a card's ad performance: compact spend and ROAS to 1 decimal", () => {
    expect(formatSpendRoas(1234.56, 2.44)).toBe('$1.2K · 2.4 ROAS');
    expect(formatSpendRoas(40, 2.5)).toBe('$40 · 2.5 ROAS');
    expect(formatSpendRoas(15, null)).toBe('$15 · N/A ROAS');
  });

  it('money is USD with up to 2 decimals, N/A when missing', () => {
    expect(formatUsd(12)).toBe('$12');
    expect(formatUsd(12.5)).toBe('$12.5');
    expect(formatUsd(1234.567)).toBe('$1,234.57');
    expect(formatUsd(null)).toBe('N/A');
  });

  it('percent to 1 decimal', () => {
    expect(formatPercent(12.345)).toBe('12.3%');
    expect(formatPercent(undefined)).toBe('N/A');
  });

  it("dates as 'MMM d, yyyy' and 'dd/MM/yy HH:mm'", () => {
    const date = new Date(2026, 10, 2, 9, 5);
    expect(formatDate(date)).toBe('Nov 2, 2026');
    expect(formatDateTimeShort(date)).toBe('02/11/26 09:05');
  });

  it('durations show hours only above 0', () => {
    expect(formatDuration(65)).toBe('01:05');
    expect(formatDuration(3725)).toBe('1:02:05');
  });

  it('download names keep letters, digits, underscore, hyphen and dot', () => {
    expect(sanitizeDownloadFileName('Summer ad (v2)/final.mp4')).toBe('Summer_ad__v2__final.mp4');
  });

  it('analytics figures: money 2 decimals, spend and counts 0, ratio 2, seconds 1, N/A when missing', () => {
    expect(formatMoney(12.5)).toBe('$12.50');
    expect(formatMoney(1234.567)).toBe('$1,234.57');
    expect(formatMoney(null)).toBe('N/A');
    expect(formatSpend(1234.56)).toBe('$1,235');
    expect(formatSpend(0)).toBe('$0');
    expect(formatSpend(undefined)).toBe('N/A');
    expect(formatCount(12345.6)).toBe('12,346');
    expect(formatCount(Number.NaN)).toBe('N/A');
    expect(formatRatio(2.456)).toBe('2.46');
    expect(formatRatio(null)).toBe('N/A');
    expect(formatSeconds(3.26)).toBe('3.3s');
    expect(formatSeconds(null)).toBe('N/A');
  });
});
