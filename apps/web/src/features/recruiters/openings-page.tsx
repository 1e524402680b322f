import { consolePagePaths } from '@lumenfield/contract';
import { Link } from '@/lib/router';
import { consoleApi } from './api';
import { applicantsOfOpening, openingPath } from './routes';
import { ErrorNote, Loading, PageHeading, StateBadge, When } from './ui';
import { useResource } from '@/lib/use-resource';

/** Every opening with its state, effective date and applicants. */
export default function OpeningsPage() {
  const [jobs, reload] = useResource('jobs', (signal) => consoleApi.jobs(signal), {
    keepWhileReloading: true,
  });
  return (
    <>
      <PageHeading
        title="Openings"
        actions={
          <Link className="button button--primary" to={consolePagePaths.newOpening}>
            New opening
          </Link>
        }
      />
      {jobs.status === 'loading' ? <Loading what="openings" /> : null}
      {jobs.status === 'error' ? <ErrorNote message={jobs.error.message} onRetry={reload} /> : null}
      {jobs.status === 'ready' && jobs.data.length === 0 ? (
        <p>No openings yet. Create the first one with “New opening”.</p>
      ) : null}
      {jobs.status === 'ready' && jobs.data.length > 0 ? (
        <table className="rc-table">
          <caption className="visually-hidden">Openings, newest first</caption>
          <thead>
            <tr>
              <th scope="col">Code</th>
              <th scope="col">Title</th>
              <th scope="col">Location</th>
              <th scope="col">State</th>
              <th scope="col">Effective</th>
              <th scope="col" className="rc-num">
                Applicants
              </th>
              <th scope="col" className="rc-num">
                New
              </th>
            </tr>
          </thead>
          <tbody>
            {jobs.data.map((job) => (
              <tr key={job.Job_id}>
                <td data-label="Code" className="rc-nowrap">
                  {job.JobCode}
                </td>
                <td data-label="Title">
                  <Link to={openingPath(job.Job_id)}>{job.JobTitle}</Link>
                </td>
                <td data-label="Location">{job.JobLocation}</td>
                <td data-label="State">
                  <StateBadge state={job.State} />
                </td>
                <td data-label="Effective">
                  <When iso={job.EffectiveFrom} />
                </td>
                <td data-label="Applicants" className="rc-num">
                  <Link
                    to={applicantsOfOpening(job.Job_id)}
                    aria-label={`${job.Applicants} applicants for ${job.JobTitle}`}
                  >
                    {job.Applicants}
                  </Link>
                </td>
                <td data-label="New" className="rc-num">
                  {job.NewApplicants > 0 ? (
                    <strong className="rc-new-count">{job.NewApplicants}</strong>
                  ) : (
                    0
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </>
  );
}
