import { answerText, counted, type Applicant, type PublicQuestion } from '@lumenfield/contract';
import { csvLine } from '../../lib/csv';
import type { AuditActor, AuditRecord } from '../audit/audit-repository';

/** A CSV column: its header, and the key of the row its cells come from (or how to make one). */
export type CsvColumn<T> =
  { key: keyof T; label: string } | { label: string; cell: (row: T) => string | number | null };

/** A row's cell in a column. */
export const cellOf = <T>(row: T, column: CsvColumn<T>) =>
  'cell' in column ? column.cell(row) : row[column.key];

/**
 * One column per question of an opening (docs/recruiters.md "Questions"): headed by the question's
 * label as the opening asks it now, each cell the applicant's answer to that key as they gave it
 * (a list joined by "; "); empty for an applicant who was not asked it.
 */
export function answerColumns(
  questions: readonly Pick<PublicQuestion, 'key' | 'label'>[],
): CsvColumn<Pick<Applicant, 'answers'>>[] {
  return questions.map((question) => ({
    label: question.label,
    cell: (applicant) => {
      const answer = applicant.answers.find((given) => given.key === question.key);
      return answer ? answerText(answer.value) : '';
    },
  }));
}

/**
 * Every answer in one cell, for an export over several openings (their questions differ): a
 * line "<label as asked>: <answer>" per answered question.
 */
export const allAnswersColumn = (label: string): CsvColumn<Pick<Applicant, 'answers'>> => ({
  label,
  cell: (applicant) =>
    applicant.answers
      .filter((answer) => answerText(answer.value) !== '')
      .map((answer) => `${answer.label}: ${answerText(answer.value)}`)
      .join('\n'),
});

/** The labels of the questions an applicant's answer does not meet, joined by "; ". */
export const doesNotMeetColumn = (label: string): CsvColumn<Pick<Applicant, 'doesNotMeet'>> => ({
  label,
  cell: (applicant) => applicant.doesNotMeet.join('; '),
});

/**
 * The one CSV of applicants, for the console's export and the bearer API's alike: a header of
 * the columns' labels, then a row per applicant, safe to open in a spreadsheet (lib/csv.ts).
 * Each caller names its columns: the console from applicantColumns (@lumenfield/contract), the
 * bearer API its published ones. Made a page of applicants at a time, as they are read, so an
 * export of any size holds one page in memory (docs/performance.md, "CSV export").
 */
export async function* applicantsCsv<T>(
  pages: AsyncIterable<readonly T[]>,
  columns: readonly CsvColumn<T>[],
): AsyncGenerator<string> {
  yield csvLine(columns.map((column) => column.label));
  for await (const page of pages) {
    if (page.length === 0) continue;
    yield page
      .map((applicant) => csvLine(columns.map((column) => cellOf(applicant, column))))
      .join('');
  }
}

/** A console list's filter (the pipeline's), as the audit row and the CSV's name say it. */
interface ListFilter {
  jobId?: number | undefined;
  stage?: string | undefined;
  q?: string | undefined;
  doesNotMeet?: boolean | undefined;
  source?: string | undefined;
}

/** Words as a part of a file name: ASCII letters and digits joined by dashes, at most `max`. */
export function fileNamePart(text: string, max = 60): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, max)
    .replace(/^-+|-+$/g, '');
}

/**
 * The CSV's file name says its filter, so two exports of one day do not read alike:
 * `applicants-<opening code and title>-<stage>-<source>-<date>.csv`, each part only when the
 * list is filtered by it; "does-not-meet" or "meets" for the knock-out filter, and "search" for
 * words searched (never the words: they may be a name). ASCII only, safe on any disk.
 */
export function applicantsCsvName(
  filter: ListFilter,
  opening: { code: string; title: string } | undefined,
  date: string,
): string {
  const parts = [
    'applicants',
    opening ? fileNamePart(`${opening.code} ${opening.title}`) : '',
    filter.stage ? fileNamePart(filter.stage) : '',
    filter.source ? fileNamePart(filter.source, 40) : '',
    filter.doesNotMeet === undefined ? '' : filter.doesNotMeet ? 'does-not-meet' : 'meets',
    filter.q ? 'search' : '',
    date,
  ];
  return `${parts.filter(Boolean).join('-')}.csv`;
}

/**
 * The audit row of a list or export of applicants: who, how many, the opening and the stage,
 * never the words searched (they may be a name).
 */
export function listingAudit(
  actor: AuditActor,
  action: 'applicants-list' | 'applicants-export',
  count: number,
  filter: ListFilter,
): AuditRecord {
  const parts = [
    filter.jobId && `opening ${filter.jobId}`,
    filter.stage && `stage ${filter.stage}`,
    filter.doesNotMeet !== undefined && (filter.doesNotMeet ? 'does not meet' : 'meets'),
    filter.q && 'words',
    // Not the name: a UTM value is credited as written, and credits stored before "Referred by"
    // answers were joined to sources may name a person.
    filter.source && 'source',
  ].filter(Boolean);
  const applicants = counted(count, ['applicant', 'applicants']);
  return {
    actor,
    action,
    target: filter.jobId ? `opening ${filter.jobId}` : null,
    detail: `${applicants}${parts.length > 0 ? ` (${parts.join(', ')})` : ''}`,
  };
}
