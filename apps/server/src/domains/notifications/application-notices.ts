import type { ApplicationNotices } from '@lumenfield/contract';
import type { Db } from '../../db/database';
import { notify } from './notify';

/**
 * New-application notices (docs/recruiters.md, "New-application notices"), inside the
 * application's transaction: a contact address that is an active console person's who chose
 * `daily` gets a 'new-application' notification (their daily digest's line, and their console
 * list's); every other address (not a console person's, or `instant`) is answered, to be mailed
 * at once as before.
 */
export async function noticeApplication(
  trx: Db,
  application: {
    applicantId: number;
    firstName: string;
    lastName: string;
    job: { title: string; contactEmails: readonly string[] };
  },
  now: Date,
): Promise<string[]> {
  const addresses = application.job.contactEmails;
  const daily = await trx
    .selectFrom('users')
    .select(['id', 'email'])
    .where(
      'email',
      'in',
      addresses.map((address) => address.trim().toLowerCase()),
    )
    .where('isActive', '=', 1)
    .where('applicationNotices', '=', 'daily')
    .execute();
  if (daily.length === 0) return [...addresses];
  await notify(
    trx,
    daily.map((person) => person.id),
    {
      kind: 'new-application',
      applicantId: application.applicantId,
      detail: `New application from ${application.firstName} ${application.lastName} (${application.job.title})`,
    },
    now,
  );
  const digested = new Set(daily.map((person) => person.email));
  return addresses.filter((address) => !digested.has(address.trim().toLowerCase()));
}

/** How a person hears of new applications to openings naming their address. */
export function applicationNoticesRepository(db: Db) {
  return {
    async of(userId: number): Promise<ApplicationNotices> {
      const row = await db
        .selectFrom('users')
        .select('applicationNotices')
        .where('id', '=', userId)
        .executeTakeFirstOrThrow();
      return row.applicationNotices === 'daily' ? 'daily' : 'instant';
    },
    async set(userId: number, notices: ApplicationNotices): Promise<void> {
      await db
        .updateTable('users')
        .set({ applicationNotices: notices })
        .where('id', '=', userId)
        .execute();
    },
  };
}
