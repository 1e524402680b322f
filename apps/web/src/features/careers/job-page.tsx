import { contactPersons, splitList, type JobDetail } from '@lumenfield/contract';
import { useEffect } from 'react';
import { useSearchParams } from '@/lib/router';
import { AppLink } from '@/components/app-link';
import { Icon } from '@/components/icons';
import { routes, type ScreenProps } from '@/config/routes';
import { usePageMeta } from '@/lib/page-meta';
import { fetchJobDetail } from './api/job-detail';
import { useApplyDialog } from './components/apply-dialog';
import { JobDescription } from './components/job-description';
import { chooseJobId, formatEffectiveFrom, rememberJobId } from './job-details';
import { jobHeading } from './job-summary';
import { useResource } from './use-resource';
import '@/components/page-intro.css';
import './careers.css';

export const JOB_NOT_FOUND_TITLE = 'This opening is no longer available';
export const NO_JOB_TITLE = 'No opening was chosen';

function sessionStore(): Storage | undefined {
  try {
    return window.sessionStorage;
  } catch {
    return undefined;
  }
}

export default function JobPage({ routeId }: ScreenProps) {
  const params = useSearchParams();
  const choice = chooseJobId(params.get('JobID'), sessionStore());
  const jobId = choice.kind === 'id' ? choice.jobId : 0;
  useEffect(() => {
    if (jobId > 0) rememberJobId(jobId, sessionStore());
  }, [jobId]);
  const [detail, retry] = useResource(`job:${jobId}`, (signal) =>
    jobId > 0 ? fetchJobDetail(jobId, signal) : Promise.reject(new Error('no job')),
  );
  const { openFor, dialogs } = useApplyDialog();

  if (choice.kind === 'none') {
    return (
      <JobProblem
        title={NO_JOB_TITLE}
        text="Choose a position from the list of openings to see its details."
      />
    );
  }
  if (choice.kind === 'invalid') {
    return (
      <JobProblem
        title={JOB_NOT_FOUND_TITLE}
        text="The link doesn't name an opening we know. It may be incomplete; the full list is one click away."
      />
    );
  }
  if (detail.status === 'loading') {
    // Shaped as the loaded page starts (an eyebrow line over the title, the body reaching
    // below the fold), so nothing in view moves when the opening arrives (CLS).
    return (
      <>
        <JobIntro title={routes[routeId].title} eyebrow={'\u00a0'} />
        <div className="job-loading" aria-hidden="true" />
      </>
    );
  }
  if (detail.status === 'error') {
    if (detail.error.status === 404) {
      return (
        <JobProblem
          title={JOB_NOT_FOUND_TITLE}
          text="This position has been filled or closed. Other openings may suit you just as well."
        />
      );
    }
    return (
      <JobProblem
        title="We couldn't load this opening"
        text={detail.error.message}
        onRetry={retry}
      />
    );
  }

  const job = detail.data;
  return (
    <>
      <JobMeta job={job} />
      <JobIntro title={job.JobTitle} eyebrow={job.JobCode}>
        <ul className="job-intro__meta">
          <li>
            <Icon name="mapPin" size={18} />
            <span className="visually-hidden">Location: </span>
            {job.JobLocation}
          </li>
          <li>
            <Icon name="clock" size={18} />
            <span>
              Effective from{' '}
              <time dateTime={job.EffectiveFrom}>{formatEffectiveFrom(job.EffectiveFrom)}</time>
            </span>
          </li>
        </ul>
        <div className="job-intro__actions job-intro__actions--apply">
          <button
            type="button"
            className="button button--on-navy job-intro__apply"
            onClick={() => openFor(job)}
            aria-describedby="job-title"
          >
            Apply
          </button>
        </div>
      </JobIntro>
      <div className="job-body">
        <div className="container job-body__grid">
          <article className="job-main" aria-labelledby="job-description-title">
            <h2 id="job-description-title" className="job-main__title">
              About the role
            </h2>
            <JobDescription html={job.Job_Description} />
          </article>
          <JobSidePanel job={job} />
        </div>
        {/* Phones: Apply stays in reach at the foot of the screen while the role is read (the
            band's Apply is hidden there, so there is one Apply button at any width). */}
        <div className="job-apply-bar">
          <p className="job-apply-bar__text">{jobHeading(job)}</p>
          <button
            type="button"
            className="button button--primary"
            onClick={() => openFor(job)}
            aria-describedby="job-title"
          >
            Apply
          </button>
        </div>
      </div>
      {dialogs}
    </>
  );
}

function JobMeta({ job }: { job: JobDetail }) {
  usePageMeta({
    title: `${job.JobTitle} (${job.JobCode})`,
    description: `${job.JobTitle} in ${job.JobLocation} at Lumenfield Technology Partners.`,
  });
  return null;
}

function JobSidePanel({ job }: { job: JobDetail }) {
  const managers = splitList(job.Recruitment_Manager);
  const contacts = contactPersons(job);
  return (
    <aside className="job-side" aria-label="Job summary">
      <div className="job-side__block">
        <h2 className="job-side__title">Job Code</h2>
        <p className="job-side__code">{job.JobCode}</p>
      </div>
      {managers.length > 0 ? (
        <div className="job-side__block">
          <h2 className="job-side__title">Recruitment Manager</h2>
          <ul className="job-side__people">
            {managers.map((name, index) => (
              <li key={`${name}-${index}`}>{name}</li>
            ))}
          </ul>
        </div>
      ) : null}
      {contacts.length > 0 ? (
        <div className="job-side__block">
          <h2 className="job-side__title">Contact Person Details</h2>
          <ul className="job-side__people">
            {contacts.map((person, index) => (
              <li key={`${person.name}-${index}`}>
                <span className="job-side__person-name">{person.name}</span>
                {person.email ? <a href={`mailto:${person.email}`}>{person.email}</a> : null}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </aside>
  );
}

interface JobIntroProps {
  title: string;
  eyebrow?: string;
  children?: React.ReactNode;
}

/** The navy band: 'Back to All Jobs', the job's code and its title as the page's h1. */
function JobIntro({ title, eyebrow, children }: JobIntroProps) {
  return (
    <section className="page-intro job-intro">
      <div className="container page-intro__inner">
        <AppLink to="careers" className="job-intro__back">
          <Icon name="chevronRight" size={18} />
          Back to All Jobs
        </AppLink>
        {eyebrow ? <p className="page-intro__eyebrow">{eyebrow}</p> : null}
        <h1 id="job-title" className="page-intro__title">
          {title}
        </h1>
        {children}
      </div>
    </section>
  );
}

interface JobProblemProps {
  title: string;
  text: string;
  onRetry?: () => void;
}

function JobProblem({ title, text, onRetry }: JobProblemProps) {
  usePageMeta({ title });
  return (
    <JobIntro title={title}>
      <p className="page-intro__lead">{text}</p>
      <div className="job-intro__actions">
        {onRetry ? (
          <button type="button" className="button button--on-navy" onClick={onRetry}>
            Try again
          </button>
        ) : (
          <AppLink to="careers" className="button button--on-navy">
            See all openings
          </AppLink>
        )}
      </div>
    </JobIntro>
  );
}
