/** Milliseconds India (IST, UTC+5:30) runs ahead of UTC; quarters are IST calendar quarters. */
const IST_OFFSET_MS = 330 * 60 * 1000;

export interface TdsQuarter {
  /** the API's form, YYYY-Qn (contracts' tdsQuarterQuerySchema) */
  value: string;
  /** 'Jul–Sep 2026 (Q3)' */
  label: string;
}

const MONTHS = ['Jan–Mar', 'Apr–Jun', 'Jul–Sep', 'Oct–Dec'] as const;

/** The current calendar quarter in India and the `count - 1` before it, newest first. */
export function lastTdsQuarters(count = 4, now: Date = new Date()): TdsQuarter[] {
  const ist = new Date(now.getTime() + IST_OFFSET_MS);
  let year = ist.getUTCFullYear();
  let q = Math.floor(ist.getUTCMonth() / 3); // 0..3
  const out: TdsQuarter[] = [];
  for (let i = 0; i < count; i++) {
    out.push({ value: `${year}-Q${q + 1}`, label: `${MONTHS[q]} ${year} (Q${q + 1})` });
    q -= 1;
    if (q < 0) {
      q = 3;
      year -= 1;
    }
  }
  return out;
}
