import { useEffect, useState } from 'react';
import { placeChoices, type PlaceChoiceOption, type PublicQuestion } from '@lumenfield/contract';
import { fetchOpening } from '../api/openings';
import type { OpeningNames } from '../job-summary';

export type QuestionsState =
  | { status: 'ready'; questions: PublicQuestion[]; choices: PlaceChoiceOption[] }
  | { status: 'loading' }
  | { status: 'failed' };

/**
 * What the apply form asks besides its own fields: the opening's questions and its choices of
 * place (its places and remote countries: placeChoices). The job page hands them over with the
 * opening; the careers list knows only the opening's names, so they are read from its detail,
 * once, for both.
 */
export function useOpeningQuestions(job: OpeningNames, attempt: number): QuestionsState {
  const { questions, where } = job;
  // The questions decide: an opener that has them has the places too, when there are any.
  const given = questions ? { questions, choices: where ? placeChoices(where) : [] } : undefined;
  const [fetched, setFetched] = useState<QuestionsState>({ status: 'loading' });
  useEffect(() => {
    if (given) return;
    const controller = new AbortController();
    setFetched({ status: 'loading' });
    fetchOpening(job.id, controller.signal).then(
      (opening) =>
        setFetched({
          status: 'ready',
          questions: questions ?? opening.questions,
          choices: placeChoices(where ?? opening),
        }),
      () => {
        if (!controller.signal.aborted) setFetched({ status: 'failed' });
      },
    );
    return () => controller.abort();
    // `given` is derived from the two lists: they are the effect's inputs.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [questions, where, job.id, attempt]);
  return given ? { status: 'ready', ...given } : fetched;
}
