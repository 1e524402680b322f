import {
  alertFiltersText,
  careerFiltersQuery,
  emptyAlertForm,
  type CareerFilters,
} from '@lumenfield/contract';
import { FEED_PATH } from '@lumenfield/routes';
import { AlertForm } from './alert-form';

/**
 * "Hear about new openings": the job alert's form for the filters on screen, and the feed of
 * the same list. A plain form: it posts to the alerts' own page with scripts on or off.
 */
export function JobAlertSection({
  filters,
  countries,
}: {
  filters: CareerFilters;
  countries: { value: number; label: string }[];
}) {
  const filtersText = alertFiltersText(
    filters,
    (value) => countries.find((country) => country.value === value)?.label,
  );
  return (
    <section className="alert-section" aria-labelledby="job-alerts-title">
      <div className="container alert-section__inner">
        <div className="alert-section__intro">
          <h2 id="job-alerts-title" className="alert-section__title">
            Hear about new openings
          </h2>
          <p>
            Leave your e-mail address and we will write when a new opening matches this search: as
            soon as it is posted, or in one mail a day or a week.
          </p>
          <p>
            Prefer a feed reader?{' '}
            <a href={`${FEED_PATH}${careerFiltersQuery(filters)}`} type="application/atom+xml">
              Follow these openings as a feed
            </a>
            .
          </p>
        </div>
        <AlertForm values={emptyAlertForm(filters)} filtersText={filtersText} />
      </div>
    </section>
  );
}
