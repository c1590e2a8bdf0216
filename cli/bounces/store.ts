// The late reports' records, through the migration's functions (20261127190000), the same on
// every backend.
import { CliError } from '../cli-error.ts';
import { PAGE_SIZE, pieces, type FunctionCaller } from '../function-caller.ts';
import type { LateKind } from './policy.ts';

export interface LateReportRecord {
  /** Hex SHA-256 of the report (read-report.ts). */
  report: string;
  campaign: string;
  person: number;
  /** 'not on the list': the person is gone, and the database is asked only whether an
   * earlier run handled it. */
  kind: Exclude<LateKind, 'ignored'> | 'not on the list';
  email: string;
  detail: string;
}

export type LateOutcome =
  | 'suppressed'
  | 'already suppressed'
  | 'unsubscribed'
  | 'counted'
  | 'handled before'
  | 'not on the list'
  | 'too old'
  | 'address differs';

export function lateReportStore(calls: FunctionCaller) {
  return {
    /** The addresses of the people with these ids who are still on the list. */
    async people(ids: number[]): Promise<Map<number, string>> {
      const found = new Map<number, string>();
      for (let i = 0; i < ids.length; i += PAGE_SIZE) {
        const rows = await calls.rows<{ id: number; email: string }>(
          'tedxcommunity_late_report_people',
          { p_ids: ids.slice(i, i + PAGE_SIZE) },
        );
        for (const row of rows) found.set(Number(row.id), row.email);
      }
      return found;
    },
    /** Acts on each (at most once, ever: a copy of one is 'handled before') and answers what
     * it did with each. */
    async record(reports: LateReportRecord[]): Promise<[LateReportRecord, LateOutcome][]> {
      const outcomes: [LateReportRecord, LateOutcome][] = [];
      for (const piece of pieces(reports)) {
        const rows = await calls.rows<{ report: string; outcome: LateOutcome }>(
          'tedxcommunity_late_reports_record',
          { p_reports: piece },
        );
        if (rows.length !== piece.length)
          throw new CliError(
            `tedxcommunity_late_reports_record on ${calls.description} answered for ${rows.length} of ${piece.length} reports: apply the latest migration, then run bounces again`,
          );
        outcomes.push(
          ...rows.map((row, i): [LateReportRecord, LateOutcome] => [piece[i], row.outcome]),
        );
      }
      return outcomes;
    },
  };
}
