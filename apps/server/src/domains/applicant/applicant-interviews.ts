import { findApplicantByLink, extendStatusLinks } from '../applications/applicant-links';
import { auditRepository } from '../audit/audit-repository';
import {
  bookableInterview,
  bookInterview,
  cancelByCandidate,
  type CandidateChange,
} from '../interviews/candidate-interviews';
import { SlotTaken } from '../interviews/slots';
import type { Db } from '../../db/database';
import { changeByLink } from './by-link';

/**
 * The applicant's interviews from their own page (docs/careers.md, "Booking an interview"):
 * booking one of the times offered, moving it, cancelling it. Each write holds the applicant's
 * lock, is audited as `applicant` and moves the status links' expiry on, as the page's others.
 */
export function applicantInterviews(db: Db) {
  return {
    /** An interview of the link's applicant open to booking, with its free times. */
    async bookable(token: string, interviewId: number, now: Date) {
      const applicantId = await findApplicantByLink(db, token, 'status', now);
      if (applicantId === undefined) return undefined;
      return bookableInterview(db, applicantId, interviewId, now);
    },

    /**
     * Books one of an interview's offered times (or moves the booking), audited; the calendar
     * invitation follows. `{ taken: true }`: someone else booked it a moment ago, nothing done.
     */
    async book(
      token: string,
      interviewId: number,
      start: Date,
      zone: string,
      now: Date,
    ): Promise<CandidateChange | { taken: true } | undefined> {
      try {
        return await changeByLink(db, token, now, async (trx, applicantId) => {
          const outcome = await bookInterview(trx, applicantId, interviewId, start, zone, now);
          if ('done' in outcome) {
            await auditRepository(trx).record(
              {
                actor: { label: 'applicant' },
                action: 'applicant-interview-book',
                target: `applicant ${applicantId}`,
                detail: `interview ${interviewId}`,
              },
              now,
            );
            await extendStatusLinks(trx, applicantId, now);
          }
          return outcome;
        });
      } catch (error) {
        if (error instanceof SlotTaken) return { taken: true };
        throw error;
      }
    },

    /** Cancels an interview the applicant booked, audited; the calendar cancellation follows. */
    cancelInterview: (token: string, interviewId: number, now: Date) =>
      changeByLink(db, token, now, async (trx, applicantId) => {
        const outcome = await cancelByCandidate(trx, applicantId, interviewId, now);
        if ('done' in outcome) {
          await auditRepository(trx).record(
            {
              actor: { label: 'applicant' },
              action: 'applicant-interview-cancel',
              target: `applicant ${applicantId}`,
              detail: `interview ${interviewId}`,
            },
            now,
          );
          await extendStatusLinks(trx, applicantId, now);
        }
        return outcome;
      }),
  };
}
