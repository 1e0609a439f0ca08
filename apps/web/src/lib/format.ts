import { type Duration, formatDuration, intervalToDuration } from 'date-fns';

/** 45 → '45 seconds', 3 725 → '1 hour 2 minutes', 190 000 → '2 days 4 hours'. */
export function formatUptime(totalSeconds: number): string {
  if (!Number.isFinite(totalSeconds) || totalSeconds < 0) return 'N/A';
  const seconds = Math.floor(totalSeconds);
  if (seconds < 60) return formatDuration({ seconds }, { zero: true, format: ['seconds'] });
  const duration = intervalToDuration({ start: 0, end: seconds * 1000 });
  const format: (keyof Duration)[] = seconds >= 86_400 ? ['days', 'hours'] : ['hours', 'minutes'];
  return formatDuration(duration, { format });
}
