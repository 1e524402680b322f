import { counted, consolePagePaths, INITIAL_STAGE } from '@lumenfield/contract';
import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useSearchParams } from '@lumenfield/page-kit';
import { jobsQuery } from '../api';
import { OpeningPlaces } from './place-editor';
import { applicantsOfOpening, boardPath, isStaff, openingPath } from '../../common/routes';
import { useSession } from '../../common/session';
import {
  OPENING_SORT_CHOICES,
  openingSortColumn,
  openingSortOf,
  openingSortWords,
  openingsSortedBy,
  sortOpenings,
} from '../opening-sort';
import { ListTable } from '../../common/components/list-table';
import { PageHeading } from '../../common/components/page-heading';
import { Pending } from '../../common/components/status';
import { StateBadge } from '../../common/components/badges';
import { When } from '../../common/components/when';

/** Every opening with its state, effective date and applicants, sorted by a heading's click. */
export default function OpeningsPage() {
  const sortParam = useSearchParams().get('sort');
  const sort = openingSortOf(sortParam);
  const navigate = useNavigate();
  const [chosen, setChosen] = useState(sort ? (sortParam ?? '') : '');
  const [shownParam, setShownParam] = useState(sortParam);
  if (shownParam !== sortParam) {
    setShownParam(sortParam);
    setChosen(sort ? (sortParam ?? '') : '');
  }
  const applySort = (event: FormEvent) => {
    event.preventDefault();
    navigate(openingsSortedBy(chosen));
  };
  const jobs = useQuery(jobsQuery);
  // A hiring manager reads the openings whose team names them; the staff post them.
  const staff = isStaff(useSession().user.role);
  return (
    <>
      <PageHeading
        title="Openings"
        actions={
          staff ? (
            <Link className="button button--primary" to={consolePagePaths.newOpening}>
              New opening
            </Link>
          ) : undefined
        }
      />
      <Pending query={jobs} what="openings" />
      {jobs.isSuccess && jobs.data.length === 0 ? (
        <p>
          {staff
            ? 'No openings yet. Create the first one with “New opening”.'
            : 'No opening’s hiring team names you hiring manager yet.'}
        </p>
      ) : null}
      {jobs.isSuccess && jobs.data.length > 0 ? (
        // The headings sort on a wide screen; on a phone (the table as cards) this field does.
        <form
          className="rc-filters rc-phone-only"
          aria-label="Sort the openings"
          onSubmit={applySort}
        >
          <div className="rc-field">
            <label htmlFor="openings-sort">Sort</label>
            <select
              id="openings-sort"
              value={chosen}
              onChange={(event) => setChosen(event.target.value)}
            >
              {OPENING_SORT_CHOICES.map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
          </div>
          <button type="submit" className="button button--secondary">
            Sort
          </button>
        </form>
      ) : null}
      {jobs.isSuccess && jobs.data.length > 0 ? (
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
