import { answerText, type StoredAnswer } from '@lumenfield/contract';
import './applicant-answers.css';

/*
 * Answers to an opening's own questions in the console (docs/recruiters.md "Questions"): each
 * with the question as it was asked, and the "Does not meet" flags a knock-out answer raises. A
 * flag is for a person to weigh: nothing is rejected by it.
 */

/** "Does not meet: <label>", one per knock-out answer; nothing when there is none. */
export function DoesNotMeetFlags({
  labels,
  possibleDuplicate = false,
}: {
  labels: readonly string[];
  /** Another application looks like the same person's (docs/recruiters.md, "Duplicates"). */
  possibleDuplicate?: boolean;
}) {
  if (labels.length === 0 && !possibleDuplicate) return null;
  return (
    <ul className="cluster rc-flags" aria-label="Flags">
      {possibleDuplicate ? (
        <li className="rc-flag rc-flag--duplicate">Possible duplicate</li>
      ) : null}
      {labels.map((label) => (
        <li key={label} className="rc-flag">
          Does not meet: {label}
        </li>
      ))}
    </ul>
  );
}

/** The applicant's answers, the label as asked: the answer (or "—" when left empty). */
export function ApplicantAnswers({
  answers,
  doesNotMeet,
}: {
  answers: readonly StoredAnswer[];
  doesNotMeet: readonly string[];
}) {
  if (answers.length === 0) return null;
  return (
    <section className="rc-card" aria-labelledby="answers-heading">
      <h2 id="answers-heading">Answers</h2>
      <DoesNotMeetFlags labels={doesNotMeet} />
      <dl className="rc-facts rc-answers">
        {answers.map((answer) => {
          const text = answerText(answer.value);
          return (
            <div key={answer.key}>
              <dt>{answer.label}</dt>
              <dd>
                {text === '' ? '—' : text}
                {answer.doesNotMeet ? (
                  <span className="rc-flag rc-flag--inline">Does not meet</span>
                ) : null}
              </dd>
            </div>
          );
        })}
      </dl>
    </section>
  );
}
