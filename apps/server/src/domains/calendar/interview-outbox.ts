import { counted } from '@lumenfield/contract';
import type { ExpressionBuilder } from 'kysely';
import type { Database, Db } from '../../db/database';
import { changeApplicants } from '../../db/write-transaction';
import { auditRepository } from '../audit/audit-repository';
import { enqueueMail } from '../mail/mail-repository';
import { readInterviews, readPeople } from './interview-reads';
import {
  invitationMails,
  reminderMails,
  withdrawalMails,
  type MailSetting,
} from './interview-mails';

/** Interviews looked at per run of each kind; the rest wait for the next run. */
const BATCH = 100;
/** Reminders go this long before an interview starts. */
export const REMINDER_BEFORE_MS = 24 * 3_600_000;

/**
 * The interviews' outbox (docs/recruiters.md, "Calendar invitations", "Reminders"): the
 * scheduling code only raises an interview's `sequence`; this finds the changes whose calendar
 * mail has not gone (`mailed_sequence` behind) and the reminders due, and queues their mail.
 * Each interview is claimed by a conditional UPDATE in the transaction that queues its mail and
 * writes its audit row, under the applicant's lock: two nodes (or runs) that read the same row
 * never both mail one change, and a change made meanwhile is left for the next run.
 */
export function interviewOutbox(db: Db, setting: MailSetting) {
  return {
    /** Queues the invitations, updates and cancellations due; answers how many mails. */
    async sendInvitations(now: Date): Promise<number> {
      const due = await db
        .selectFrom('interviews')
        .select(['id', 'applicantId'])
        .where('status', 'in', ['scheduled', 'cancelled'])
        .where('startsAt', 'is not', null)
        .where((eb) =>
          eb.or([eb('mailedSequence', 'is', null), eb('mailedSequence', '<', eb.ref('sequence'))]),
        )
        .orderBy('id')
        .limit(BATCH)
        .execute();
      let queued = 0;
      for (const { id, applicantId } of due) {
        queued += await changeApplicants(db, [applicantId], async (trx) => {
          const [interview] = await readInterviews(trx, (q) => q.where('interviews.id', '=', id));
          if (!interview) return 0;
          const { sequence, mailedSequence } = interview;
          const current = interview.interviewers.map((person) => person.id);
          const claimed = await trx
            .updateTable('interviews')
            .set({ mailedSequence: sequence, mailedInterviewerIds: JSON.stringify(current) })
            .where('id', '=', id)
            .where('sequence', '=', sequence)
            .where((eb) =>
              eb.or([eb('mailedSequence', 'is', null), eb('mailedSequence', '<', sequence)]),
            )
            .executeTakeFirst();
          if (Number(claimed.numUpdatedRows) !== 1) return 0;
          // Cancelled before its invitation went: nobody has it in a calendar.
          if (interview.status === 'cancelled' && mailedSequence === null) return 0;
          // Interviewers taken off since the last mail: their calendars drop it.
          const removed = await readPeople(
            trx,
            mailedSequence === null
              ? []
              : interview.mailedInterviewerIds.filter((userId) => !current.includes(userId)),
          );
          const mails = [
            ...invitationMails(
              interview,
              {
                candidate: mailedSequence !== null,
                interviewerIds: mailedSequence === null ? [] : interview.mailedInterviewerIds,
              },
              setting,
            ),
            ...withdrawalMails(interview, removed, setting),
          ];
          await enqueueMail(trx, mails, applicantId, now);
          await auditRepository(trx).record(
            {
              actor: { label: 'calendar' },
              action:
                interview.status === 'cancelled'
                  ? 'interview-cancellation'
                  : 'interview-invitation',
              target: `applicant ${applicantId}`,
              detail: `interview ${id}, sequence ${sequence}: ${counted(mails.length, ['mail', 'mails'])} queued`,
            },
            now,
          );
          return mails.length;
        });
      }
      return queued;
    },

    /**
     * Queues the reminders of the scheduled interviews that start within REMINDER_BEFORE_MS
     * and have had none for their current start. An interview whose last change came within
     * that day is claimed without a mail: the invitation of that change is its reminder.
     */
    async sendReminders(now: Date): Promise<number> {
      const from = now.toISOString();
      const until = new Date(now.getTime() + REMINDER_BEFORE_MS).toISOString();
      const notRemindedOfThisStart = (eb: ExpressionBuilder<Database, 'interviews'>) =>
        eb.or([
          eb('interviews.remindedStartsAt', 'is', null),
          eb('interviews.remindedStartsAt', '<>', eb.ref('interviews.startsAt')),
        ]);
      const due = await db
        .selectFrom('interviews')
        .select(['id', 'applicantId'])
        .where('status', '=', 'scheduled')
        .where('startsAt', '>', from)
        .where('startsAt', '<=', until)
        .where(notRemindedOfThisStart)
        .orderBy('startsAt')
        .limit(BATCH)
        .execute();
      let queued = 0;
      for (const { id, applicantId } of due) {
        queued += await changeApplicants(db, [applicantId], async (trx) => {
          const claimed = await trx
            .updateTable('interviews')
            .set((eb) => ({
              remindedAt: from,
              // The start itself, copied as stored: compared with it as stored later on.
              remindedStartsAt: eb.ref('interviews.startsAt').$castTo<string | null>(),
            }))
            .where('id', '=', id)
            .where('status', '=', 'scheduled')
            .where('startsAt', '>', from)
            .where('startsAt', '<=', until)
            .where(notRemindedOfThisStart)
            .executeTakeFirst();
          if (Number(claimed.numUpdatedRows) !== 1) return 0;
          const [interview] = await readInterviews(trx, (q) => q.where('interviews.id', '=', id));
          if (!interview) return 0;
          const dayBefore = interview.startsAt.getTime() - REMINDER_BEFORE_MS;
          if (interview.updatedAt.getTime() > dayBefore) return 0;
          const mails = reminderMails(interview, setting);
          await enqueueMail(trx, mails, applicantId, now);
          await auditRepository(trx).record(
            {
              actor: { label: 'calendar' },
              action: 'interview-reminder',
              target: `applicant ${applicantId}`,
              detail: `interview ${id}: ${counted(mails.length, ['mail', 'mails'])} queued`,
            },
            now,
          );
          return mails.length;
        });
      }
      return queued;
    },
  };
}

export type InterviewOutbox = ReturnType<typeof interviewOutbox>;
