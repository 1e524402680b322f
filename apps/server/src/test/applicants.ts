import crypto from 'node:crypto';
import type { ApplicationFields } from '../domains/applications/applicant-row';
import type {
  ApplicationMailContext,
  NewApplication,
} from '../domains/applications/applicants-repository';
import { toIso, type Db } from '../db/database';
import { emailKey } from '../lib/contact-keys';
import { applicantSearchText } from '../lib/search-text';
import { reportAggregates } from '../domains/applications/report-aggregates';
import { pdfFile } from './files';
import { INDIA, KARNATAKA } from './legacy/application';

/**
 * An application as the repository stores it, for tests that need applicants but not the apply
 * routes (those are tested on their own): no form rules, so a field may hold what old rows hold.
 * Ana Cruz of Pune with a PDF resume of `resumeSize` bytes (tests that store several give each
 * its own size: the same resume is a duplicate); `fields` are the ones the test is about.
 * No mail unless the test adds `mail` (confirmationOnly), no arrival unless it adds `arrival`.
 */
export function newApplication(
  jobId: number,
  fields: Partial<ApplicationFields> = {},
  resumeSize?: number,
): NewApplication {
  return {
    jobId,
    fields: {
      firstName: 'Ana',
      lastName: 'Cruz',
      mobileNumber: '5550101234',
      city: 'Pune',
      email: 'ana.cruz@example.com',
      experience: null,
      countryId: INDIA,
      stateId: KARNATAKA,
      referredBy: null,
      ...fields,
    },
    resume: {
      originalName: 'cv.pdf',
      kind: 'pdf',
      mimeType: 'application/pdf',
      content: pdfFile(resumeSize),
    },
  };
}

/** The applicant's confirmation mail only: the opening names no contact person to notify. */
export function confirmationOnly(jobId: number): ApplicationMailContext {
  return {
    job: { id: jobId, code: 'C', title: 'T', location: 'L', contactEmails: [] },
    origin: 'http://127.0.0.1:3000',
    retentionDays: 365,
    capPerAddress: 10,
  };
}

/** What a copy of an applicant changes: its person fields, its opening, when it applied. */
export interface ApplicantCopy {
  firstName?: string;
  lastName?: string;
  email: string;
  jobId?: number;
  appliedOn: Date;
}

/**
 * Copies of a stored applicant and its resume row, straight into the tables (SQL, not the API),
 * one per `copies` entry, each with its own e-mail key and search text: the bulk seed of tests
 * and benches that need thousands of applicants. Answers the copies' ids, in order.
 */
export async function copyApplicant(
  db: Db,
  applicantId: number,
  copies: readonly ApplicantCopy[],
): Promise<number[]> {
  const { id: _id, ...template } = await db
    .selectFrom('applicants')
    .selectAll()
    .where('id', '=', applicantId)
    .executeTakeFirstOrThrow();
  const resume = await db
    .selectFrom('attachments')
    .selectAll()
    .where('applicantId', '=', applicantId)
    .executeTakeFirstOrThrow();
  const made: number[] = [];
  for (let start = 0; start < copies.length; start += COPY_CHUNK) {
    const rows = copies.slice(start, start + COPY_CHUNK).map(({ appliedOn, ...copy }) => {
      const person = { ...template, ...copy };
      return {
        ...person,
        emailKey: emailKey(person.email),
        searchText: applicantSearchText(person),
        appliedOn: appliedOn.toISOString(),
      };
    });
    const ids = await db.insertInto('applicants').values(rows).returning('id').execute();
    await db
      .insertInto('attachments')
      .values(
        ids.map(({ id }) => ({
          ...resume,
          id: crypto.randomUUID(),
          applicantId: id,
          createdAt: toIso(resume.createdAt),
        })),
      )
      .execute();
    await reportAggregates.added(
      db,
      ids.map(({ id }) => id),
    );
    made.push(...ids.map(({ id }) => id));
  }
  return made;
}

/** Rows a statement inserts: well under SQLite's bound on a statement's parameters. */
const COPY_CHUNK = 200;
