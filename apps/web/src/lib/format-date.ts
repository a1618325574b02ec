import { differenceInMilliseconds, format, formatDistance } from 'date-fns';

// Dates live apart from the number formatters: the header needs formatInr at start-up, and
// date-fns then stays out of the start-up bundle (it loads with the pages that show dates).

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Under 24 h old: relative ('5 minutes ago'); older: 'MMM d, yyyy'. A time slightly in the
 * future (clock skew between server and browser) counts as now, never as 'in 2 minutes'.
 */
export function formatDate(
  value: string | number | Date | null | undefined,
  now: Date = new Date(),
): string {
  if (value === null || value === undefined || value === '') return 'N/A';
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return 'N/A';
  const age = differenceInMilliseconds(now, date);
  if (age >= DAY_MS) return format(date, 'MMM d, yyyy');
  // formatDistanceToNow with an injectable now (tests), same words: '5 minutes ago'.
  return formatDistance(age < 0 ? now : date, now, { addSuffix: true });
}
