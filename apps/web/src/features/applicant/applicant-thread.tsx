import {
  REPLY_MAX_LENGTH,
  applicantFormFields,
  applicantPageCopy as copy,
  type ApplicantThreadEntry,
} from '@lumenfield/contract';
import { applicantActionPath } from '@lumenfield/routes';

/** When, as the applicant reads it, the same on the server and in the browser (UTC). */
const whenFormat = new Intl.DateTimeFormat('en-GB', {
  dateStyle: 'long',
  timeStyle: 'short',
  timeZone: 'UTC',
});

const senderOf = (entry: ApplicantThreadEntry) =>
  entry.from === 'us'
    ? 'From us'
    : entry.channel === 'mail'
      ? 'Your answer, by mail'
      : 'Your answer, on this page';

/**
 * The conversation with the recruiters, oldest first, and a form to answer in it: a plain
 * form that posts and comes back here, with scripts or without (docs/careers.md).
 */
export function Thread({
  thread,
  base,
  xsrfToken,
  reply,
}: {
  thread: ApplicantThreadEntry[];
  base: string;
  xsrfToken: string;
  reply: { problem: string; text: string } | undefined;
}) {
  return (
    <section className="applicant-thread" id="thread" aria-labelledby="thread-heading">
      <h2 className="applicant-page__heading" id="thread-heading">
        {copy.threadHeading}
      </h2>
      {thread.length === 0 ? (
        <p className="applicant-page__text">{copy.threadEmpty}</p>
      ) : (
        <ol className="applicant-thread__list">
          {thread.map((entry, index) => (
            <li
              key={index}
              className={`applicant-thread__entry applicant-thread__entry--${entry.from}`}
            >
              <p className="applicant-thread__meta">
                <strong>{senderOf(entry)}</strong>{' '}
                <time dateTime={entry.at}>{whenFormat.format(new Date(entry.at))} UTC</time>
              </p>
              {entry.subject ? <p className="applicant-thread__subject">{entry.subject}</p> : null}
              <p className="applicant-thread__body">{entry.body}</p>
              {entry.attachments.length > 0 ? (
                <p className="applicant-thread__files">
                  With {entry.attachments.length === 1 ? 'a file' : 'files'}:{' '}
                  {entry.attachments.join(', ')}
                </p>
              ) : null}
            </li>
          ))}
        </ol>
      )}
      <form
        className="applicant-form applicant-thread__form"
        method="post"
        action={applicantActionPath(base, 'reply')}
      >
        <input type="hidden" name={applicantFormFields.xsrf} value={xsrfToken} />
        <p className="applicant-form__field applicant-thread__field">
          <label htmlFor="reply-message">{copy.replyLabel}</label>
          <span className="applicant-thread__hint" id="reply-hint">
            {copy.replyHint} At most {REPLY_MAX_LENGTH.toLocaleString('en-GB')} characters.
          </span>
          {reply ? (
            <span className="applicant-form__problem" id="reply-problem" role="alert">
              {reply.problem}
            </span>
          ) : null}
          <textarea
            className="form-control applicant-thread__text"
            id="reply-message"
            name={applicantFormFields.message}
            rows={6}
            maxLength={REPLY_MAX_LENGTH}
            required
            defaultValue={reply?.text ?? ''}
            aria-invalid={reply ? true : undefined}
            aria-describedby={reply ? 'reply-problem reply-hint' : 'reply-hint'}
          />
        </p>
        <p className="applicant-form__buttons">
          <button type="submit" className="button button--primary">
            {copy.replyButton}
          </button>
        </p>
      </form>
    </section>
  );
}
