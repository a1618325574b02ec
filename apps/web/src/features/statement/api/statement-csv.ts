import { statementParams, type StatementFilters } from './get-statement.ts';

/**
 * GET /api/statement.csv with the screen's filters. A plain link: the browser saves the
 * streamed CSV itself and the same-origin session cookie authorises it.
 */
export function statementCsvHref(filters: StatementFilters): string {
  const query = statementParams(filters).toString();
  return query ? `/api/statement.csv?${query}` : '/api/statement.csv';
}
