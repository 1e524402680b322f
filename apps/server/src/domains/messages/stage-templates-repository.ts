import {
  AUTOMATIC_MAIL_STAGES,
  type ApplicantStage,
  type StageTemplate,
} from '@lumenfield/contract';
import type { Db } from '../../db/database';
import { writeTransaction } from '../../db/write-transaction';
import { HttpProblem } from '../../lib/http-problem';
import { auditRepository } from '../audit/audit-repository';

/** A stage's automatic message as a move queues it: the template's words, placeholders unfilled. */
export interface StageMessage {
  templateId: number;
  subject: string;
  body: string;
}

/**
 * The template a move of one of `jobId`'s applicants into `stage` sends, read inside the move's
 * transaction; undefined when the stage sends none.
 */
export async function stageMessageFor(
  trx: Db,
  jobId: number,
  stage: ApplicantStage,
): Promise<StageMessage | undefined> {
  return trx
    .selectFrom('stageTemplates')
    .innerJoin('messageTemplates', 'messageTemplates.id', 'stageTemplates.templateId')
    .select([
      'messageTemplates.id as templateId',
      'messageTemplates.subject',
      'messageTemplates.body',
    ])
    .where('stageTemplates.jobId', '=', jobId)
    .where('stageTemplates.stage', '=', stage)
    .executeTakeFirst();
}

/**
 * Openings' automatic messages on a stage move (docs/recruiters.md): the only code that writes
 * their table. A template deleted takes its stages' rows with it (the foreign key cascades).
 */
export function stageTemplatesRepository(db: Db) {
  return {
    /** The opening's templates per stage, in the stage model's order; undefined: no opening. */
    async list(jobId: number): Promise<StageTemplate[] | undefined> {
      const job = await db
        .selectFrom('jobs')
        .select('id')
        .where('id', '=', jobId)
        .executeTakeFirst();
      if (!job) return undefined;
      const rows = await db
        .selectFrom('stageTemplates')
        .select(['stage', 'templateId'])
        .where('jobId', '=', jobId)
        .execute();
      const order = (stage: string) => (AUTOMATIC_MAIL_STAGES as readonly string[]).indexOf(stage);
      return (rows as StageTemplate[]).sort((a, b) => order(a.stage) - order(b.stage));
    },

    /**
     * Replaces the opening's templates per stage, audited in the same transaction (stages and
     * template ids only). 404 without the opening; 400 naming a template that is not there.
     */
    replace: (jobId: number, entries: readonly StageTemplate[], userId: number, now: Date) =>
      writeTransaction(db, async (trx) => {
        const job = await trx
          .selectFrom('jobs')
          .select('id')
          .where('id', '=', jobId)
          .executeTakeFirst();
        if (!job) throw new HttpProblem(404, `There is no opening with id ${jobId}.`);
        const ids = [...new Set(entries.map((entry) => entry.templateId))];
        const found =
          ids.length === 0
            ? []
            : await trx
                .selectFrom('messageTemplates')
                .select('id')
                .where('id', 'in', ids)
                .execute();
        if (found.length !== ids.length) {
          const message = 'A template chosen is no longer there: choose another.';
          throw new HttpProblem(400, message, [{ field: 'stageTemplates', message }]);
        }
        await trx.deleteFrom('stageTemplates').where('jobId', '=', jobId).execute();
        if (entries.length > 0) {
          await trx
            .insertInto('stageTemplates')
            .values(
              entries.map((entry) => ({ jobId, stage: entry.stage, templateId: entry.templateId })),
            )
            .execute();
        }
        await auditRepository(trx).record(
          {
            actor: { userId },
            action: 'opening-stage-templates',
            target: `opening ${jobId}`,
            detail:
              entries.length === 0
                ? 'none'
                : entries.map((entry) => `${entry.stage}: template ${entry.templateId}`).join(', '),
          },
          now,
        );
      }),
  };
}
