import {
  NO_OPINION,
  RATING_LABELS,
  RECOMMENDATION_LABELS,
  recommendations,
  type ApplicantScorecards,
} from '@lumenfield/contract';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@lumenfield/page-kit';
import { applicantScorecardsQuery } from '../api';
import { Pending } from '../../common/components/status';
import { When } from '../../common/components/when';
import { scorecardPath } from '../../common/routes';
import { ScorecardView } from './scorecard-view';
import './scorecards.css';

/** The recommendations and each attribute's ratings over every scorecard shown, as counts. */
function Summary({ data }: { data: ApplicantScorecards }) {
  const total = recommendations.reduce((sum, choice) => sum + data.recommendations[choice], 0);
  if (total === 0) return <p className="rc-muted">No scorecards submitted yet.</p>;
  return (
    <>
      <p className="rc-scorecard__tally">
        {recommendations
          .filter((choice) => data.recommendations[choice] > 0)
          .map((choice) => `${RECOMMENDATION_LABELS[choice]}: ${data.recommendations[choice]}`)
          .join(' · ')}
      </p>
      <table className="rc-table rc-scorecard__summary">
        <caption className="visually-hidden">Ratings per focus attribute</caption>
        <thead>
          <tr>
            <th scope="col">Attribute</th>
            {(['1', '2', '3', '4'] as const).map((rating) => (
              <th key={rating} scope="col" className="rc-num">
                {rating}
              </th>
            ))}
            <th scope="col" className="rc-num">
              No opinion
            </th>
          </tr>
        </thead>
        <tbody>
          {data.attributes.map(({ attribute, counts }) => (
            <tr key={attribute}>
              <th scope="row">{attribute}</th>
              {([1, 2, 3, 4] as const).map((rating) => (
                <td key={rating} className="rc-num" data-label={RATING_LABELS[rating]}>
                  {counts[rating]}
                </td>
              ))}
              <td className="rc-num" data-label={RATING_LABELS[NO_OPINION]}>
                {counts[NO_OPINION]}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}

/**
 * The applicant's interviews and their scorecards, summed up: what an interviewer has not
 * submitted yet is hidden from them (the server's rule), and said so.
 */
export function ApplicantScorecardsPanel({ applicantId }: { applicantId: number }) {
  const query = useQuery(applicantScorecardsQuery(applicantId));
  const data = query.data;
  if (data && data.interviews.length === 0) return null;
  return (
    <section className="rc-card" aria-labelledby="scorecards-heading">
      <h2 id="scorecards-heading">Scorecards</h2>
      <Pending query={query} what="the scorecards" />
      {data ? (
        <>
          <Summary data={data} />
          {data.interviews.map((interview) => (
            <details key={interview.interviewId} className="rc-scorecard__interview">
              <summary>
                {interview.name}
                {interview.startsAt ? (
                  <>
                    , <When iso={interview.startsAt} />
                  </>
                ) : null}
                {interview.status === 'cancelled' ? ' (cancelled)' : ''}:{' '}
                {interview.interviewers.filter((person) => person.submitted).length} of{' '}
                {interview.interviewers.length} in
              </summary>
              <p>
                <Link to={scorecardPath(interview.interviewId)}>Open the scorecard</Link>
              </p>
              {interview.scorecards === null ? (
                <p className="rc-muted">The scorecards show once you have submitted yours.</p>
              ) : (
                interview.scorecards.map((card) => (
                  <ScorecardView key={card.interviewer.userId} card={card} level={4} />
                ))
              )}
            </details>
          ))}
        </>
      ) : null}
    </section>
  );
}
