import { differenceInMilliseconds, format, formatDistance, parseISO } from 'date-fns';

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
  if (age >= DAY_MS) return formatCalendarDate(date);
  // formatDistanceToNow with an injectable now (tests), same words: '5 minutes ago'.
  return formatDistance(age < 0 ? now : date, now, { addSuffix: true });
}

/**
 * A day in the app's date style (PRODUCT.md §9: 'MMM d, yyyy'). A date-only string
 * ('2025-03-09', static content) is that day here, not midnight UTC.
 */
export function formatCalendarDate(value: string | Date): string {
  return format(typeof value === 'string' ? parseISO(value) : value, 'MMM d, yyyy');
}

function istFormat(seconds: boolean): Intl.DateTimeFormat {
  return new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Asia/Kolkata',
    day: '2-digit',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    ...(seconds ? { second: '2-digit' } : {}),
    hourCycle: 'h12',
  });
}
const IST = { minutes: istFormat(false), seconds: istFormat(true) };

/**
 * The exact time of a moment in India's time whatever the browser's zone ('09 Mar 2025, 02:05
 * PM IST'), for receipts, lists and hover titles: money records (statements, TDS) are kept in
 * IST, so every screen and the CSV give one event one time.
 */
export function formatDateTime(iso: string, { seconds = false } = {}): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return 'N/A';
  const parts = (seconds ? IST.seconds : IST.minutes).formatToParts(date);
  const p = Object.fromEntries(parts.map((x) => [x.type, x.value]));
  const period = String(p.dayPeriod ?? '').toUpperCase();
  const time = seconds ? `${p.hour}:${p.minute}:${p.second}` : `${p.hour}:${p.minute}`;
  return `${p.day} ${p.month} ${p.year}, ${time} ${period} IST`;
}
