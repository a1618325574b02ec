const IST = new Intl.DateTimeFormat('en-IN', {
  timeZone: 'Asia/Kolkata',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

/** "28 Nov 2026, 3:05 pm": a moment as notices and messages give it, in India's time. */
export const istDateTime = (at: Date): string => IST.format(at);
