import {
  contactPersons,
  employmentTypeLabels,
  splitList,
  workplaceTypeLabels,
  type PublicOpening,
} from '@lumenfield/contract';
import { JobTermsLine, payText } from './components/job-terms';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from '@lumenfield/page-kit';
import { usePageData } from '@/lib/page-data';
import { useInBrowser } from '@/lib/use-in-browser';
import { Island } from '@/lib/island';
import { AppLink } from '@/components/app-link';
import { Icon } from '@/components/icons';
import { jobPath, routes, type ScreenProps } from '@lumenfield/routes';
import { usePageMeta } from '@/lib/page-meta';
import { site } from '@/config/site';
import { fetchOpening } from './api/openings';
import { ApplyButton } from './components/apply-button';
import { JobPlaces } from './components/job-places';
import { JobDescription } from './components/job-description';
import { chooseJobId, formatEffectiveFrom, rememberJobId, type JobIdChoice } from './job-details';
import { JOB_ID_ATTRIBUTE, LOCAL_TIME_ATTRIBUTE } from './job-page-script';
import { jobHeading, type OpeningNames } from './job-summary';
import { useResource } from './use-resource';
import '@/components/page-intro.css';
import './careers.css';
import './job-detail.css';
import './filters-and-terms.css';
import './apply-page-and-alerts.css';
// The apply form's own styles, here as well as in the form's module: a page is given the styles
// of its screen's static imports (page-kit's prerender), and the apply page without scripts is
// this screen's lazy part, so without these lines its form would arrive unstyled.
import '@/components/form-control.css';
import './components/apply-form.css';

// An opening's apply form and its thank-you page are pages of their own, made on the server and
// working without scripts: their code is not part of the job page's (a chunk of their own).
const ApplyPage = lazy(() => import('./apply-page').then((m) => ({ default: m.ApplyPage })));
const AppliedPage = lazy(() => import('./apply-page').then((m) => ({ default: m.AppliedPage })));

export const JOB_NOT_FOUND_TITLE = 'This opening is no longer available';
export const NO_JOB_TITLE = 'No opening was chosen';
export const NO_SUCH_JOB_TITLE = 'There is no such opening';
const JOB_CLOSED_TEXT =
  'This position has been filled or closed. Other openings may suit you just as well.';

function sessionStore(): Storage | undefined {
  try {
    return window.sessionStorage;
  } catch {
    return undefined;
  }
}

export default function JobPage({ routeId, param }: ScreenProps) {
  // The server answered this opening's address 410 or 404 (docs/search.md): said at once, here.
  const missing = usePageData().missingJob;
  if (missing && routeId !== 'jobs' && missing.id === Number(param)) {
    return missing.closed ? (
      <JobProblem title={JOB_NOT_FOUND_TITLE} text={JOB_CLOSED_TEXT}>
        <ClosedOpening title={missing.title} similar={missing.similar ?? []} />
      </JobProblem>
    ) : (
      <JobProblem
        title={NO_SUCH_JOB_TITLE}
        text="We have no opening at this address yet. The link may be incomplete, or the opening not published; the full list is one click away."
      />
    );
  }
  if (routeId === 'jobApply' || routeId === 'jobApplied') {
    const Page = routeId === 'jobApply' ? ApplyPage : AppliedPage;
    return (
      <Suspense fallback={null}>
        <Page key={param} jobId={Number(param)} />
      </Suspense>
    );
  }
  return routeId === 'jobs' ? (
    <RememberedJob />
  ) : (
    <JobScreen key={param} jobId={Number(param)} title={routes[routeId].title} />
  );
}

/**
 * The old client's `/jobs` without a JobID (docs/architecture.md): the opening this tab last looked at, kept
 * in session storage, which only the browser can read; so the first render (the server's, and
 * the browser's hydrating it) is the loading state, and the choice is made after it.
 */
function RememberedJob() {
  const params = useSearchParams();
  const navigate = useNavigate();
  const [choice, setChoice] = useState<JobIdChoice>();
  useEffect(() => {
    const chosen = chooseJobId(params.get('JobID'), sessionStore());
    if (chosen.kind === 'id') navigate(jobPath(chosen.jobId), { replace: true });
    else setChoice(chosen);
  }, [params, navigate]);

  if (choice?.kind === 'none') {
    return (
      <JobProblem
        title={NO_JOB_TITLE}
        text="Choose a position from the list of openings to see its details."
      />
    );
  }
  if (choice?.kind === 'invalid') {
    return (
      <JobProblem
        title={JOB_NOT_FOUND_TITLE}
        text="The link doesn't name an opening we know. It may be incomplete; the full list is one click away."
      />
    );
  }
  return <JobLoading title={routes.jobs.title} />;
}

function JobLoading({ title }: { title: string }) {
  // Shaped as the loaded page starts (an eyebrow line over the title, the body reaching
  // below the fold), so nothing in view moves when the opening arrives (CLS).
  return (
    <>
      <JobIntro title={title} eyebrow={'\u00a0'} />
      <div className="job-loading" aria-hidden="true" />
    </>
  );
}

/** One opening's screen, at /careers/jobs/<id>. */
function JobScreen({ jobId, title }: { jobId: number; title: string }) {
  const served = usePageData().job;
  useEffect(() => {
    rememberJobId(jobId, sessionStore());
  }, [jobId]);
  const [detail, retry] = useResource(`job:${jobId}`, (signal) => fetchOpening(jobId, signal), {
    initial: served?.id === jobId ? served : undefined,
  });

  if (detail.status === 'loading') return <JobLoading title={title} />;
  if (detail.status === 'error') {
    if (detail.error.status === 404) {
      return <JobProblem title={JOB_NOT_FOUND_TITLE} text={JOB_CLOSED_TEXT} />;
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
  // What the apply dialog needs, in the Apply islands' props (the page's HTML): not the
  // description, which is in the page already.
  const names: OpeningNames = {
    id: job.id,
    code: job.code,
    title: job.title,
    location: job.location,
    where: {
      locations: job.locations,
      remoteCountries: job.remoteCountries,
      workplaceType: job.workplaceType,
    },
    questions: job.questions,
  };
  return (
    <>
      <JobMeta job={job} />
      <JobIntro title={job.title} eyebrow={job.code}>
        <ul className="job-intro__meta">
          <li>
            <Icon name="mapPin" size={18} />
            <span className="visually-hidden">Location: </span>
            {job.location}
            <JobPlaces job={job} />
          </li>
          <li>
            <Icon name="clock" size={18} />
            <span>
              Effective from <EffectiveFrom iso={job.effectiveFrom} />
            </span>
          </li>
          <li>
            <JobTermsLine terms={job} className="job-intro__terms" />
          </li>
        </ul>
        <div className="job-intro__actions job-intro__actions--apply">
          <ApplyIsland job={names} className="button button--on-navy job-intro__apply" />
        </div>
      </JobIntro>
      <div className="job-body" {...{ [JOB_ID_ATTRIBUTE]: job.id }}>
        <div className="container job-body__grid">
          <article className="job-main" aria-label="About the role">
            <JobDescription
              html={job.description}
              heading="About the role"
              headingId="job-description-title"
            />
          </article>
          <JobSidePanel job={job} />
        </div>
        {/* Phones: Apply stays in reach at the foot of the screen while the role is read (the
            band's Apply is hidden there, so there is one Apply button at any width). */}
        <div className="job-apply-bar">
          <p className="job-apply-bar__text">{jobHeading(job)}</p>
          <ApplyIsland job={names} className="button button--primary" />
        </div>
      </div>
    </>
  );
}

/**
 * Apply, an island of its own: on a job page loaded at its address only these hydrate (the
 * page's HTML is the rest), and the dialog's code loads when one is pressed
 * (docs/architecture.md, "Careers islands").
 */
function ApplyIsland({ job, className }: { job: OpeningNames; className: string }) {
  return (
    <Island name="job-apply" props={{ job, className }}>
      <ApplyButton job={job} className={className} />
    </Island>
  );
}

/**
 * The date in UTC as the server rendered it, then in the visitor's own time zone: drawn again by
 * React once in the browser, or by the job page's script where only its islands hydrate
 * (job-page-script.ts).
 */
function EffectiveFrom({ iso }: { iso: string }) {
  const zone = useInBrowser() ? 'local' : 'utc';
  return (
    <time dateTime={iso} {...{ [LOCAL_TIME_ATTRIBUTE]: '' }}>
      {formatEffectiveFrom(iso, zone)}
    </time>
  );
}

function JobMeta({ job }: { job: PublicOpening }) {
  usePageMeta({
    title: `${job.title} (${job.code})`,
    description: `${job.title} in ${job.location} at ${site.brand.legalName}.`,
  });
  return null;
}

function JobSidePanel({ job }: { job: PublicOpening }) {
  const managers = splitList(job.recruitmentManagers);
  const contacts = contactPersons(job);
  return (
    <aside className="job-side" aria-label="Job summary">
      <div className="job-side__block">
        <h2 className="job-side__title">Job Code</h2>
        <p className="job-side__code">{job.code}</p>
      </div>
      <div className="job-side__block">
        <h2 className="job-side__title">Pay</h2>
        <p>{payText(job) ?? 'Discussed with the recruiter'}</p>
      </div>
      <div className="job-side__block">
        <h2 className="job-side__title">Employment</h2>
        <p>
          {employmentTypeLabels[job.employmentType]},{' '}
          {workplaceTypeLabels[job.workplaceType].toLowerCase()}
        </p>
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
        {eyebrow ? <p className="eyebrow">{eyebrow}</p> : null}
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
  /** Said after the text (a closed opening's name and the open ones like it). */
  children?: React.ReactNode;
}

function JobProblem({ title, text, onRetry, children }: JobProblemProps) {
  usePageMeta({ title });
  return (
    <JobIntro title={title}>
      <p className="page-intro__lead">{text}</p>
      {children}
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

/**
 * A closed opening's page (docs/search.md): which opening closed, and open ones like it (sharing
 * a country, else the most recent), each a link; 'See all openings' follows.
 */
function ClosedOpening({
  title,
  similar,
}: {
  title: string | undefined;
  similar: { id: number; title: string; location: string }[];
}) {
  return (
    <div className="job-closed">
      {title ? (
        <p className="job-closed__name">
          <span className="job-closed__label">Closed: </span>
          {title}
        </p>
      ) : null}
      {similar.length > 0 ? (
        <section className="job-closed__similar" aria-labelledby="job-closed-similar">
          <h2 id="job-closed-similar" className="job-closed__heading">
            Open roles like it
          </h2>
          <ul className="job-closed__list">
            {similar.map((opening) => (
              <li key={opening.id}>
                <a href={jobPath(opening.id)}>{opening.title}</a>
                <span className="job-closed__place"> · {opening.location}</span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
