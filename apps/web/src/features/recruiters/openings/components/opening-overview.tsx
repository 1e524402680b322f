import type { RecruiterOpening } from '@lumenfield/contract';
import { Link } from '@lumenfield/page-kit';
import { StateBadge } from '../../common/components/badges';
import { When } from '../../common/components/when';
import { applicantsOfOpening, boardPath } from '../../common/routes';

/** An opening read only: what a hiring manager sees of an opening whose team names them. */
export function OpeningOverview({ job }: { job: RecruiterOpening }) {
  return (
    <section className="rc-card" aria-labelledby="opening-facts-heading">
      <h2 id="opening-facts-heading">The opening</h2>
      <dl className="rc-facts">
        <div>
          <dt>Code</dt>
          <dd>{job.code}</dd>
        </div>
        <div>
          <dt>Title</dt>
          <dd>{job.title}</dd>
        </div>
        <div>
          <dt>Location</dt>
          <dd>{job.location}</dd>
        </div>
        <div>
          <dt>State</dt>
          <dd>
            <StateBadge state={job.state} />
          </dd>
        </div>
        <div>
          <dt>Effective from</dt>
          <dd>
            <When iso={job.effectiveFrom} />
          </dd>
        </div>
        <div>
          <dt>Applicants</dt>
          <dd>
            <Link to={applicantsOfOpening(job.id)}>
              {job.applicants} ({job.newApplicants} new)
            </Link>
          </dd>
        </div>
      </dl>
      <p>
        <Link to={boardPath(job.id)}>The board of this opening</Link>
      </p>
    </section>
  );
}
