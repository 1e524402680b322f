import {
  careerFiltersQuery,
  filterListings,
  hasFilters,
  listingCountries,
  NO_FILTERS,
  openingsCountText,
  parseCareerFilters,
  postedAgeText,
  workplaceTypeLabels,
  workplaceTypeSchema,
  type CareerFilters,
  type CareerListing,
} from '@lumenfield/contract';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { AppLink } from '@/components/app-link';
import { Icon } from '@/components/icons';
import { jobPath, routes } from '@lumenfield/routes';
import { Link, useLocation } from '@lumenfield/page-kit';
import { usePageData } from '@/lib/page-data';
import { fetchCareerListing } from './api/openings';
import { useApplyLauncher } from './components/apply-launcher';
import { JobTermsLine } from './components/job-terms';
import { jobHeading } from './job-summary';
import { useResource } from './use-resource';
import '@/components/form-control.css';

// The list's alert form is made on the server and posts without scripts: its code is a chunk of
// its own, loaded when the island hydrates (the alerts' own pages share it).
const JobAlertSection = lazy(() =>
  import('./alerts/alerts').then((m) => ({ default: m.JobAlertSection })),
);

export const NO_OPENINGS_TEXT = 'Current No Openings';
export const NO_MATCH_TEXT = 'No openings match your search';
/** How long typing rests before the URL (and the spoken count) follow the filters. */
const SETTLE_MS = 300;

/**
 * The careers list's island: the openings, their search and filters (which narrow the rows,
 * the count and the job alert's filters at once) and the alert's form. Easy Apply opens the
 * dialog, whose code loads then (apply-launcher.tsx).
 */
export function CareersOpenings() {
  const [openings, retry] = useResource('career-listing', fetchCareerListing, {
    initial: usePageData().openings,
  });
  const { openFor, dialogs } = useApplyLauncher();
  const all = openings.status === 'ready' ? openings.data : [];
  const [filters, setFilters] = useCareerFilters();
  const countries = listingCountries(all);
  // A country no opening is in (an old link) is no filter: the list and the form agree.
  const effective: CareerFilters =
    filters.country !== null && !countries.some((c) => c.value === filters.country)
      ? { ...filters, country: null }
      : filters;
  // A few dozen rows: filtering on every render is cheaper than keeping memos in step.
  const shown = filterListings(all, effective);
  const announcement = useSettledAnnouncement(filters, openingsCountText(shown.length));

  return (
    <>
      <section className="openings-section" aria-labelledby="openings-count">
        <div className="container">
          {openings.status === 'loading' ? <OpeningsSkeleton /> : null}
          {openings.status === 'error' ? (
            <div className="careers-problem" role="alert">
              <h2 id="openings-count" className="careers-problem__title">
                We couldn't load the current openings
              </h2>
              <p>{openings.error.message}</p>
              <button type="button" className="button button--primary" onClick={retry}>
                Try again
              </button>
            </div>
          ) : null}
          {openings.status === 'ready' ? (
            <>
              {all.length > 0 ? (
                <CareersFilters filters={effective} countries={countries} onChange={setFilters} />
              ) : null}
              <h2 id="openings-count" className="openings-count">
                {openingsCountText(shown.length)}
              </h2>
              <p className="visually-hidden" role="status">
                {announcement}
              </p>
              {all.length === 0 ? (
                <div className="openings-empty">
                  <p className="openings-empty__title">{NO_OPENINGS_TEXT}</p>
                  <p>
                    New roles open through the year, so please look again soon. If you would like to
                    introduce yourself in the meantime, <AppLink to="contact">get in touch</AppLink>
                    .
                  </p>
                </div>
              ) : shown.length === 0 ? (
                <div className="openings-empty">
                  <p className="openings-empty__title">{NO_MATCH_TEXT}</p>
                  <p>
                    Try other words, another country or any workplace, or see every opening:{' '}
                    <Link to={routes.careers.path} onClick={() => setFilters(NO_FILTERS)}>
                      Clear filters
                    </Link>
                  </p>
                </div>
              ) : (
                <OpeningsList openings={shown} onApply={openFor} />
              )}
            </>
          ) : null}
        </div>
      </section>
      <Suspense fallback={null}>
        <JobAlertSection filters={effective} countries={countries} />
      </Suspense>
      {dialogs}
    </>
  );
}

/**
 * The filters, read from the URL's query (the server rendered the page with the same), changed
 * at once as the visitor types or chooses; the URL follows once typing rests (replaceState: the
 * URL stays the truth for a reload or a shared link, without a history entry per key).
 */
function useCareerFilters(): [CareerFilters, (next: CareerFilters) => void] {
  const location = useLocation();
  const [filters, setFilters] = useState(() => parseCareerFilters(location.search));
  // A navigation to the careers page (a link, Back) brings its own query.
  const seen = useRef(location);
  useEffect(() => {
    if (seen.current === location) return;
    seen.current = location;
    setFilters(parseCareerFilters(location.search));
  }, [location]);
  useEffect(() => {
    const timer = window.setTimeout(() => {
      const target = `${window.location.pathname}${careerFiltersQuery(filters)}`;
      if (target !== `${window.location.pathname}${window.location.search}`) {
        window.history.replaceState(window.history.state, '', target);
      }
    }, SETTLE_MS);
    return () => window.clearTimeout(timer);
  }, [filters]);
  return [filters, setFilters];
}

/** The count, spoken once the filters rest after a change (nothing on the first render). */
function useSettledAnnouncement(filters: CareerFilters, text: string): string {
  const [spoken, setSpoken] = useState('');
  const first = useRef(filters);
  useEffect(() => {
    if (first.current === filters) return;
    const timer = window.setTimeout(() => setSpoken(text), SETTLE_MS);
    return () => window.clearTimeout(timer);
  }, [filters, text]);
  return spoken;
}

interface CareersFiltersProps {
  filters: CareerFilters;
  countries: { value: number; label: string }[];
  onChange: (next: CareerFilters) => void;
}

/**
 * Its fields' ids are fixed, not useId's: the island hydrates as a React root of its own, where
 * useId would not make the ids the server made for it in the whole page.
 *
 * A real GET form: with scripts off, Search loads /careers?q=…&country=…&workplace=… and the
 * server renders that list; with scripts on, every change filters at once.
 */
function CareersFilters({ filters, countries, onChange }: CareersFiltersProps) {
  return (
    <form
      className="careers-filters"
      role="search"
      aria-label="Search openings"
      method="get"
      action={routes.careers.path}
      onSubmit={(event) => event.preventDefault()}
    >
      <div className="careers-filters__field careers-filters__field--words">
        <label htmlFor="careers-q">Search</label>
        <input
          className="form-control"
          id="careers-q"
          name="q"
          type="search"
          value={filters.q}
          maxLength={200}
          placeholder="Title, job code or skill"
          autoComplete="off"
          onChange={(event) => onChange({ ...filters, q: event.target.value })}
        />
      </div>
      <FilterSelect
        name="country"
        label="Country"
        any="All countries"
        value={String(filters.country ?? '')}
        options={countries}
        onChange={(value) => onChange({ ...filters, country: value === '' ? null : Number(value) })}
      />
      <FilterSelect
        name="workplace"
        label="Workplace"
        any="Any workplace"
        value={filters.workplace ?? ''}
        options={workplaceTypeSchema.options.map((type) => ({
          value: type,
          label: workplaceTypeLabels[type],
        }))}
        onChange={(value) => {
          const workplace = workplaceTypeSchema.safeParse(value);
          onChange({ ...filters, workplace: workplace.success ? workplace.data : null });
        }}
      />
      <div className="careers-filters__actions">
        <button type="submit" className="button button--primary">
          Search
        </button>
        {hasFilters(filters) ? (
          <Link
            to={routes.careers.path}
            className="careers-filters__clear"
            onClick={() => onChange(NO_FILTERS)}
          >
            Clear filters
          </Link>
        ) : null}
      </div>
    </form>
  );
}

interface FilterSelectProps {
  name: string;
  label: string;
  /** The first option's text: no filter. */
  any: string;
  value: string;
  options: { value: string | number; label: string }[];
  onChange: (value: string) => void;
}

/** One of the filters' lists: "any" first, then its options; its id is fixed as the form's. */
function FilterSelect({ name, label, any, value, options, onChange }: FilterSelectProps) {
  const id = `careers-${name}`;
  return (
    <div className="careers-filters__field">
      <label htmlFor={id}>{label}</label>
      <select
        className="form-control"
        id={id}
        name={name}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      >
        <option value="">{any}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

interface OpeningsListProps {
  openings: CareerListing[];
  onApply: (job: CareerListing) => void;
}

/** A table on wide screens, a stack of cards on phones; each row is one opening. */
function OpeningsList({ openings, onApply }: OpeningsListProps) {
  return (
    <div className="openings">
      <div className="openings__head" aria-hidden="true">
        <span>Position</span>
        <span>Location</span>
        <span>Posted</span>
        <span className="visually-hidden">Actions</span>
      </div>
      <ul className="openings__list">
        {openings.map((job) => {
          const heading = jobHeading(job);
          const titleId = `opening-${job.id}-title`;
          return (
            <li key={job.id} className="opening">
              <h3 className="opening__title" id={titleId}>
                <Link to={jobPath(job.id)}>{heading}</Link>
              </h3>
              <JobTermsLine terms={job} className="opening__terms" />
              <p className="opening__location">
                <Icon name="mapPin" size={18} />
                <span className="visually-hidden">Location: </span>
                <span>{job.location}</span>
              </p>
              <p className="opening__age">
                <Icon name="clock" size={18} />
                <span className="visually-hidden">Posted </span>
                <span>{postedAgeText(job.posted)}</span>
              </p>
              <div className="opening__actions">
                <Link
                  to={jobPath(job.id)}
                  className="opening__view"
                  aria-label={`View details of ${heading}`}
                >
                  <Icon name="eye" size={22} />
                </Link>
                <button
                  type="button"
                  className="button button--primary opening__apply"
                  onClick={() => onApply(job)}
                  aria-describedby={titleId}
                >
                  Easy Apply
                </button>
              </div>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

function OpeningsSkeleton() {
  return (
    <div className="openings openings--loading" aria-hidden="true">
      <div className="openings-count openings-skeleton__line" />
      <ul className="openings__list">
        {[0, 1, 2].map((n) => (
          <li key={n} className="opening">
            <div className="openings-skeleton__line openings-skeleton__line--title" />
            <div className="openings-skeleton__line" />
          </li>
        ))}
      </ul>
    </div>
  );
}
