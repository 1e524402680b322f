import { consolePagePaths, INITIAL_STAGE } from '@lumenfield/contract';
import { Link } from '@/lib/router';
import { consoleApi } from './api';
import { applicantsOfOpening, openingPath } from './routes';
import { ListTable, PageHeading, Pending, StateBadge, When } from './ui';
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
      <Pending resource={jobs} what="openings" onRetry={reload} />
      {jobs.status === 'ready' && jobs.data.length === 0 ? (
        <p>No openings yet. Create the first one with “New opening”.</p>
      ) : null}
      {jobs.status === 'ready' && jobs.data.length > 0 ? (
        <ListTable
          caption="Openings, newest first"
          columns={[
            'Code',
            'Title',
            'Location',
            'State',
            'Effective',
            { label: 'Applicants', numeric: true },
            // Applicants not yet moved on: the column is named after the stage.
            { label: INITIAL_STAGE, numeric: true },
          ]}
        >
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
              <td data-label={INITIAL_STAGE} className="rc-num">
                {job.NewApplicants > 0 ? (
                  <strong className="rc-new-count">{job.NewApplicants}</strong>
                ) : (
                  0
                )}
              </td>
            </tr>
          ))}
        </ListTable>
      ) : null}
    </>
  );
}
