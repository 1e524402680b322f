import {
  RESUME_ACCEPT,
  applicantFormFields,
  applicantPageCopy as copy,
  type ApplicantPageApplication,
} from '@lumenfield/contract';
import { APPLICANT_LINKS_PATH } from '@lumenfield/routes';
import '@/components/form-control.css';

/** Dates as the applicant reads them, the same on the server and in the browser (UTC). */
const dateFormat = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'UTC' });
const dateOf = (iso: string) => dateFormat.format(new Date(iso));

export function Summary({ application }: { application: ApplicantPageApplication }) {
  return (
    <dl className="applicant-summary">
      <div>
        <dt>Opening</dt>
        <dd>
          {application.jobTitle} ({application.jobCode})
        </dd>
      </div>
      <div>
        <dt>Place</dt>
        <dd>{application.place}</dd>
      </div>
      <div>
        <dt>Applied on</dt>
        <dd>{dateOf(application.appliedOn)}</dd>
      </div>
      <div>
        <dt>Status</dt>
        <dd>
          <strong className="applicant-summary__status">{application.status}</strong>{' '}
          <span className="applicant-summary__since">since {dateOf(application.statusSince)}</span>
        </dd>
      </div>
    </dl>
  );
}

export function Confirm({
  action,
  xsrfToken,
  text,
  tick,
  button,
  danger = false,
  file = false,
  back,
  backText,
  problem,
  application,
}: {
  action: string;
  xsrfToken: string;
  text: string;
  tick?: string;
  button: string;
  danger?: boolean;
  /** A resume is sent with it (multipart, as the apply form's). */
  file?: boolean;
  back: string | null;
  backText: string;
  problem: string | null;
  application: ApplicantPageApplication | null;
}) {
  return (
    <>
      {application ? <Summary application={application} /> : null}
      <form
        className="applicant-form"
        method="post"
        action={action}
        encType={file ? 'multipart/form-data' : undefined}
      >
        <input type="hidden" name={applicantFormFields.xsrf} value={xsrfToken} />
        <p className="applicant-page__text">{text}</p>
        {problem ? (
          <p className="applicant-form__problem" id="confirm-problem" role="alert">
            {problem}
          </p>
        ) : null}
        {file ? (
          <p className="applicant-form__field">
            <label htmlFor="new-resume">New resume (PDF, DOC or DOCX)</label>
            <input
              className="form-control"
              id="new-resume"
              type="file"
              name={applicantFormFields.resume}
              accept={RESUME_ACCEPT}
              required
            />
          </p>
        ) : null}
        {tick ? (
          <p className="applicant-form__tick">
            <input
              type="checkbox"
              id="confirm"
              name={applicantFormFields.confirm}
              value="yes"
              required
              aria-describedby={problem ? 'confirm-problem' : undefined}
            />
            <label htmlFor="confirm">{tick}</label>
          </p>
        ) : null}
        <p className="applicant-form__buttons">
          <button
            type="submit"
            className={danger ? 'button applicant-form__danger' : 'button button--primary'}
          >
            {button}
          </button>
          {back ? (
            <a className="button button--secondary" href={back}>
              {backText}
            </a>
          ) : null}
        </p>
      </form>
    </>
  );
}

export function LinksForm({
  xsrfToken,
  problem,
  email,
}: {
  xsrfToken: string;
  problem: string | null;
  email: string;
}) {
  return (
    <form className="applicant-form" method="post" action={APPLICANT_LINKS_PATH}>
      <input type="hidden" name={applicantFormFields.xsrf} value={xsrfToken} />
      <h2 className="applicant-page__heading">Send me my links</h2>
      <p className="applicant-page__text">{copy.linksIntro}</p>
      <p className="applicant-form__field">
        <label htmlFor="links-email">E-mail address</label>
        <input
          className="form-control"
          id="links-email"
          type="email"
          name={applicantFormFields.email}
          autoComplete="email"
          required
          maxLength={320}
          defaultValue={email}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? 'links-email-problem' : undefined}
        />
        {problem ? (
          <span className="applicant-form__problem" id="links-email-problem">
            {problem}
          </span>
        ) : null}
      </p>
      <p className="applicant-form__buttons">
        <button type="submit" className="button button--primary">
          Send me my links
        </button>
      </p>
    </form>
  );
}
