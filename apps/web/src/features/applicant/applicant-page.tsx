import {
  applicantPageCopy as copy,
  type ApplicantPageApplication,
  type ApplicantPageState,
} from '@lumenfield/contract';
import {
  APPLICANT_LINKS_PATH,
  applicantActionPath,
  applicantInterviewPath,
  routes,
  type ScreenProps,
} from '@lumenfield/routes';
import type { ReactNode } from 'react';
import { PageIntro } from '@/components/page-intro';
import { usePageData } from '@/lib/page-data';
import { usePageMeta } from '@/lib/page-meta';
import './applicant-page.css';
import { Summary, Confirm, LinksForm } from './applicant-forms';
import { BookView, InterviewList } from './interview-booking';
import { Thread } from './applicant-thread';

/**
 * The applicant's own page (docs/careers.md, "Your application's own page"), made by the server
 * for one person: where their application stands and what they can do, each action confirmed
 * on a page of its own. Every form is a plain form that works without scripts.
 */
export default function ApplicantPage(_props: ScreenProps) {
  const { applicant } = usePageData();
  const view = applicant?.view;
  const title = titleOf(applicant);
  usePageMeta({ title });
  if (!applicant || !view) {
    // Reached in place without the server's page: the links form is a page of its own.
    return (
      <PageIntro title={copy.linksTitle}>
        <p className="page-intro__lead">
          <a className="button button--on-navy" href={APPLICANT_LINKS_PATH}>
            Ask for your links
          </a>
        </p>
      </PageIntro>
    );
  }
  const { application } = applicant;
  return (
    <>
      <PageIntro
        eyebrow={application ? `${application.jobCode} - ${application.jobTitle}` : 'Careers'}
        title={title}
      />
      <div className="container">
        <div className="applicant-page">{bodyOf(applicant)}</div>
      </div>
    </>
  );
}

function titleOf(state: ApplicantPageState | undefined): string {
  switch (state?.view.kind) {
    case 'status':
      return copy.title;
    case 'confirm-withdraw':
      return copy.withdrawTitle;
    case 'confirm-erase':
      return copy.eraseTitle;
    case 'replace-resume':
      return copy.resumeTitle;
    case 'unknown':
      return copy.unknownTitle;
    case 'erase-confirm':
      return copy.eraseConfirmTitle;
    case 'erase-gone':
      return copy.unknownTitle;
    case 'erased':
      return copy.erasedTitle;
    case 'book':
      return state.view.interview.status === 'offered' ? copy.bookTitle : copy.moveTitle;
    case 'confirm-cancel-interview':
      return copy.cancelInterviewTitle;
    default:
      return copy.linksTitle;
  }
}

function bodyOf(state: ApplicantPageState): ReactNode {
  const { view, base, application, xsrfToken } = state;
  switch (view.kind) {
    case 'status':
      return application && base ? (
        <StatusView
          application={application}
          base={base}
          notice={view.notice}
          xsrfToken={xsrfToken}
          reply={view.reply}
        />
      ) : null;
    case 'confirm-withdraw':
      return (
        <Confirm
          action={applicantActionPath(base ?? '', 'withdraw')}
          xsrfToken={xsrfToken}
          text={copy.withdrawText}
          tick={copy.withdrawConfirm}
          button="Withdraw my application"
          back={base}
          backText="Keep my application"
          problem={view.problem}
          application={application}
        />
      );
    case 'confirm-erase':
      return (
        <Confirm
          action={applicantActionPath(base ?? '', 'erase')}
          xsrfToken={xsrfToken}
          text={copy.eraseText}
          button="Send me the erase link"
          back={base}
          backText="Keep my data"
          problem={null}
          application={application}
        />
      );
    case 'replace-resume':
      return (
        <Confirm
          action={applicantActionPath(base ?? '', 'new-resume')}
          xsrfToken={xsrfToken}
          text={copy.resumeText}
          tick="Replace my resume with this file"
          button="Send my new resume"
          back={base}
          backText="Keep the one I sent"
          problem={view.problem}
          application={application}
          file
        />
      );
    case 'erase-confirm':
      return (
        <Confirm
          action={base ?? ''}
          xsrfToken={xsrfToken}
          text={copy.eraseConfirmText}
          tick={copy.eraseConfirm}
          button="Erase my data"
          danger
          back={null}
          backText=""
          problem={view.problem}
          application={null}
        />
      );
    case 'book':
      return base ? <BookView base={base} xsrfToken={xsrfToken} {...view} /> : null;
    case 'confirm-cancel-interview':
      return (
        <Confirm
          action={applicantInterviewPath(base ?? '', view.interview.id, true)}
          xsrfToken={xsrfToken}
          text={`${view.interview.name}: ${view.interview.when ?? ''}. ${copy.cancelInterviewText}`}
          tick={copy.cancelInterviewConfirm}
          button="Cancel my interview"
          danger
          back={base}
          backText="Keep my interview"
          problem={view.problem}
          application={application}
        />
      );
    case 'unknown':
      return (
        <>
          <p className="applicant-page__text">{copy.unknownText}</p>
          <LinksForm xsrfToken={xsrfToken} problem={null} email="" />
        </>
      );
    case 'links':
      return <LinksForm xsrfToken={xsrfToken} problem={view.problem} email={view.email} />;
    case 'links-sent':
      return (
        <p className="applicant-page__notice" role="status">
          {copy.linksSent}
        </p>
      );
    case 'erase-gone':
      return <p className="applicant-page__text">{copy.eraseLinkGone}</p>;
    case 'erased':
      return (
        <>
          <p className="applicant-page__text">{copy.erasedText}</p>
          <p>
            <a className="button button--secondary" href={routes.careers.path}>
              See our openings
            </a>
          </p>
        </>
      );
  }
}

function StatusView({
  application,
  base,
  notice,
  xsrfToken,
  reply,
}: {
  application: ApplicantPageApplication;
  base: string;
  notice: string | null;
  xsrfToken: string;
  reply: { problem: string; text: string } | undefined;
}) {
  return (
    <>
      {notice ? (
        <p className="applicant-page__notice" role="status">
          {notice}
        </p>
      ) : null}
      <Summary application={application} />
      <InterviewList interviews={application.interviews} base={base} />
      <Thread thread={application.thread} base={base} xsrfToken={xsrfToken} reply={reply} />
      <h2 className="applicant-page__heading">What you can do</h2>
      <ul className="applicant-actions">
        <li className="applicant-action">
          <h3>Withdraw your application</h3>
          {application.withdrawRefusal ? (
            <p>{application.withdrawRefusal}</p>
          ) : (
            <>
              <p>If you no longer want to be considered for this opening, tell us here.</p>
              <a className="button button--secondary" href={applicantActionPath(base, 'withdraw')}>
                Withdraw…
              </a>
            </>
          )}
        </li>
        <li className="applicant-action">
          <h3>Send a newer resume</h3>
          {application.canReplaceResume ? (
            <>
              <p>You sent {application.resumeName}. A newer one takes its place.</p>
              <a
                className="button button--secondary"
                href={applicantActionPath(base, 'new-resume')}
              >
                Replace my resume…
              </a>
            </>
          ) : (
            <p>{copy.resumeClosed}</p>
          )}
        </li>
        <li className="applicant-action">
          <h3>Download your data</h3>
          <p>Everything we keep about this application, as a file, and the resume you sent.</p>
          <p className="applicant-action__links">
            <a
              className="button button--secondary"
              href={applicantActionPath(base, 'data.json')}
              download
            >
              My data (JSON)
            </a>
            <a className="button button--secondary" href={applicantActionPath(base, 'resume')}>
              My resume
            </a>
          </p>
        </li>
        <li className="applicant-action">
          <h3>Erase your data</h3>
          <p>We send you a mail with a link; confirming there erases your applications.</p>
          <a className="button button--secondary" href={applicantActionPath(base, 'erase')}>
            Erase…
          </a>
        </li>
      </ul>
    </>
  );
}
