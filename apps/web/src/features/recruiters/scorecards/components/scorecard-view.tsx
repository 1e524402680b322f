import {
  RATING_LABELS,
  RECOMMENDATION_LABELS,
  type Rating,
  type Scorecard,
} from '@lumenfield/contract';
import { When } from '../../common/components/when';

export const ratingText = (rating: Rating) =>
  rating === null ? 'Not rated' : RATING_LABELS[rating as keyof typeof RATING_LABELS];

/** A submitted scorecard, read only: who, the recommendation, each attribute, the notes. */
export function ScorecardView({ card, level = 3 }: { card: Scorecard; level?: 3 | 4 }) {
  const Heading = level === 3 ? 'h3' : 'h4';
  return (
    <article className="rc-scorecard">
      <Heading className="rc-scorecard__who">
        {card.interviewer.name}:{' '}
        {card.recommendation ? RECOMMENDATION_LABELS[card.recommendation] : 'No recommendation'}
      </Heading>
      {card.submittedAt ? (
        <p className="rc-muted">
          Submitted <When iso={card.submittedAt} />
        </p>
      ) : null}
      <dl className="rc-scorecard__ratings">
        {card.ratings.map((rating) => (
          <div key={rating.attribute}>
            <dt>{rating.attribute}</dt>
            <dd>
              {ratingText(rating.rating)}
              {rating.notes ? <span className="rc-scorecard__note">{rating.notes}</span> : null}
            </dd>
          </div>
        ))}
      </dl>
      {card.notes ? <p className="rc-scorecard__notes">{card.notes}</p> : null}
    </article>
  );
}
