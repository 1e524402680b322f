import { openingsCountText, postedAgeText, type JobOpening } from '@lumenfield/contract';
import { AppLink } from '@/components/app-link';
import { Icon } from '@/components/icons';
import { PageIntro } from '@/components/page-intro';
import { jobPath, routes, type ScreenProps } from '@lumenfield/routes';
import { Link } from '@/lib/router';
import { usePageData } from '@/lib/page-data';
import { usePageMeta } from '@/lib/page-meta';
import { fetchOpenings } from './api/openings';
import { useApplyDialog } from './components/apply-dialog';
import { ApplySteps } from './components/apply-steps';
import { jobHeading } from './job-summary';
import { useResource } from './use-resource';
import './careers.css';

export const NO_OPENINGS_TEXT = 'Current No Openings';

export default function CareersPage({ routeId }: ScreenProps) {
  const { title } = routes[routeId];
  usePageMeta({
    title,
    description:
      'Open positions at Lumenfield Technology Partners: engineering, quality assurance and support roles. Apply in minutes with your resume.',
  });
  const [openings, retry] = useResource('openings', fetchOpenings, usePageData().openings);
  const { openFor, dialogs } = useApplyDialog();

  return (
    <>
      <PageIntro
        eyebrow="Careers"
        title={title}
        lead="Build and run the systems insurers, law firms and utilities depend on every day. Find a role that fits, then apply with your resume in a couple of minutes."
      />
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
              <h2 id="openings-count" className="openings-count">
                {openingsCountText(openings.data.length)}
              </h2>
              {openings.data.length === 0 ? (
                <div className="openings-empty">
                  <p className="openings-empty__title">{NO_OPENINGS_TEXT}</p>
                  <p>
                    New roles open through the year, so please look again soon. If you would like to
                    introduce yourself in the meantime, <AppLink to="contact">get in touch</AppLink>
                    .
                  </p>
                </div>
              ) : (
                <OpeningsList openings={openings.data} onApply={openFor} />
              )}
            </>
          ) : null}
        </div>
      </section>
      <ApplySteps />
      {dialogs}
    </>
  );
}

interface OpeningsListProps {
  openings: JobOpening[];
  onApply: (job: JobOpening) => void;
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
          const titleId = `opening-${job.Job_id}-title`;
          return (
            <li key={job.Job_id} className="opening">
              <h3 className="opening__title" id={titleId}>
                <Link to={jobPath(job.Job_id)}>{heading}</Link>
              </h3>
              <p className="opening__location">
                <Icon name="mapPin" size={18} />
                <span className="visually-hidden">Location: </span>
                <span>{job.JobLocation}</span>
              </p>
              <p className="opening__age">
                <Icon name="clock" size={18} />
                <span className="visually-hidden">Posted </span>
                <span>{postedAgeText(job)}</span>
              </p>
              <div className="opening__actions">
                <Link
                  to={jobPath(job.Job_id)}
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
