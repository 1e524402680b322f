import {
  APPLICANT_STAGES,
  applicantSortSchema,
  applicantStageSchema,
  consolePagePaths,
  DEFAULT_APPLICANT_SORT,
  type ApplicantsQuery,
} from '@lumenfield/contract';
import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from '@lumenfield/page-kit';
import { applicantsCsvHref, applicantsQuery } from '../api';
import { jobChoicesQuery } from '../../openings/api';
import { sourcesQuery } from '../../sources/api';
import { DoesNotMeetFlags } from './applicant-answers';
import { applicantInList, SORT_CHOICES, sortColumn, sortOf, sortWords } from '../applicant-sort';
import { BulkBar, SelectAllMatching, useBulkSelection } from './bulk-actions';
import { useSession } from '../../common/session';
import {
  ChoiceField,
  FilterForm,
  OpeningFilter,
  SearchField,
} from '../../common/components/filter-form';
import { ListTable } from '../../common/components/list-table';
import { PageHeading } from '../../common/components/page-heading';
import { PagedResults } from '../../common/components/paged-results';
import { Pending } from '../../common/components/status';
import { StageBadge } from '../../common/components/badges';
import { When } from '../../common/components/when';
import { withQuery } from '../../common/lib/with-query';
import { EmailText } from '../../common/components/email-text';
import { addCandidatePath, isStaff } from '../../common/routes';

/** The knock-out answers' filter: a filter for a person, nothing is rejected by it. */
const KNOCK_OUT_CHOICES = [
  ['', 'Any'],
  ['true', 'Flagged: does not meet'],
  ['false', 'Not flagged'],
] as const;

/** The list's filters as the URL carries them; anything malformed is left out. */
export function queryFromParams(params: URLSearchParams): ApplicantsQuery {
  const stage = applicantStageSchema.safeParse(params.get('stage'));
  const jobId = params.get('jobId') ?? '';
  const page = params.get('page') ?? '';
  const q = (params.get('q') ?? '').trim();
  const doesNotMeet = params.get('doesNotMeet');
  const source = (params.get('source') ?? '').slice(0, 100);
  const sort = applicantSortSchema.safeParse(params.get('sort'));
  const after = params.get('after') ?? '';
  const before = params.get('before') ?? '';
  return {
    ...(source ? { source } : {}),
    ...(doesNotMeet === 'true' || doesNotMeet === 'false' ? { doesNotMeet } : {}),
    ...(/^\d{1,9}$/.test(jobId) ? { jobId } : {}),
    ...(stage.success ? { stage: stage.data } : {}),
    ...(q ? { q: q.slice(0, 200) } : {}),
    ...(/^\d{1,6}$/.test(page) && page !== '1' ? { page } : {}),
    ...(sort.success ? { sort: sort.data } : {}),
    // Where the page starts (the pager's links): one or the other.
    ...(/^\d{1,10}$/.test(after) ? { after } : /^\d{1,10}$/.test(before) ? { before } : {}),
  };
}

/** Applicants across openings or of one (`?jobId=`), searchable and filtered by stage. */
export default function ApplicantsPage() {
  const params = useSearchParams();
  const query = queryFromParams(params);
  const key = JSON.stringify(query);
  const { role } = useSession().user;
  // Bulk actions and sources are the staff's; an interviewer has no openings nor the CSV.
  const staff = isStaff(role);
  const list = useQuery(applicantsQuery(query));
  const jobs = useQuery({ ...jobChoicesQuery, enabled: role !== 'interviewer' }).data;
  const sources = useQuery({ ...sourcesQuery, enabled: staff }).data;
  const job = query.jobId ? jobs?.find((item) => String(item.id) === query.jobId) : undefined;
  const filters: ApplicantsQuery = {
    ...query,
    page: undefined,
    after: undefined,
    before: undefined,
  };
  // A selection holds across the pages of one filter, and goes when the filter changes.
  const selection = useBulkSelection(JSON.stringify(filters));
  const { selected } = selection;

  return (
    <>
      <PageHeading
        title="Applicants"
        actions={
          <>
            {/* A candidate is added to one opening: offered on that opening's list. */}
            {job && staff ? (
              <Link className="button button--primary" to={addCandidatePath(job.id)}>
                Add candidate
              </Link>
            ) : null}
            {role === 'interviewer' ? null : (
              <a className="button button--secondary" href={applicantsCsvHref(filters)} download>
                Export CSV
              </a>
            )}
          </>
        }
      >
        {job ? `Applicants · ${job.title}` : 'Applicants'}
      </PageHeading>
      {/* Past the filters and the headings, straight to the first applicant. */}
      {list.isSuccess && list.data.items.length > 0 ? (
        <a className="skip-link" href="#first-applicant">
          Skip to the first applicant
        </a>
      ) : null}
      <FilterForm
        label="Applicants"
        search
        path={consolePagePaths.applicants}
        queryKey={key}
        fromQuery={() => ({
          source: query.source ?? '',
          q: query.q ?? '',
          stage: query.stage ?? '',
          jobId: query.jobId ?? '',
          doesNotMeet: query.doesNotMeet ?? '',
          sort: query.sort ?? '',
        })}
        toQuery={(fields) => ({ ...fields, q: fields.q.trim() })}
        typed={['q']}
      >
        {(field) => (
          <>
            <SearchField
              id="applicants-q"
              placeholder="Name, e-mail, city or opening"
              field={field('q')}
            />
            <ChoiceField
              id="applicants-stage"
              label="Stage"
              choices={[
                ['', 'Any stage'],
                ...APPLICANT_STAGES.map((value) => [value, value] as const),
              ]}
              field={field('stage')}
            />
            {jobs ? <OpeningFilter id="applicants-job" jobs={jobs} field={field('jobId')} /> : null}
            <ChoiceField
              id="applicants-flag"
              label="Knock-out answers"
              choices={KNOCK_OUT_CHOICES}
              field={field('doesNotMeet')}
            />
            {staff ? (
              <ChoiceField
                id="applicants-source"
                label="Source"
                choices={[
                  ['', 'Any source'],
                  ...(sources?.creditedNames ?? []).map((name) => [name, name] as const),
                ]}
                field={field('source')}
              />
            ) : null}
            {/* The headings sort too; this is the way on a phone, where the table becomes cards. */}
            <ChoiceField
              id="applicants-sort"
              label="Sort"
              choices={SORT_CHOICES.map(
                ([value, label]) => [value === DEFAULT_APPLICANT_SORT ? '' : value, label] as const,
              )}
              field={field('sort')}
            />
          </>
        )}
      </FilterForm>
      <Pending query={list} what="applicants" />
      {list.isSuccess ? (
        <PagedResults
          page={list.data}
          noun={['applicant', 'applicants']}
          none="No applicants match."
          label="Applicants"
          hrefFor={(page, from) =>
            withQuery(consolePagePaths.applicants, { ...filters, page, ...from })
          }
          anchorOf={(row) => row.applicantId}
        >
          {(items) => (
            <>
              <div className="rc-bulk-select" hidden={!staff}>
                <label className="rc-bulk-select__page">
                  <input
                    type="checkbox"
                    checked={items.every((row) => selected.has(row.applicantId))}
                    onChange={(event) => selection.toggle(items, event.target.checked)}
                  />
                  Select all on this page
                </label>
                {items.every((row) => selected.has(row.applicantId)) &&
                list.data.total > items.length ? (
                  <SelectAllMatching
                    selection={selection}
                    total={list.data.total}
                    query={filters}
                  />
                ) : null}
              </div>
              <ListTable
                caption={`Applicants, ${sortWords(sortOf(query))}`}
                columns={[
                  ...(staff
                    ? [
                        {
                          label: 'Select',
                          className: 'rc-check',
                          header: <span className="visually-hidden">Select</span>,
                        },
                      ]
                    : []),
                  sortColumn('Name', 'name', query),
                  sortColumn('Opening', 'opening', query),
                  'City',
                  sortColumn('Applied', 'applied', query),
                  sortColumn('Stage', 'stage', query),
                ]}
              >
                {items.map((row, index) => (
                  <tr key={row.applicantId}>
                    {staff ? (
                      <td data-label="Select" className="rc-check">
                        <input
                          type="checkbox"
                          aria-label={`Select ${row.firstName} ${row.lastName}`}
                          checked={selected.has(row.applicantId)}
                          onChange={(event) => selection.toggle([row], event.target.checked)}
                        />
                      </td>
                    ) : null}
                    <td data-label="Name">
                      <Link
                        to={applicantInList(row.applicantId, filters)}
                        id={index === 0 ? 'first-applicant' : undefined}
                      >
                        {row.firstName} {row.lastName}
                      </Link>
                      <EmailText className="rc-sub" email={row.email} />
                      <DoesNotMeetFlags
                        labels={row.doesNotMeet}
                        possibleDuplicate={row.possibleDuplicate}
                      />
                    </td>
                    <td data-label="Opening">
                      {row.jobCode} · {row.jobTitle}
                    </td>
                    <td data-label="City">{row.city}</td>
                    <td data-label="Applied">
                      <When iso={row.appliedOn} />
                    </td>
                    <td data-label="Stage">
                      <StageBadge stage={row.stage} />
                    </td>
                  </tr>
                ))}
              </ListTable>
            </>
          )}
        </PagedResults>
      ) : null}
      {staff ? <BulkBar selection={selection} /> : null}
    </>
  );
}
