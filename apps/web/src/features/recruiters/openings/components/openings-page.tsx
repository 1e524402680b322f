import { counted, consolePagePaths, INITIAL_STAGE } from '@lumenfield/contract';
import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from '@lumenfield/page-kit';
import { jobsQuery } from '../api';
import { OpeningPlaces } from './place-editor';
import { applicantsOfOpening, boardPath, isStaff, openingPath } from '../../common/routes';
import { useSession } from '../../common/session';
import {
  OPENING_SORT_CHOICES,
  OPENING_STATE_CHOICES,
  openingSortColumn,
  openingSortOf,
  openingSortWords,
  openingsHref,
  openingsQueryFromParams,
} from '../opening-list';
import { ChoiceField, FilterForm, SearchField } from '../../common/components/filter-form';
import { ListTable } from '../../common/components/list-table';
import { PageHeading } from '../../common/components/page-heading';
import { PagedResults } from '../../common/components/paged-results';
import { Pending } from '../../common/components/status';
import { StateBadge } from '../../common/components/badges';
import { When } from '../../common/components/when';

/**
 * The openings within reach with their state, effective date and applicants: searched,
 * filtered by state, sorted and paged by the server, all of it in the URL.
 */
export default function OpeningsPage() {
  const query = openingsQueryFromParams(useSearchParams());
  const key = JSON.stringify(query);
  const sort = openingSortOf(query);
  const jobs = useQuery(jobsQuery(query));
  // A hiring manager reads the openings whose team names them; the staff post them.
  const staff = isStaff(useSession().user.role);
  const filtered = query.q !== undefined || query.state !== undefined;
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
      {jobs.isSuccess && jobs.data.total === 0 && !filtered ? (
        <p>
          {staff
            ? 'No openings yet. Create the first one with “New opening”.'
            : 'No opening’s hiring team names you hiring manager yet.'}
        </p>
      ) : (
        <FilterForm
          label="Openings"
          search
          path={consolePagePaths.openings}
          queryKey={key}
          fromQuery={() => ({
            q: query.q ?? '',
            state: query.state ?? '',
            sort: query.sort ?? '',
          })}
          toQuery={(fields) => ({ ...fields, q: fields.q.trim() })}
          typed={['q']}
        >
          {(field) => (
            <>
              <SearchField id="openings-q" placeholder="Code, title or place" field={field('q')} />
              <ChoiceField
                id="openings-state"
                label="State"
                choices={OPENING_STATE_CHOICES}
                field={field('state')}
              />
              {/* The headings sort too; this is the way on a phone, where the table becomes cards. */}
              <ChoiceField
                id="openings-sort"
                label="Sort"
                choices={OPENING_SORT_CHOICES}
                field={field('sort')}
              />
            </>
          )}
        </FilterForm>
      )}
      <Pending query={jobs} what="openings" />
      {jobs.isSuccess && (jobs.data.total > 0 || filtered) ? (
        <PagedResults
          page={jobs.data}
          noun={['opening', 'openings']}
          none="No openings match."
          label="Openings"
          hrefFor={(page) => openingsHref({ ...query, page: String(page) })}
        >
          {(items) => (
            <ListTable
              caption={`Openings, ${openingSortWords(sort)}`}
              columns={[
                openingSortColumn('Code', 'code', query),
                openingSortColumn('Title', 'title', query),
                'Location',
                openingSortColumn('State', 'state', query),
                openingSortColumn('Effective', 'effective', query),
                { label: 'Applicants', numeric: true },
                // Applicants not yet moved on: the column is named after the stage.
                { label: INITIAL_STAGE, numeric: true },
              ]}
            >
              {items.map((job) => (
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
          )}
        </PagedResults>
      ) : null}
    </>
  );
}
