import { createRepositories } from '../domains';
import { toApplicantRow } from '../domains/applications/applicant-row';
import type { Db } from '../db/database';
import { newApplication } from './applicants';

/**
 * An open opening made through the repository on a database migrated only part of the way, for
 * a migration's test to store rows under before the migration runs.
 */
export function openingBeforeMigration(db: Db, code: string): Promise<number> {
  return createRepositories(db).jobs.create({
    code,
    title: 'Backfill',
    location: 'Pune, Maharashtra, India',
    descriptionHtml: '<p>x</p>',
    effectiveFrom: '2026-01-01T00:00:00.000Z',
    recruitmentManagers: 'A',
    contactPersons: 'A',
    contactEmails: 'a@example.com',
    isOpen: true,
  });
}

/**
 * An applicant stored as applying stored them on a database migrated up to 0037 or later (the
 * applicants' columns since), with the stored stage `currentStage`: for a migration's test.
 */
export async function applicantBeforeMigration(
  db: Db,
  jobId: number,
  { name, n, appliedAt, currentStage, sourceName }: ApplicantBefore,
): Promise<number> {
  const { fields } = newApplication(jobId, { lastName: name, email: `${name}@example.com` }, n);
  const row = toApplicantRow(jobId, fields, new Date(appliedAt));
  return (
    await db
      .insertInto('applicants')
      .values({ ...row, ...(sourceName === undefined ? {} : { sourceName }), currentStage })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
}

interface ApplicantBefore {
  /** Their last name, and the name of their address at example.com. */
  name: string;
  /** Draws their other fields (newApplication). */
  n: number;
  appliedAt: string;
  currentStage: string;
  sourceName?: string | null;
}
