import type { FastifyBaseLogger } from 'fastify';
import { APPLIED_SUCCESSFULLY, type ApplicationAccepted } from '@lumenfield/contract';
import type { Config } from '../../config';

/**
 * What answering needs. The self-identification repository is named by its shape: the
 * applications domain may not import that domain (the layer rules).
 */
interface AnswerContext {
  repos: { selfId: { issue(applicantId: number, jobId: number, now: Date): Promise<string> } };
  config: Pick<Config, 'selfId'>;
  now: Date;
  log: FastifyBaseLogger;
}

/**
 * The answer to an accepted application, the same from both apply routes (docs/api.md): 201
 * with the applicant's id, 200 for a repeat (a double click, a retry after a lost answer) with
 * the same one; with SELF_ID=us, the voluntary self-identification form's one-time token too.
 * In the house's names: the old client's route renames it (toApplicationCreated).
 */
export async function acceptedAnswer(
  stored: { applicantId: number; duplicate: boolean },
  jobId: number,
  { repos, config, now, log }: AnswerContext,
): Promise<{ status: 200 | 201; body: ApplicationAccepted }> {
  const selfIdToken =
    config.selfId === 'us'
      ? await repos.selfId.issue(stored.applicantId, jobId, now).catch((error: unknown) => {
          // The application is stored: it is answered as such, without the optional form.
          log.warn({ err: error }, 'self-identification token not issued');
          return undefined;
        })
      : undefined;
  return {
    status: stored.duplicate ? 200 : 201,
    body: {
      applicantId: stored.applicantId,
      message: APPLIED_SUCCESSFULLY,
      ...(selfIdToken !== undefined && { selfIdToken }),
    },
  };
}
