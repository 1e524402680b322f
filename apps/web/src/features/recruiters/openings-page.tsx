import { consolePagePaths, INITIAL_STAGE } from '@lumenfield/contract';
import { Link, useSearchParams } from '@/lib/router';
import { consoleApi } from './api';
import { OpeningPlaces } from './place-editor';
import { applicantsOfOpening, boardPath, openingPath } from './routes';
import { openingSortColumn, openingSortOf, openingSortWords, sortOpenings } from './opening-sort';
import { ListTable, PageHeading, Pending, StateBadge, When, counted } from './ui';
import { useResource } from '@/lib/use-resource';

/** Every opening with its state, effective date and applicants, sorted by a heading's click. */
export default function OpeningsPage() {
  const sort = openingSortOf(useSearchParams().get('sort'));
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
          caption={`Openings, ${openingSortWords(sort)}`}
          columns={[
            openingSortColumn('Code', 'code', sort),
            openingSortColumn('Title', 'title', sort),
            'Location',
            openingSortColumn('State', 'state', sort),
            openingSortColumn('Effective', 'effective', sort),
            openingSortColumn('Applicants', 'applicants', sort, true),
            // Applicants not yet moved on: the column is named after the stage.
            openingSortColumn(INITIAL_STAGE, 'new', sort, true),
          ]}
        >
          {sortOpenings(jobs.data, sort).map((job) => (
            <tr key={job.id}>
              <td data-label="Code" className="rc-nowrap">
                {job.code}
              </td>
              <td data-label="Title">
                <Link to={openingPath(job.id)}>{job.title}</Link>
                <span className="rc-sub">
                  <Link to={boardPath(job.id)} aria-label={`Board of ${job.title}`}>
                    Board
                  </Link>
                </span>
              </td>
              <td data-label="Location">
                {job.location}
                <OpeningPlaces job={job} />
              </td>
              <td data-label="State">
                <StateBadge state={job.state} />
              </td>
              <td data-label="Effective">
                <When iso={job.effectiveFrom} />
              </td>
              <td data-label="Applicants" className="rc-num">
                <Link
                  to={applicantsOfOpening(job.id)}
                  aria-label={`${counted(job.applicants, ['applicant', 'applicants'])} for ${job.title}`}
                >
                  {job.applicants}
                </Link>
              </td>
              <td data-label={INITIAL_STAGE} className="rc-num">
                {job.newApplicants > 0 ? (
                  <strong className="rc-new-count">{job.newApplicants}</strong>
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
