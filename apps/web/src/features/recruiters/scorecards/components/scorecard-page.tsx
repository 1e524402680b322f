import { useState, type FormEvent } from 'react';
import {
  NO_OPINION,
  RATING_LABELS,
  RECOMMENDATION_LABELS,
  recommendations,
  submitRefusal,
  type AttributeRating,
  type Rating,
  type Scorecard,
  type ScorecardInput,
  type ScorecardPage as ScorecardData,
} from '@lumenfield/contract';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@lumenfield/page-kit';
import { scorecardQuery, useSaveScorecard } from '../api';
import { failureText } from '../../common/api/query-client';
import { applicantPath } from '../../common/routes';
import { PageHeading } from '../../common/components/page-heading';
import { DoneNote, ErrorNote, Pending } from '../../common/components/status';
import { When } from '../../common/components/when';
import { ScorecardView } from './scorecard-view';
import { RadioChoices } from '../../common/components/radio-choices';
import './scorecards.css';

const ratingChoices: readonly Exclude<Rating, null>[] = [1, 2, 3, 4, NO_OPINION];

/** One focus attribute: its rating as radio buttons, and notes. */
function AttributeField({
  index,
  value,
  onChange,
}: {
  index: number;
  value: AttributeRating;
  onChange: (next: AttributeRating) => void;
}) {
  const id = `attribute-${index}`;
  return (
    <fieldset className="rc-scorecard__attribute">
      <legend>{value.attribute}</legend>
      <div className="rc-scorecard__scale cluster">
        <RadioChoices
          className="rc-scorecard__choice"
          name={id}
          choices={ratingChoices}
          labelOf={(choice) => RATING_LABELS[choice as keyof typeof RATING_LABELS]}
          value={value.rating}
          onChange={(rating) => onChange({ ...value, rating })}
        />
      </div>
      <div className="rc-field">
        <label htmlFor={`${id}-notes`}>Notes on {value.attribute}</label>
        <textarea
          id={`${id}-notes`}
          rows={2}
          maxLength={1000}
          value={value.notes}
          onChange={(event) => onChange({ ...value, notes: event.target.value })}
        />
      </div>
    </fieldset>
  );
}

/** Your card as a form: kept as a draft until you submit it. */
function ScorecardForm({ interviewId, mine }: { interviewId: number; mine: Scorecard }) {
  const [draft, setDraft] = useState<ScorecardInput>({
    ratings: mine.ratings,
    notes: mine.notes,
    recommendation: mine.recommendation,
  });
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const saving = useSaveScorecard(interviewId);
  const submitted = mine.submittedAt !== null;

  const save = (submit: boolean) => {
    if (saving.isPending) return;
    const refusal = submit || submitted ? submitRefusal(draft) : undefined;
    if (refusal) {
      setError(refusal);
      setDone(null);
      return;
    }
    setError(null);
    saving.mutate(
      { ...draft, submit },
      {
        onSuccess: () =>
          setDone(submit ? 'Submitted.' : submitted ? 'Saved.' : 'Draft saved. Only you see it.'),
        onError: (failure) => setError(failureText(failure, 'The scorecard was not saved.')),
      },
    );
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    save(!submitted);
  };
  const setRating = (index: number, next: AttributeRating) =>
    setDraft((card) => ({
      ...card,
      ratings: card.ratings.map((rating, at) => (at === index ? next : rating)),
    }));

  return (
    <form className="rc-card rc-scorecard__form" onSubmit={onSubmit} noValidate>
      <h2>Your scorecard</h2>
      <p className="rc-muted">
        {submitted
          ? 'Submitted: changes you save are recorded.'
          : 'Kept as a draft until you submit it. The others’ scorecards show once yours is in.'}
      </p>
      {draft.ratings.map((rating, index) => (
        <AttributeField
          key={rating.attribute}
          index={index}
          value={rating}
          onChange={(next) => setRating(index, next)}
        />
      ))}
      <div className="rc-field">
        <label htmlFor="scorecard-notes">Overall notes</label>
        <textarea
          id="scorecard-notes"
          rows={4}
          maxLength={5000}
          value={draft.notes}
          onChange={(event) => setDraft({ ...draft, notes: event.target.value })}
        />
      </div>
      <fieldset className="rc-scorecard__attribute">
        <legend>Overall recommendation</legend>
        <div className="rc-scorecard__scale cluster">
          <RadioChoices
            className="rc-scorecard__choice"
            name="recommendation"
            choices={recommendations}
            labelOf={(choice) => RECOMMENDATION_LABELS[choice]}
            value={draft.recommendation}
            onChange={(recommendation) => setDraft({ ...draft, recommendation })}
          />
        </div>
      </fieldset>
      {error ? <ErrorNote message={error} /> : null}
      <div className="rc-actions">
        <button type="submit" className="button button--primary">
          {submitted ? 'Save changes' : 'Submit scorecard'}
        </button>
        {submitted ? null : (
          <button type="button" className="button button--secondary" onClick={() => save(false)}>
            Save draft
          </button>
        )}
      </div>
      <DoneNote>{done}</DoneNote>
    </form>
  );
}

function Kit({ data }: { data: ScorecardData }) {
  const { kit } = data;
  return (
    <section className="rc-card" aria-labelledby="kit-heading">
      <h2 id="kit-heading">Interview kit</h2>
      <h3>Focus</h3>
      <p>{kit.focusAttributes.length > 0 ? kit.focusAttributes.join(', ') : 'None named.'}</p>
      <h3>Questions</h3>
      {kit.questions.length > 0 ? (
        <ol className="rc-scorecard__questions">
          {kit.questions.map((question) => (
            <li key={question}>{question}</li>
          ))}
        </ol>
      ) : (
        <p className="rc-muted">The plan names no questions.</p>
      )}
    </section>
  );
}

function Others({ data }: { data: ScorecardData }) {
  return (
    <section className="rc-card" aria-labelledby="others-heading">
      <h2 id="others-heading">The other scorecards</h2>
      {data.others === null ? (
        <p className="rc-muted">They show once you have submitted yours.</p>
      ) : data.others.length === 0 ? (
        <p className="rc-muted">None submitted yet.</p>
      ) : (
        data.others.map((card) => <ScorecardView key={card.interviewer.userId} card={card} />)
      )}
    </section>
  );
}

/** An interview's scorecard: the kit, your card as a form, and the others' once visible. */
export default function ScorecardPage({ interviewId }: { interviewId: number }) {
  const query = useQuery(scorecardQuery(interviewId));
  const data = query.data;
  return (
    <>
      <PageHeading title={data ? `Scorecard: ${data.interview.name}` : 'Scorecard'} />
      <Pending query={query} what="the scorecard" />
      {data ? (
        <>
          <p className="rc-crumbs">
            With{' '}
            <Link to={applicantPath(data.interview.applicantId)}>
              {data.interview.applicantName}
            </Link>{' '}
            for {data.interview.jobTitle}
            {data.interview.startsAt ? (
              <>
                , <When iso={data.interview.startsAt} />
              </>
            ) : null}
            {data.interview.status === 'cancelled' ? ' (cancelled)' : ''}
          </p>
          <div className="rc-columns">
            <div className="rc-columns__main">
              {data.mine && data.interview.status !== 'cancelled' ? (
                <ScorecardForm interviewId={interviewId} mine={data.mine} />
              ) : (
                <p className="rc-muted">
                  You are not one of this interview’s interviewers: its submitted scorecards are
                  below.
                </p>
              )}
              <Others data={data} />
            </div>
            <div className="rc-columns__side">
              <Kit data={data} />
            </div>
          </div>
        </>
      ) : null}
    </>
  );
}
