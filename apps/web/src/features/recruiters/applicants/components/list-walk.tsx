import type { ApplicantsQuery } from '@lumenfield/contract';
import { Link } from '@/lib/router';
import { applicantsApi } from '../api';
import { applicantInList } from '../applicant-sort';
import { useResource } from '@/lib/use-resource';

/**
 * Previous and next applicant in the list the recruiter came from (its filters and sort ride in
 * this page's URL; without them, every applicant newest first), and where this one stands in it.
 */
export function ListWalk({ applicantId, query }: { applicantId: number; query: ApplicantsQuery }) {
  const [around] = useResource(`neighbours-${applicantId}-${JSON.stringify(query)}`, (signal) =>
    applicantsApi.neighbours(applicantId, query, signal),
  );
  if (around.status !== 'ready' || around.data.position === 0) return null;
  const { previous, next, position, total } = around.data;
  return (
    <nav className="rc-walk" aria-label="Applicants in this list">
      {previous === null ? (
        <span className="rc-walk__end">First in the list</span>
      ) : (
        <Link rel="prev" to={applicantInList(previous, query)}>
          ← Previous<span className="rc-walk__word"> applicant</span>
        </Link>
      )}
      <span className="rc-walk__place">
        {position} of {total}
      </span>
      {next === null ? (
        <span className="rc-walk__end">Last in the list</span>
      ) : (
        <Link rel="next" to={applicantInList(next, query)}>
          Next<span className="rc-walk__word"> applicant</span> →
        </Link>
      )}
    </nav>
  );
}
