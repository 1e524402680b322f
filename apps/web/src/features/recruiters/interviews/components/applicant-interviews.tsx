import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@lumenfield/page-kit';
import { interviewKindLabels, type Interview } from '@lumenfield/contract';
import { applicantInterviewsQuery, useCancelInterview, workingHoursQuery } from '../api';
import { failureText } from '../../common/api/query-client';
import { scorecardPath } from '../../common/routes';
import { ConfirmDialog } from '../../common/components/confirm-dialog';
import { DoneNote, ErrorNote, Pending } from '../../common/components/status';
import { browserZone, clockInZone, formatInZone } from '../zones';
import { ScheduleForm } from './schedule-form';
import './interviews.css';

/**
 * One interview: when (in the viewer's zone, and the zone it was set in), who, where, its kit;
 * the viewer's own scorecard when they interview; moving and cancelling for those who schedule.
 */
function InterviewItem({
  interview,
  viewerZone,
  viewerId,
  changes,
}: {
  interview: Interview;
  viewerZone: string;
  viewerId: number;
  /** Reschedule and Cancel, for those who schedule; none for a reader. */
  changes?: { onMove: () => void; onCancel: () => void } | undefined;
}) {
  const { planInterview: plan } = interview;
  const cancelled = interview.status === 'cancelled';
  const interviewing = interview.interviewers.some((person) => person.userId === viewerId);
  const title = `${plan.name} (${interviewKindLabels[plan.kind]})`;
  return (
    <li className={`rc-interviews__item${cancelled ? ' rc-interviews__item--cancelled' : ''}`}>
      <h3>
        {title}
        {cancelled ? ' · Cancelled' : ''}
      </h3>
      {interview.startsAt && interview.endsAt ? (
        <p>
          {formatInZone(interview.startsAt, viewerZone)}–{clockInZone(interview.endsAt, viewerZone)}
          {interview.timeZone !== viewerZone
            ? ` (${clockInZone(interview.startsAt, interview.timeZone)} in ${interview.timeZone})`
            : ''}
        </p>
      ) : (
        <p>
          Times offered: {interview.offer?.freeSlots ?? 0} still free; the candidate has not chosen
          one yet.
        </p>
      )}
      {interview.offer?.booked && !cancelled ? <p>Booked by the candidate.</p> : null}
      <p>
        {interview.durationMinutes} min with{' '}
        {interview.interviewers.map((person) => person.name).join(', ')}
      </p>
      {interview.location ? <p>Where: {interview.location}</p> : null}
      {/* A reader comes for the kit: it is open for them. */}
      <details open={changes === undefined}>
        <summary>Interview kit</summary>
        <p>
          <strong>Focus attributes:</strong> {plan.focusAttributes.join(', ') || 'none'}
        </p>
        {plan.questions.length > 0 ? (
          <ol>
            {plan.questions.map((question) => (
              <li key={question}>{question}</li>
            ))}
          </ol>
        ) : null}
      </details>
      {interviewing && !cancelled ? (
        <p>
          <Link to={scorecardPath(interview.id)}>
            Open your scorecard<span className="visually-hidden"> for {plan.name}</span>
          </Link>
        </p>
      ) : null}
      {changes && !cancelled ? (
        <div className="rc-actions">
          <button type="button" className="button button--secondary" onClick={changes.onMove}>
            Reschedule<span className="visually-hidden"> {plan.name}</span>
          </button>
          <button type="button" className="button button--secondary" onClick={changes.onCancel}>
            Cancel<span className="visually-hidden"> {plan.name}</span>
          </button>
        </div>
      ) : null}
    </li>
  );
}

/**
 * "Interviews" on the applicant's page: their interviews, shown in the viewer's own time zone
 * (their working hours' zone, else the browser's), and, for those who schedule, a form to
 * schedule or move one with the interviewers' conflicts shown before saving; a cancellation asks
 * first. Anyone else reads them: an interviewer only their own (the server's rule), with the kit
 * and a link to their scorecard.
 */
export function ApplicantInterviews({
  applicantId,
  jobId,
  viewerId,
  schedules,
  ownOnly = false,
}: {
  applicantId: number;
  jobId: number;
  viewerId: number;
  /** Whether the viewer schedules interviews (admins and recruiters). */
  schedules: boolean;
  /** Whether the server answers only the viewer's own interviews (an interviewer's). */
  ownOnly?: boolean;
}) {
  const interviews = useQuery(applicantInterviewsQuery(applicantId));
  const hours = useQuery(workingHoursQuery);
  const viewerZone = hours.data?.timeZone ?? browserZone();
  const [editing, setEditing] = useState<Interview | 'new' | null>(null);
  const [asked, setAsked] = useState<Interview | null>(null);
  const [done, setDone] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const cancelling = useCancelInterview(applicantId);

  const cancel = (interview: Interview) =>
    cancelling.mutate(interview.id, {
      onSuccess: () => {
        setAsked(null);
        setDone(`“${interview.planInterview.name}” was cancelled.`);
      },
      onError: (error) => {
        setAsked(null);
        setFailure(failureText(error, 'The interview was not cancelled.'));
      },
    });

  return (
    <section className="rc-card rc-interviews" aria-labelledby="interviews-heading">
      <h2 id="interviews-heading">{ownOnly ? 'Your interviews' : 'Interviews'}</h2>
      <p className="rc-muted">Times in {viewerZone} (your time zone).</p>
      <DoneNote>{done}</DoneNote>
      {failure ? <ErrorNote message={failure} /> : null}
      <Pending query={interviews} what="the interviews" />
      {interviews.isSuccess && interviews.data.length === 0 ? <p>No interviews yet.</p> : null}
      {interviews.data && interviews.data.length > 0 ? (
        <ul className="rc-interviews__list">
          {interviews.data.map((interview) => (
            <InterviewItem
              key={interview.id}
              interview={interview}
              viewerZone={viewerZone}
              viewerId={viewerId}
              changes={
                schedules
                  ? {
                      onMove: () => {
                        setDone('');
                        setEditing(interview);
                      },
                      onCancel: () => setAsked(interview),
                    }
                  : undefined
              }
            />
          ))}
        </ul>
      ) : null}
      {!schedules ? null : editing === null ? (
        <button
          type="button"
          className="button button--primary"
          onClick={() => {
            setDone('');
            setEditing('new');
          }}
        >
          Schedule interview
        </button>
      ) : (
        <>
          <h3>
            {editing === 'new'
              ? 'Schedule an interview'
              : `Reschedule ${editing.planInterview.name}`}
          </h3>
          <ScheduleForm
            key={editing === 'new' ? 'new' : editing.id}
            applicantId={applicantId}
            jobId={jobId}
            interview={editing === 'new' ? undefined : editing}
            viewerZone={viewerZone}
            onDone={(message) => {
              setEditing(null);
              setDone(message);
            }}
            onCancel={() => setEditing(null)}
          />
        </>
      )}
      {asked ? (
        <ConfirmDialog
          title="Cancel this interview?"
          confirmLabel="Yes, cancel it"
          cancelLabel="No, keep it"
          danger
          busy={cancelling.isPending}
          onConfirm={() => cancel(asked)}
          onCancel={() => setAsked(null)}
        >
          <p>
            &ldquo;{asked.planInterview.name}&rdquo; is cancelled for the applicant and every
            interviewer.
          </p>
        </ConfirmDialog>
      ) : null}
    </section>
  );
}
