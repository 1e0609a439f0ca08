import { describe, expect, it } from 'vitest';
import { type DeliverySums, emptySums, presetMetrics, weightedRetention } from './metrics.js';
import { analyticsWindow, todayIn, type WindowError } from './windows.js';

/**
 * Creative analytics' arithmetic on hand-computed figures (issue 17): metrics are ratios of
 * sums, never averages of daily ratios; watch time and retention weigh days by their plays;
 * presets are days of the ad account's timezone with the window before them.
 */
const zero: DeliverySums = emptySums();
function sum(days: DeliverySums[]): DeliverySums {
  const total: DeliverySums = { ...zero, actions: {} };
  for (const day of days) {
    for (const key of Object.keys(zero) as (keyof DeliverySums)[])
      if (key !== 'actions') total[key] = (total[key] as number) + (day[key] as number);
    for (const [action, count] of Object.entries(day.actions))
      total.actions[action] = (total.actions[action] ?? 0) + count;
  }
  return total;
}

describe('metrics', () => {
  it('are ratios of sums, not averages of the days’ ratios', () => {
    // Day 1: $10 for 1,000 impressions, 10 link clicks, 1 conversion worth $30.
    // Day 2: $90 for 9,000 impressions, 10 link clicks, 4 conversions worth $170.
    const days: DeliverySums[] = [
      {
        ...zero,
        spend: 10,
        impressions: 1000,
        clicks: 12,
        linkClicks: 10,
        conversions: 1,
        conversionValue: 30,
      },
      {
        ...zero,
        spend: 90,
        impressions: 9000,
        clicks: 15,
        linkClicks: 10,
        conversions: 4,
        conversionValue: 170,
      },
    ];
    const m = presetMetrics(sum(days));
    expect(m.roas).toBe(2); // 200 / 100, where the days' mean ratio would say 2.44
    expect(m.cpa).toBe(20); // 100 / 5
    expect(m.cpc).toBe(5); // 100 / 20
    expect(m.cpm).toBe(10); // 100 / 10,000 × 1,000
    expect(m.ctr).toBeCloseTo(0.2, 10); // 20 / 10,000, in percent
    expect(m.conversionPercentage).toBe(25); // 5 / 20
    expect(m.clicks).toBe(27);
  });

  it('weigh watch time and retention by plays, and give null where nothing was delivered', () => {
    const days: DeliverySums[] = [
      { ...zero, impressions: 1000, plays: 100, threeSecondViews: 300, watchSecondsTimesPlays: 100 * 4 },
      { ...zero, impressions: 1000, plays: 300, threeSecondViews: 100, watchSecondsTimesPlays: 300 * 8 },
    ];
    const m = presetMetrics(sum(days), 20);
    expect(m.avgWatchTimeSeconds).toBe(7); // (400 + 2,400) / 400
    expect(m.avgWatchTimePercentage).toBe(35); // 7 of 20 s
    expect(m.thumbstopPercentage).toBe(20); // 400 / 2,000
    expect(m.thumbnailPercentage).toBe(20); // 400 / 2,000
    expect(m.views).toBe(400);
    expect(m.cpa).toBeNull(); // no conversions: N/A, not 0 or Infinity
    expect(m.roas).toBeNull(); // no spend
    expect(presetMetrics(zero).ctr).toBeNull();
    expect(
      weightedRetention([
        { plays: 100, retention: [100, 50] },
        { plays: 300, retention: [100, 90] },
        { plays: 50, retention: null },
      ]),
    ).toEqual([100, 80]); // (50 × 100 + 90 × 300) / 400
  });

  it('sum each action type', () => {
    const m = presetMetrics(
      sum([
        { ...zero, actions: { lead: 2 } },
        { ...zero, actions: { lead: 3, purchase: 1 } },
      ]),
    );
    expect(m.actions).toEqual({ lead: 5, purchase: 1 });
  });
});

describe('date presets', () => {
  const today = '2026-03-15';
  it('count whole days up to yesterday, with the window of equal length before', () => {
    expect(analyticsWindow('ONE_DAY', today)).toEqual({
      current: { from: '2026-03-14', to: '2026-03-14' },
      previous: { from: '2026-03-13', to: '2026-03-13' },
    });
    expect(analyticsWindow('SEVEN_DAYS', today)).toEqual({
      current: { from: '2026-03-08', to: '2026-03-14' },
      previous: { from: '2026-03-01', to: '2026-03-07' },
    });
    expect(analyticsWindow('THIRTY_DAYS', today).current).toEqual({ from: '2026-02-13', to: '2026-03-14' });
  });

  it('know the calendar: this month so far, last month, the three months before this one', () => {
    expect(analyticsWindow('BEGINNING_OF_THE_MONTH', today).current).toEqual({
      from: '2026-03-01',
      to: today,
    });
    expect(analyticsWindow('LAST_MONTH', today)).toEqual({
      current: { from: '2026-02-01', to: '2026-02-28' },
      previous: { from: '2026-01-04', to: '2026-01-31' },
    });
    expect(analyticsWindow('previous month', '2026-01-10').current).toEqual({
      from: '2025-12-01',
      to: '2025-12-31',
    });
    expect(analyticsWindow('last 3 months', today).current).toEqual({ from: '2025-12-01', to: '2026-02-28' });
    expect(analyticsWindow('all time', today)).toEqual({ current: null, previous: null });
    expect(analyticsWindow('current month', today).current?.from).toBe('2026-03-01');
  });

  it('need both dates for CUSTOM, in order', () => {
    expect(analyticsWindow('CUSTOM', today, { from: '2026-01-01', to: '2026-01-10' }).previous).toEqual({
      from: '2025-12-22',
      to: '2025-12-31',
    });
    expect(() => analyticsWindow('CUSTOM', today, { from: '2026-01-01' })).toThrow(
      'Custom date needs both dates',
    );
    const error = (() => {
      try {
        analyticsWindow('CUSTOM', today, { from: '2026-02-01', to: '2026-01-01' });
      } catch (caught) {
        return caught as WindowError;
      }
    })();
    expect(error?.field).toBe('from');
  });

  it('take today from the ad account’s timezone', () => {
    const now = new Date('2026-03-15T23:30:00Z');
    expect(todayIn('UTC', now)).toBe('2026-03-15');
    expect(todayIn('Europe/Berlin', now)).toBe('2026-03-16');
    expect(todayIn('America/Los_Angeles', now)).toBe('2026-03-15');
    expect(todayIn('Not/AZone', now)).toBe('2026-03-15');
  });
});
