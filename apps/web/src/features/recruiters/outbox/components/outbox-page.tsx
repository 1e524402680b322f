import { OUTBOX_MAIL_PARAM, OUTBOX_PAGE, counted, type OutboxMail } from '@lumenfield/contract';
import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from '@lumenfield/page-kit';
import { outboxMailQuery, outboxQuery } from '../api';
import { ListTable } from '../../common/components/list-table';
import { PageHeading } from '../../common/components/page-heading';
import { Pending } from '../../common/components/status';
import { When } from '../../common/components/when';
import { withQuery } from '../../common/lib/with-query';
import './outbox.css';

/**
 * What the mail's HTML is shown in: a sandboxed frame (no script runs, no same origin), its
 * own policy on top of the console's (no fetch of anything), and links opened in a new tab so
 * the status link of a confirmation can be followed.
 */
const FRAME_HEAD =
  '<meta http-equiv="Content-Security-Policy" content="default-src \'none\'; img-src data:; style-src \'unsafe-inline\'">' +
  '<base target="_blank">';
export const framedHtml = (html: string) =>
  html.replace(/^(\s*<!doctype[^>]*>)?/i, (doctype) => `${doctype}${FRAME_HEAD}`);

/** Plain text with its http(s) links clickable, as a mail reader shows it. */
function LinkedText({ text }: { text: string }) {
  const parts = text.split(/(https?:\/\/[^\s<>"]+)/g);
  return (
    <pre className="rc-outbox__text">
      {parts.map((part, index) =>
        index % 2 === 1 ? (
          <a key={index} href={part} target="_blank" rel="noopener noreferrer">
            {part}
          </a>
        ) : (
          part
        ),
      )}
    </pre>
  );
}

function OpenMail({ mail }: { mail: OutboxMail }) {
  const headers: [string, string][] = [
    ['To', mail.to.join(', ')],
    ['Subject', mail.subject],
    ['Kind', mail.kind],
    ...Object.entries(mail.headers),
  ];
  return (
    <section className="rc-card rc-outbox__mail" aria-labelledby="outbox-mail-title">
      <h2 id="outbox-mail-title">{mail.subject}</h2>
      <p className="rc-muted">
        Kept <When iso={mail.createdAt} />
      </p>
      <h3>Headers</h3>
      <dl className="rc-outbox__headers">
        {headers.map(([name, value]) => (
          <div key={name}>
            <dt>{name}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <h3>As HTML</h3>
      <iframe
        className="rc-outbox__frame"
        title={`The mail “${mail.subject}” as HTML`}
        sandbox="allow-popups allow-popups-to-escape-sandbox"
        referrerPolicy="no-referrer"
        srcDoc={framedHtml(mail.html)}
      />
      <h3>As text</h3>
      <LinkedText text={mail.text} />
      {mail.calendar ? (
        <>
          <h3>Calendar part ({mail.calendar.method})</h3>
          <pre className="rc-outbox__text">{mail.calendar.content}</pre>
        </>
      ) : null}
    </section>
  );
}

function MailPane({ id }: { id: number }) {
  const mail = useQuery(outboxMailQuery(id));
  return (
    <>
      <Pending query={mail} what="the mail" />
      {mail.isSuccess ? <OpenMail mail={mail.data} /> : null}
    </>
  );
}

/** Why the outbox exists, and how to send real mail instead. */
function OutboxNotice({ kept }: { kept: boolean }) {
  return kept ? (
    <div className="rc-card rc-outbox__notice">
      <p>
        <strong>No mail server is set</strong>, and the site runs on this machine only, so the mail
        it would send (confirmations, status links, alert confirmations, messages) is kept here
        instead, for an admin to read. Nobody receives it.
      </p>
      <p>
        To send real mail, set <code>SMTP_URL</code> (for example{' '}
        <code>smtp://user:password@mail.example.com:587</code>) and <code>MAIL_FROM</code>, then
        restart the server: this outbox is then emptied and keeps nothing more.
      </p>
    </div>
  ) : (
    <div className="rc-card rc-outbox__notice">
      <p>
        Mail goes to the mail server (<code>SMTP_URL</code>), or the site is reachable beyond this
        machine: nothing is kept here. The outbox is only for trying the site without a mail server,
        on a loopback address.
      </p>
    </div>
  );
}

/** The local outbox (docs/operations.md): admins only, each list and mail opened audited. */
export default function OutboxPage() {
  const outbox = useQuery(outboxQuery);
  const openId = Number(useSearchParams().get(OUTBOX_MAIL_PARAM)) || undefined;
  return (
    <>
      <PageHeading title="Outbox" />
      <Pending query={outbox} what="the outbox" />
      {outbox.isSuccess ? (
        <>
          <OutboxNotice kept={outbox.data.kept} />
          {outbox.data.kept ? (
            <div className="rc-columns">
              <div className="rc-columns__main">
                {openId ? (
                  <MailPane key={openId} id={openId} />
                ) : (
                  <p className="rc-card rc-muted">Choose a mail to read it.</p>
                )}
              </div>
              <div className="rc-columns__side">
                <section className="rc-card rc-outbox__list" aria-labelledby="outbox-list-title">
                  <h2 id="outbox-list-title">Kept mail</h2>
                  <p className="rc-muted">
                    {counted(outbox.data.mails.length, ['mail', 'mails'])}, newest first; the newest{' '}
                    {outbox.data.keeps} are kept.
                  </p>
                  {outbox.data.mails.length > 0 ? (
                    <ListTable caption="Kept mail" columns={['Subject', 'To', 'Kept']}>
                      {outbox.data.mails.map((mail) => (
                        <tr key={mail.id} aria-current={mail.id === openId ? 'true' : undefined}>
                          <td data-label="Subject">
                            <Link to={withQuery(OUTBOX_PAGE, { [OUTBOX_MAIL_PARAM]: mail.id })}>
                              {mail.subject}
                            </Link>
                          </td>
                          <td data-label="To" className="rc-sub">
                            {mail.to.join(', ')}
                          </td>
                          <td data-label="Kept">
                            <When iso={mail.createdAt} />
                          </td>
                        </tr>
                      ))}
                    </ListTable>
                  ) : null}
                </section>
              </div>
            </div>
          ) : null}
        </>
      ) : null}
    </>
  );
}
