import { consolePagePaths, FEEDBACK_DUE_HOURS, type FeedbackDue } from '@lumenfield/contract';
import type { Db } from '../../db/database';
import { toIso } from '../../db/database';
import { changeApplicants } from '../../db/write-transaction';
import { enqueueMail } from '../mail/mail-repository';
import { feedbackReminder } from '../mail/mail-templates';
import { notify } from '../notifications/notify';

const HOUR_MS = 60 * 60_000;

/**
 * Feedback due (docs/recruiters.md, "Scorecards"): the scheduled interviews that ended without an
 * interviewer's submitted scorecard, and the reminder mailed once one is overdue.
 */
export function feedbackDueRepository(db: Db) {
  return {
    /**
     * The scheduled interviews that have ended without the interviewer's submitted card: one
     * person's (`userId`), or everyone's (undefined), the longest waiting first.
     */
    async feedbackDue(userId: number | undefined, now: Date): Promise<FeedbackDue> {
      const rows = await db
        .selectFrom('interviews')
        .innerJoin('interviewInterviewers as ii', 'ii.interviewId', 'interviews.id')
        .innerJoin('users', 'users.id', 'ii.userId')
        .innerJoin('planInterviews', 'planInterviews.id', 'interviews.planInterviewId')
        .innerJoin('applicants', 'applicants.id', 'interviews.applicantId')
        .innerJoin('jobs', 'jobs.id', 'applicants.jobId')
        .leftJoin('scorecards', (join) =>
          join
            .onRef('scorecards.interviewId', '=', 'interviews.id')
            .onRef('scorecards.userId', '=', 'ii.userId'),
        )
        .select([
          'interviews.id',
          'interviews.applicantId',
          'interviews.startsAt',
          'interviews.durationMinutes',
          'planInterviews.name',
          'applicants.firstName',
          'applicants.lastName',
          'jobs.title as jobTitle',
          'users.id as userId',
          'users.name as userName',
          'scorecards.updatedAt as draftedAt',
        ])
        .where('interviews.status', '=', 'scheduled')
        // Started by now; whether it has ended is judged below, with its duration.
        .where('interviews.startsAt', '<=', now.toISOString())
        .where('scorecards.submittedAt', 'is', null)
        .$if(userId !== undefined, (q) => q.where('ii.userId', '=', userId!))
        .orderBy('interviews.startsAt')
        .orderBy('interviews.id')
        .orderBy('users.name')
        .execute();
      const items = rows.flatMap((row) => {
        const starts = new Date(toIso(row.startsAt!));
        const ends = new Date(starts.getTime() + row.durationMinutes * 60_000);
        if (ends > now) return [];
        return [
          {
            interviewId: row.id,
            name: row.name,
            applicantId: row.applicantId,
            applicantName: `${row.firstName} ${row.lastName}`,
            jobTitle: row.jobTitle,
            interviewer: { userId: row.userId, name: row.userName },
            startsAt: starts.toISOString(),
            endsAt: ends.toISOString(),
            overdue: now.getTime() - ends.getTime() >= FEEDBACK_DUE_HOURS * HOUR_MS,
            drafted: row.draftedAt !== null,
          },
        ];
      });
      return { items };
    },

    /**
     * Mails each interviewer whose scorecard is overdue (FEEDBACK_DUE_HOURS after the interview
     * ended) a reminder, once per interview: the interview is claimed in the transaction that
     * queues its mails (`feedback_reminded_at`), so two nodes never both remind. Answers how many
     * mails were queued.
     */
    async remindOverdue(now: Date, origin: string): Promise<number> {
      const due = (await this.feedbackDue(undefined, now)).items.filter((item) => item.overdue);
      const byInterview = new Map<number, typeof due>();
      for (const item of due) {
        byInterview.set(item.interviewId, [...(byInterview.get(item.interviewId) ?? []), item]);
      }
      let queued = 0;
      for (const [interviewId, items] of byInterview) {
        const { applicantId } = items[0]!;
        queued += await changeApplicants(db, [applicantId], async (trx) => {
          const claimed = await trx
            .updateTable('interviews')
            .set({ feedbackRemindedAt: now.toISOString() })
            .where('id', '=', interviewId)
            .where('feedbackRemindedAt', 'is', null)
            .executeTakeFirst();
          if (Number(claimed.numUpdatedRows) === 0) return 0;
          const addresses = await trx
            .selectFrom('users')
            .select(['id', 'email'])
            .where(
              'id',
              'in',
              items.map((item) => item.interviewer.userId),
            )
            .where('isActive', '=', 1)
            .execute();
          const mails = addresses.map((person) => {
            const item = items.find((one) => one.interviewer.userId === person.id)!;
            return feedbackReminder({
              to: person.email,
              interviewName: item.name,
              applicantName: item.applicantName,
              jobTitle: item.jobTitle,
              startsAt: new Date(item.startsAt),
              scorecardLink: `${origin}${consolePagePaths.scorecard.replace(':id', String(interviewId))}`,
            });
          });
          await enqueueMail(trx, mails, applicantId, now);
          // And in their console's notifications, in the same transaction as the reminder.
          const { name, applicantName, jobTitle } = items[0]!;
          await notify(
            trx,
            addresses.map((person) => person.id),
            {
              kind: 'feedback-due',
              applicantId,
              detail: `Your scorecard for ${name} with ${applicantName} (${jobTitle}) is overdue`,
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
