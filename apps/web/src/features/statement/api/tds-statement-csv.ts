/** GET /api/tds/statement.csv for one IST calendar quarter (YYYY-Qn); a plain download link. */
export function tdsStatementCsvHref(quarter: string): string {
  return `/api/tds/statement.csv?quarter=${encodeURIComponent(quarter)}`;
}
