import type { Db } from '../../db/database';
import { changeFoundApplicants } from '../../db/write-transaction';
import { findApplicantByLink } from '../applications/applicant-links';

/**
 * A write by the holder of a status link: `work` runs with the link's applicant under their
 * lock; undefined, and nothing done, when the link opens nothing (unknown, expired, erased).
 */
export const changeByLink = <T>(
  db: Db,
  token: string,
  now: Date,
  work: (trx: Db, applicantId: number) => Promise<T>,
): Promise<T | undefined> =>
  changeFoundApplicants(
    db,
    async (reader) => {
      const applicantId = await findApplicantByLink(reader, token, 'status', now);
      return applicantId === undefined ? [] : [applicantId];
    },
    async (trx, [applicantId]) => (applicantId === undefined ? undefined : work(trx, applicantId)),
  );
