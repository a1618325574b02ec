/** GET /api/admin/tds.csv: every user's TDS (194S) for one IST calendar quarter; a plain link. */
export function adminTdsCsvHref(quarter: string): string {
  return `/api/admin/tds.csv?quarter=${encodeURIComponent(quarter)}`;
}
