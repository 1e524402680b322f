import { useState } from 'react';
import {
  DUPLICATE_UNDO_DAYS,
  type ConsoleApplicant,
  type DuplicateMatch,
  type PossibleDuplicate,
  type SamePersonApplication,
} from '@lumenfield/contract';
import { Link } from '@lumenfield/page-kit';
import { useDuplicateDecision, type DuplicateDecision } from '../api';
import { failureText } from '../../common/api/query-client';
import { ConfirmDialog } from '../../common/components/confirm-dialog';
import { applicantPath } from '../../common/routes';
import { DoneNote, ErrorNote } from '../../common/components/status';
import { StageBadge } from '../../common/components/badges';
import { When } from '../../common/components/when';
import './applicant-duplicates.css';

/** What matched, in a recruiter's words. */
const MATCH_WORDS: Record<DuplicateMatch, string> = {
  email: 'e-mail address',
  phone: 'mobile number',
  resume: 'resume file',
};

const list = new Intl.ListFormat('en', { style: 'long', type: 'conjunction' });

export const matchedText = (by: readonly DuplicateMatch[]) =>
  `Same ${list.format(by.map((key) => MATCH_WORDS[key]))}`;

/** "Ana Silva", the opening, when, the stage: one line per other application. */
function OtherApplication({
  application,
}: {
  application: PossibleDuplicate | SamePersonApplication;
}) {
  return (
    <>
      <Link className="rc-dupe__name" to={applicantPath(application.applicantId)}>
        {application.firstName} {application.lastName}
      </Link>
      <span className="rc-dupe__facts">
        <span>
          {application.jobCode} · {application.jobTitle}
        </span>
        <span>
          Applied <When iso={application.appliedOn} withTime={false} />
        </span>
        <StageBadge stage={application.stage} />
      </span>
    </>
  );
}

/** The date a merge made now could be undone until (the server's rule, for the dialog). */
const undoDateFromNow = () => new Date(Date.now() + DUPLICATE_UNDO_DAYS * 86_400_000);

/**
 * The applicant's possible duplicates (other applications sharing their e-mail address, mobile
 * number or resume, not yet decided about) with "Same person — merge" and "Not the same
 * person", and the same person's other applications ("Also applied") with "Undo merge" for 30
 * days (docs/recruiters.md, "Duplicates"). Each decision answers the page as it is now.
 */
export function Duplicates({ applicant }: { applicant: ConsoleApplicant }) {
  const [merging, setMerging] = useState<PossibleDuplicate | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const { applicantId, possibleDuplicates, alsoApplied } = applicant;
  const deciding = useDuplicateDecision(applicantId);
  const busy = deciding.isPending;

  // The answer, the page as it is now, is the cached page (applicants/api.ts).
  const decide = (
    change: DuplicateDecision,
    other: PossibleDuplicate | SamePersonApplication,
    said: string,
  ) => {
    if (busy) return;
    setError(null);
    setDone(null);
    deciding.mutate(
      { change, otherId: other.applicantId },
      {
        onSuccess: () => setDone(said),
        onError: (failure) => setError(failureText(failure, 'Nothing was changed.')),
        onSettled: () => setMerging(null),
      },
    );
  };

  if (possibleDuplicates.length === 0 && alsoApplied.length === 0 && !done && !error) return null;
  const name = (a: { firstName: string; lastName: string }) => `${a.firstName} ${a.lastName}`;
  return (
    <section className="rc-card rc-dupes" aria-labelledby="duplicates-heading">
      <h2 id="duplicates-heading">
        {possibleDuplicates.length > 0 || alsoApplied.length === 0
          ? 'Possible duplicates'
          : 'Also applied'}
      </h2>
      {error ? <ErrorNote message={error} /> : null}
      <DoneNote>{done}</DoneNote>
      {possibleDuplicates.length > 0 ? (
        <>
          <p className="rc-muted">
            Other applications that look like this person&rsquo;s. Merging keeps both applications,
            each with its own opening and stage, and shows them as one person.
          </p>
          <ul className="rc-dupe-list" aria-label="Possible duplicates">
            {possibleDuplicates.map((other) => (
              <li key={other.applicantId} className="rc-dupe">
                <OtherApplication application={other} />
                <span className="rc-flag rc-flag--duplicate">{matchedText(other.matchedBy)}</span>
                <span className="rc-dupe__actions">
                  <button
                    type="button"
                    className="button button--primary"
                    onClick={() => setMerging(other)}
                  >
                    Same person — merge
                  </button>
                  <button
                    type="button"
                    className="button button--secondary"
                    disabled={busy}
                    onClick={() =>
                      decide(
                        'notDuplicate',
                        other,
                        `Noted: ${name(other)}'s application is not the same person.`,
                      )
                    }
                  >
                    Not the same person
                  </button>
                </span>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {alsoApplied.length > 0 ? (
        <>
          {possibleDuplicates.length > 0 ? <h3>Also applied</h3> : null}
          <p className="rc-muted">The same person&rsquo;s other applications.</p>
          <ul className="rc-dupe-list" aria-label="Also applied">
            {alsoApplied.map((other) => (
              <li key={other.applicantId} className="rc-dupe">
                <OtherApplication application={other} />
                <span className="rc-sub">
                  {other.mergedOn ? (
                    <>
                      Merged by {other.mergedBy}, <When iso={other.mergedOn} withTime={false} />
                    </>
                  ) : (
                    'Linked through another of their applications'
                  )}
                </span>
                {other.undoUntil ? (
                  <span className="rc-dupe__actions">
                    <button
                      type="button"
                      className="button button--secondary"
                      disabled={busy}
                      aria-describedby={`undo-until-${other.applicantId}`}
                      onClick={() =>
                        decide('undoMerge', other, `Merge undone: ${name(other)} is apart again.`)
                      }
                    >
                      Undo merge
                    </button>
                    <span id={`undo-until-${other.applicantId}`} className="rc-sub">
                      Can be undone until <When iso={other.undoUntil} withTime={false} />
                    </span>
                  </span>
                ) : null}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {merging ? (
        <ConfirmDialog
          title="Same person?"
          confirmLabel="Merge"
          busy={busy}
          onConfirm={() =>
            decide('merge', merging, `Merged: ${name(merging)}'s application is the same person.`)
          }
          onCancel={() => setMerging(null)}
        >
          <p>
            This application and {name(merging)}&rsquo;s for {merging.jobCode} · {merging.jobTitle}{' '}
            will be shown as one person. Both applications stay, each with its own opening and
            stage.
          </p>
          <p>
            {matchedText(merging.matchedBy)}. You can undo the merge until{' '}
            <When iso={undoDateFromNow().toISOString()} withTime={false} />.
          </p>
        </ConfirmDialog>
      ) : null}
    </section>
  );
}
