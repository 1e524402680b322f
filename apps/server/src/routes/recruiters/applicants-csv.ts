import { applicantColumns, placeLine, sourceText } from '@lumenfield/contract';
import type { PipelineApplicant } from '../../domains/pipeline/pipeline-repository';
import {
  allAnswersColumn,
  answerColumns,
  doesNotMeetColumn,
  type CsvColumn,
} from '../../domains/applications/recruiter-reads';

/** The console CSV's columns: the opening and the stage, what the applicant sent, the resume. */
export const CSV_COLUMNS = [
  { key: 'applicantId', label: 'Applicant ID' },
  { key: 'jobId', label: 'Opening ID' },
  { key: 'jobCode', label: 'Job code' },
  { key: 'jobTitle', label: 'Job title' },
  { key: 'stage', label: 'Stage' },
  { label: 'Rejection reason', cell: (a: PipelineApplicant) => a.rejectionReason ?? '' },
  ...applicantColumns,
  // The place applied for as one line ('' when the opening had one place), or its remote country.
  {
    label: 'Place applied for',
    cell: (a: PipelineApplicant) =>
      a.remoteCountry ? `Remote from ${a.remoteCountry}` : a.place ? placeLine(a.place) : '',
  },
  { key: 'appliedOn', label: 'Applied on' },
  { key: 'attachmentName', label: 'Resume file' },
  { key: 'attachmentSize', label: 'Resume size (bytes)' },
  { key: 'attachmentSha256', label: 'Resume SHA-256' },
  // "LinkedIn (tracking link)": the source credited at applying (docs/recruiters.md).
  { label: 'Source', cell: (a: PipelineApplicant) => sourceText(a.source) },
] as const satisfies readonly CsvColumn<PipelineApplicant>[];

type KeyedColumn = Extract<(typeof CSV_COLUMNS)[number], { key: unknown }>['key'];

/**
 * The stored fields that are not a column under their own key, each with where the CSV has it
 * or why not. With the columns it covers every field of a stored applicant, so a field added
 * there does not compile until the CSV has decided about it (a field the applicant sends is a
 * column already: `applicantColumns`).
 */
export const csvOtherFields = {
  rejectionReason: 'the "Rejection reason" column',
  place: 'the "Place applied for" column',
  remoteCountry: 'the "Place applied for" column, as "Remote from PL"',
  source: 'the "Source" column',
  answers: 'one column per question, or one "Answers" column over several openings',
  doesNotMeet: 'the "Does not meet" column, last',
  countryId: 'the country is its name ("Country")',
  stateId: 'the state is its name ("State")',
  attachmentGuid: "out: the resume's key, which opens it in the console only",
  attachmentKind: "the kind is in the resume file's name",
  arrival: "out: the visit's raw values, read on the applicant's page",
} as const satisfies Record<Exclude<keyof PipelineApplicant, KeyedColumn>, string>;

/**
 * The answers' columns (docs/recruiters.md "Questions"): exported for one opening, one column
 * per question it asks; over several, one column with every answer as "label: answer" lines.
 * Both end with the "Does not meet" flags.
 */
export const answerCsvColumns = (
  questions: Parameters<typeof answerColumns>[0] | undefined,
): CsvColumn<PipelineApplicant>[] => [
  ...(questions ? answerColumns(questions) : [allAnswersColumn('Answers')]),
  doesNotMeetColumn('Does not meet'),
];
