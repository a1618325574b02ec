import { z } from 'zod';

/**
 * CSV for the statement exports (RFC 4180: comma-separated, CRLF, fields with a comma, quote
 * or line break quoted). Amounts carry Indian grouping commas, so they are always quoted.
 */

// A spreadsheet runs a cell starting with these as a formula (CSV injection); names and
// other free text get a leading apostrophe. Numbers we format ('-1,234.00') are not free text.
const FORMULA_START = /^[=+\-@\t\r]/;

/** Free text (a name) made safe to open in a spreadsheet. */
export const csvText = (value: string): string => (FORMULA_START.test(value) ? `'${value}` : value);

const quote = (value: string): string =>
  /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;

/** One CSV record with its line end. */
export const csvLine = (fields: readonly string[]): string => `${fields.map(quote).join(',')}\r\n`;

/**
 * The 200 answer of a CSV route, for the OpenAPI document: a text/csv body (a string or a
 * stream), which Fastify sends as is, never through the JSON serializer.
 */
export const csvFileSchema = z.unknown().describe('text/csv; charset=utf-8 file');
