import { toCsv } from '../../lib/csv';
import type { AuditActor, AuditRecord } from '../audit/audit-repository';

/** A CSV column: its header, and the key of the row its cells come from. */
export interface CsvColumn<T> {
  key: keyof T;
  label: string;
}

/**
 * The one CSV of applicants, for the console's export and the bearer API's alike: a header of
 * the columns' labels, then a row per applicant, safe to open in a spreadsheet (lib/csv.ts).
 * Each caller names its columns: the console from applicantColumns (@lumenfield/contract), the
 * bearer API its published ones.
 */
export function applicantsCsv<T>(
  applicants: readonly T[],
  columns: readonly CsvColumn<T>[],
): string {
  return toCsv(
    columns.map((column) => column.label),
    applicants.map((applicant) => columns.map((column) => applicant[column.key])),
  );
}

/**
 * The audit row of a list or export of applicants: who, how many, the opening and the stage,
 * never the words searched (they may be a name).
 */
export function listingAudit(
  actor: AuditActor,
  action: 'applicants-list' | 'applicants-export',
  count: number,
  filter: { jobId?: number | undefined; stage?: string | undefined; q?: string | undefined },
): AuditRecord {
  const parts = [
    filter.jobId && `opening ${filter.jobId}`,
    filter.stage && `stage ${filter.stage}`,
    filter.q && 'words',
  ].filter(Boolean);
  const applicants = `${count} ${count === 1 ? 'applicant' : 'applicants'}`;
  return {
    actor,
    action,
    target: filter.jobId ? `opening ${filter.jobId}` : null,
    detail: `${applicants}${parts.length > 0 ? ` (${parts.join(', ')})` : ''}`,
  };
}
