import {
  type AnalyticsPreset,
  type AnalyticsPresetAlias,
  analyticsMessages,
  analyticsPresetAliases,
} from '@hookline/contract';

/**
 * The days a date preset covers (issue 17; 001 §3 "Date presets"), as 'YYYY-MM-DD' in the ad
 * account's timezone, both ends included, and the window of equal length just before it
 * (period-over-period; none for ALL_TIME).
 *
 * Decided here (the seeds name the presets only): the day counts end with yesterday, the last
 * complete day (today's figures are still coming in), so ONE_DAY is yesterday and SEVEN_DAYS
 * the seven days before today; BEGINNING_OF_THE_MONTH runs from the 1st to today; LAST_MONTH is
 * the previous calendar month; 'last 3 months' is the three calendar months before this one.
 */
export interface DayWindow {
  from: string;
  to: string;
}

export interface AnalyticsWindow {
  /** Null bounds: all time. */
  current: DayWindow | null;
  previous: DayWindow | null;
}

/** Why a window cannot be made: the field to name in the 400. */
export class WindowError extends Error {
  constructor(
    readonly field: 'from' | 'to',
    message: string,
  ) {
    super(message);
  }
}

const DAY_MS = 86_400_000;
const DAYS: Partial<Record<AnalyticsPreset, number>> = {
  ONE_DAY: 1,
  SEVEN_DAYS: 7,
  FOURTEEN_DAYS: 14,
  THIRTY_DAYS: 30,
};

const toDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const dayMs = (day: string) => Date.parse(`${day}T00:00:00Z`);
const addDays = (day: string, days: number) => toDay(dayMs(day) + days * DAY_MS);
const lengthOf = (w: DayWindow) => Math.round((dayMs(w.to) - dayMs(w.from)) / DAY_MS) + 1;
const isDay = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(dayMs(value));

/** Today's date where the ad account is ('YYYY-MM-DD'); an unknown timezone counts as UTC. */
export function todayIn(timezone: string, now: Date = new Date()): string {
  try {
    return new Intl.DateTimeFormat('en-CA', { timeZone: timezone }).format(now);
  } catch {
    return toDay(now.getTime());
  }
}

/** The first day of the month `months` away from the month of `day`. */
function monthStart(day: string, months: number): string {
  const date = new Date(dayMs(day));
  return toDay(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + months, 1));
}

/** The same number of days just before a window. */
const before = (w: DayWindow): DayWindow => ({
  from: addDays(w.from, -lengthOf(w)),
  to: addDays(w.from, -1),
});

/** A preset (or one of its aliases) as days; CUSTOM needs both dates, from not after to. */
export function analyticsWindow(
  preset: AnalyticsPreset | AnalyticsPresetAlias,
  today: string,
  custom: { from?: string | undefined; to?: string | undefined } = {},
): AnalyticsWindow {
  const name =
    preset in analyticsPresetAliases ? analyticsPresetAliases[preset as AnalyticsPresetAlias] : preset;
  let current: DayWindow;
  switch (name) {
    case 'ALL_TIME':
      return { current: null, previous: null };
    case 'BEGINNING_OF_THE_MONTH':
      current = { from: monthStart(today, 0), to: today };
      break;
    case 'LAST_MONTH':
      current = { from: monthStart(today, -1), to: addDays(monthStart(today, 0), -1) };
      break;
    case 'LAST_3_MONTHS':
      current = { from: monthStart(today, -3), to: addDays(monthStart(today, 0), -1) };
      break;
    case 'CUSTOM': {
      if (!custom.from || !isDay(custom.from))
        throw new WindowError('from', analyticsMessages.customNeedsDates);
      if (!custom.to || !isDay(custom.to)) throw new WindowError('to', analyticsMessages.customNeedsDates);
      if (custom.from > custom.to) throw new WindowError('from', analyticsMessages.customFromAfterTo);
      current = { from: custom.from, to: custom.to };
      break;
    }
    default: {
      const days = DAYS[name as AnalyticsPreset] ?? 30;
      current = { from: addDays(today, -days), to: addDays(today, -1) };
    }
  }
  return { current, previous: before(current) };
}
