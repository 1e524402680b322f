import { useEffect, useState } from 'react';
import type { PublicQuestion } from '@lumenfield/contract';
import { fetchOpening } from '../legacy/jobs-api';
import type { OpeningNames } from '../job-summary';

export type QuestionsState =
  { status: 'ready'; questions: PublicQuestion[] } | { status: 'loading' } | { status: 'failed' };

/**
 * The opening's questions for the apply form: the job page hands them over with the opening; the
 * careers list knows only the opening's names, so they are read from its detail.
 */
export function useOpeningQuestions(job: OpeningNames, attempt: number): QuestionsState {
  const given = job.questions;
  const [fetched, setFetched] = useState<QuestionsState>({ status: 'loading' });
  useEffect(() => {
    if (given) return;
    const controller = new AbortController();
    setFetched({ status: 'loading' });
    fetchOpening(job.id, controller.signal).then(
      (opening) => setFetched({ status: 'ready', questions: opening.questions }),
      () => {
        if (!controller.signal.aborted) setFetched({ status: 'failed' });
      },
    );
    return () => controller.abort();
  }, [given, job.id, attempt]);
  return given ? { status: 'ready', questions: given } : fetched;
}
