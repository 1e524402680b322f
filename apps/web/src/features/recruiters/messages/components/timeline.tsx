import type { ReactNode } from 'react';
import type { ApplicantMessageKind, ConsoleApplicant } from '@lumenfield/contract';
import { StageBadge } from '../../common/components/badges';
import { When } from '../../common/components/when';
import { NoteText } from '../../notifications/components/note-text';
import './messages.css';

const KIND_LABELS: Record<ApplicantMessageKind, string> = {
  template: 'Message sent',
  written: 'Message sent',
  rejection: 'Rejection mail sent',
};

interface Entry {
  key: string;
  at: string;
  content: ReactNode;
}

/** Everything that happened to the application, newest first: moves, notes and messages. */
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
