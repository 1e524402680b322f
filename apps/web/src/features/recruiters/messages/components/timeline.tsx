import type { ReactNode } from 'react';
import type { ApplicantMessageKind, ConsoleApplicant, ReplyChannel } from '@lumenfield/contract';
import { StageBadge } from '../../common/components/badges';
import { When } from '../../common/components/when';
import { NoteText } from '../../notifications/components/note-text';
import './messages.css';

const KIND_LABELS: Record<ApplicantMessageKind, string> = {
  template: 'Message sent',
  written: 'Message sent',
  rejection: 'Rejection mail sent',
};

const CHANNEL_LABELS: Record<ReplyChannel, string> = {
  mail: 'Replied by mail',
  'status-page': 'Replied on their status page',
};

/** "12 KB", "1.4 MB": a file's size at a glance. */
const sizeText = (bytes: number) =>
  bytes < 1024 * 1024
    ? `${Math.max(1, Math.round(bytes / 1024))} KB`
    : `${(bytes / (1024 * 1024)).toFixed(1)} MB`;

interface Entry {
  key: string;
  at: string;
  content: ReactNode;
}

/**
 * Everything that happened to the application, newest first: moves, notes, messages and the
 * candidate's replies (their text as text, their files as downloads bound to this session).
 */
export function Timeline({ applicant }: { applicant: ConsoleApplicant }) {
  const entries: Entry[] = [
    ...applicant.stageHistory.map((change, index) => ({
      key: `stage-${index}`,
      at: change.changedOn,
      content:
        change.changedBy === 'applicant' ? (
          <p className="rc-timeline__what">Applied</p>
        ) : (
          <p className="rc-timeline__what">
            Moved to <StageBadge stage={change.stage} /> by <strong>{change.changedBy}</strong>
            {index === 0 && change.stage === 'Rejected' && applicant.rejectionReason ? (
              <span className="rc-sub">Reason: {applicant.rejectionReason}</span>
            ) : null}
          </p>
        ),
    })),
    ...applicant.notes.map((note) => ({
      key: `note-${note.noteId}`,
      at: note.createdOn,
      content: (
        <>
          <p className="rc-timeline__what">
            Note by <strong>{note.author}</strong>
          </p>
          <NoteText className="rc-notes__text" text={note.text} />
        </>
      ),
    })),
    ...applicant.messages.map((sent) => ({
      key: `message-${sent.messageId}`,
      at: sent.sentOn,
      content: (
        <>
          <p className="rc-timeline__what">
            {KIND_LABELS[sent.kind]} by <strong>{sent.sentBy}</strong>:{' '}
            <span className="rc-timeline__subject">{sent.subject}</span>
          </p>
          <details className="rc-timeline__body">
            <summary>
              Read the message<span className="visually-hidden">: {sent.subject}</span>
            </summary>
            <p className="rc-message-body">{sent.body}</p>
          </details>
        </>
      ),
    })),
    ...applicant.replies.map((reply) => ({
      key: `reply-${reply.replyId}`,
      at: reply.receivedOn,
      content: (
        <>
          <p className="rc-timeline__what">
            <strong>{CHANNEL_LABELS[reply.channel]}</strong>
            {reply.subject ? (
              <>
                : <span className="rc-timeline__subject">{reply.subject}</span>
              </>
            ) : null}
          </p>
          <p className="rc-message-body rc-timeline__reply">{reply.body}</p>
          {reply.attachments.length > 0 ? (
            <ul className="rc-timeline__files" aria-label="Files with the reply">
              {reply.attachments.map((file) => (
                <li key={file.url}>
                  <a href={file.url} download={file.name}>
                    {file.name}
                  </a>{' '}
                  <span className="rc-sub">({sizeText(file.bytes)})</span>
                </li>
              ))}
            </ul>
          ) : null}
        </>
      ),
    })),
  ];
  // Newest first; at the same instant, the order each list had (a move before its mail).
  entries.sort((a, b) => b.at.localeCompare(a.at));
  return (
    <section className="rc-card" aria-labelledby="timeline-heading">
      <h2 id="timeline-heading">Timeline</h2>
      <ol className="rc-timeline">
        {entries.map((entry) => (
          <li key={entry.key}>
            <p className="rc-timeline__when">
              <When iso={entry.at} />
            </p>
            {entry.content}
          </li>
        ))}
      </ol>
    </section>
  );
}
