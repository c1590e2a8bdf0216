// CSV for organisers, who open it in a spreadsheet: RFC 4180 quoting, and no cell a spreadsheet
// would run as a formula (OWASP "CSV injection"): such cells get a leading apostrophe.
import type { SignupRow } from '../common/signup-contract.ts';

const CSV_HEADER = 'email,first_name,created_at,source';

const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: string | null): string {
  if (value === null) return '';
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]|^\s|\s$/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** One CSV line, newline included. */
export const csvLine = (cells: (string | null)[]) => cells.map(csvCell).join(',') + '\n';

export function toCsv(rows: Iterable<SignupRow>): string {
  let out = CSV_HEADER + '\n';
  for (const row of rows) out += csvLine([row.email, row.first_name, row.created_at, row.source]);
  return out;
}
