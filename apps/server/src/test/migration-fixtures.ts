import { createRepositories } from '../domains';
import type { Db } from '../db/database';

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
