import { useMemo, useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import {
  PLAN_LIMITS,
  interviewKindLabels,
  type Conflicts,
  type ConflictsQuery,
  type FieldError,
  type Interview,
} from '@lumenfield/contract';
import { ApiError } from '@/lib/api-client';
import { conflictsQuery, interviewersQuery, planQuery, useReschedule, useSchedule } from '../api';
import { failureText } from '../../common/api/query-client';
import { ErrorNote, Pending } from '../../common/components/status';
import { FieldFrame, FormActions, TextField, fieldErrorFor } from '../../common/components/fields';
import { clockInZone, formatInZone, wallTimeIn } from '../zones';
import { TimeZoneField } from './time-zone-field';

interface Draft {
  /** A time set here, or times offered for the candidate to choose from. */
  when: 'set' | 'offer';
  planInterviewId: string;
  date: string;
  time: string;
  timeZone: string;
  durationMinutes: string;
  interviewerIds: number[];
  location: string;
}

/** The query a complete draft asks the conflicts of; undefined while it is not complete. */
function conflictsOf(draft: Draft, exceptInterviewId?: number): ConflictsQuery | undefined {
  const duration = Number(draft.durationMinutes);
  if (
    draft.when === 'offer' ||
    !/^\d{4}-\d{2}-\d{2}$/.test(draft.date) ||
    !/^\d{2}:\d{2}$/.test(draft.time) ||
    !Number.isInteger(duration) ||
    duration < PLAN_LIMITS.minDuration ||
    duration > PLAN_LIMITS.maxDuration ||
    duration % PLAN_LIMITS.durationStep !== 0 ||
    draft.interviewerIds.length === 0
  )
    return undefined;
  return {
    startsAt: `${draft.date}T${draft.time}`,
    timeZone: draft.timeZone,
    durationMinutes: duration,
    interviewerIds: draft.interviewerIds,
    ...(exceptInterviewId === undefined ? {} : { exceptInterviewId }),
  };
}

/** Each interviewer's overlaps and working hours, as the recruiter types (saving stays open). */
function Checks({ conflicts, viewerZone }: { conflicts: Conflicts; viewerZone: string }) {
  const warnings = conflicts.interviewers.filter(
    (person) => person.hours === 'outside' || person.overlapping.length > 0,
  ).length;
  return (
    <div className="rc-alert rc-schedule__checks">
      <p>
        <strong>
          {warnings === 0
            ? 'No conflicts.'
            : `${warnings === 1 ? 'One interviewer has' : `${warnings} interviewers have`} a conflict: you may still schedule.`}
        </strong>
      </p>
      <ul>
        {conflicts.interviewers.map((person) => (
          <li key={person.userId}>
            {person.name}:{' '}
            {person.hours === 'no-hours' ? (
              'no working hours set.'
            ) : person.hours === 'outside' ? (
              <span className="rc-schedule__warn">
                outside their working hours ({person.theirTime} in {person.timeZone}).
              </span>
            ) : (
              `within their working hours (${person.theirTime} in ${person.timeZone}).`
            )}
            {person.overlapping.map((other) => (
              <span key={other.interviewId} className="rc-schedule__warn">
                {' '}
                Already in “{other.name}” with {other.applicantName},{' '}
                {formatInZone(other.startsAt, viewerZone)}–{clockInZone(other.endsAt, viewerZone)}.
              </span>
            ))}
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * Schedule an interview from the applicant's opening's plan, or move one (`interview`): the
 * start as a date and time in a chosen time zone, the duration (the plan's by default), the
 * interviewers and a place or video link; each interviewer's conflicts show as it is typed.
 */
export function ScheduleForm({
  applicantId,
  jobId,
  interview,
  viewerZone,
  onDone,
  onCancel,
}: {
  applicantId: number;
  jobId: number;
  interview?: Interview | undefined;
  viewerZone: string;
  onDone: (message: string) => void;
  onCancel: () => void;
}) {
  const plan = useQuery({ ...planQuery(jobId), enabled: interview === undefined });
  const people = useQuery(interviewersQuery);
  const [draft, setDraft] = useState<Draft>(() => {
    const zone = interview?.timeZone ?? viewerZone;
    const wall = interview?.startsAt ? wallTimeIn(interview.startsAt, zone) : undefined;
    return {
      when: 'set',
      planInterviewId: interview ? String(interview.planInterview.id) : '',
      date: wall?.date ?? '',
      time: wall?.time ?? '',
      timeZone: zone,
      durationMinutes: interview ? String(interview.durationMinutes) : '',
      interviewerIds: interview?.interviewers.map((person) => person.userId) ?? [],
      location: interview?.location ?? '',
    };
  });
  const [errors, setErrors] = useState<FieldError[]>([]);
  const [failure, setFailure] = useState<string | null>(null);
  const scheduling = useSchedule(applicantId);
  const moving = useReschedule(applicantId);
  const query = conflictsOf(draft, interview?.id);
  const checks = useQuery({ ...conflictsQuery(query!), enabled: query !== undefined });
  const planned = useMemo(
    () => (plan.data?.stages ?? []).flatMap(({ interviews }) => interviews),
    [plan.data],
  );
  const set = (change: Partial<Draft>) => setDraft((current) => ({ ...current, ...change }));
  const error = (field: string) => fieldErrorFor(errors, field);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const common = {
      timeZone: draft.timeZone,
      durationMinutes: Number(draft.durationMinutes),
      interviewerIds: draft.interviewerIds,
      location: draft.location.trim() || null,
    };
    const fields = { ...common, startsAt: `${draft.date}T${draft.time}` };
    const offering = !interview && draft.when === 'offer';
    const handlers = {
      onSuccess: () =>
        onDone(
          interview
            ? 'The interview was moved.'
            : offering
              ? 'Times were offered: the candidate has a mail with the link to choose one.'
              : 'The interview was scheduled.',
        ),
      onError: (failed: Error) => {
        setErrors(failed instanceof ApiError ? failed.fieldErrors : []);
        setFailure(failureText(failed, 'The interview was not saved.'));
      },
    };
    const planInterviewId = Number(draft.planInterviewId);
    if (interview) moving.mutate({ id: interview.id, patch: fields }, handlers);
    else if (offering) {
      scheduling.mutate({ ...common, planInterviewId, offerSlots: true }, handlers);
    } else scheduling.mutate({ ...fields, planInterviewId }, handlers);
  };

  return (
    <form
      className="rc-form"
      onSubmit={submit}
      noValidate
      aria-label={interview ? 'Reschedule' : 'Schedule interview'}
    >
      {failure ? <ErrorNote message={failure} /> : null}
      {interview ? (
        <p>
          <strong>{interview.planInterview.name}</strong>
        </p>
      ) : (
        <>
          <Pending query={plan} what="the interview plan" />
          {plan.isSuccess && planned.length === 0 ? (
            <p>
              The opening&rsquo;s interview plan holds no interviews yet: add them on the
              opening&rsquo;s page.
            </p>
          ) : null}
          <FieldFrame id="schedule-plan" label="Interview" error={error('planInterviewId')}>
            {(control) => (
              <select
                {...control}
                value={draft.planInterviewId}
                onChange={(event) => {
                  const chosen = planned.find((item) => String(item.id) === event.target.value);
                  set({
                    planInterviewId: event.target.value,
                    ...(chosen ? { durationMinutes: String(chosen.durationMinutes) } : {}),
                  });
                }}
              >
                <option value="">Choose an interview</option>
                {(plan.data?.stages ?? [])
                  .filter(({ interviews }) => interviews.length > 0)
                  .map(({ stage, interviews }) => (
                    <optgroup key={stage} label={stage}>
                      {interviews.map((item) => (
                        <option key={item.id} value={item.id}>
                          {item.name} ({item.durationMinutes} min, {interviewKindLabels[item.kind]})
                        </option>
                      ))}
                    </optgroup>
                  ))}
              </select>
            )}
          </FieldFrame>
        </>
      )}
      {interview ? null : (
        <fieldset className="rc-schedule__when">
          <legend>When</legend>
          <label>
            <input
              type="radio"
              name="schedule-when"
              checked={draft.when === 'set'}
              onChange={() => set({ when: 'set' })}
            />
            Set a time
          </label>
          <label>
            <input
              type="radio"
              name="schedule-when"
              checked={draft.when === 'offer'}
              onChange={() => set({ when: 'offer' })}
            />
            Let the candidate choose from the interviewers&rsquo; free times
          </label>
          {draft.when === 'offer' ? (
            <p className="rc-muted">
              The candidate gets a mail with a link to their page, where they pick one of the times
              in the next two weeks (from a day ahead) when every interviewer is within their
              working hours and free.
            </p>
          ) : null}
        </fieldset>
      )}
      <div className="rc-grid">
        {draft.when === 'set' ? (
          <>
            <TextField
              id="schedule-date"
              label="Date"
              type="date"
              value={draft.date}
              error={error('startsAt')}
              onChange={(date) => set({ date })}
            />
            <TextField
              id="schedule-time"
              label="Start time"
              type="time"
              value={draft.time}
              onChange={(time) => set({ time })}
            />
          </>
        ) : null}
        <TimeZoneField
          id="schedule-zone"
          label={draft.when === 'set' ? 'Time zone' : 'The candidate’s time zone'}
          value={draft.timeZone}
          also={viewerZone}
          error={error('timeZone')}
          onChange={(timeZone) => set({ timeZone })}
        />
        <TextField
          id="schedule-duration"
          label="Duration (minutes)"
          type="number"
          value={draft.durationMinutes}
          error={error('durationMinutes')}
          onChange={(durationMinutes) => set({ durationMinutes })}
        />
      </div>
      <fieldset>
        <legend>Interviewers</legend>
        <Pending query={people} what="the interviewers" />
        {error('interviewerIds') ? (
          <p className="rc-field__error">Interviewers {error('interviewerIds')}.</p>
        ) : null}
        <ul className="rc-schedule__people">
          {(people.data ?? []).map((person) => (
            <li key={person.userId}>
              <label>
                <input
                  type="checkbox"
                  checked={draft.interviewerIds.includes(person.userId)}
                  onChange={(event) =>
                    set({
                      interviewerIds: event.target.checked
                        ? [...draft.interviewerIds, person.userId]
                        : draft.interviewerIds.filter((id) => id !== person.userId),
                    })
                  }
                />
                {person.name}
                {person.timeZone ? ` (${person.timeZone})` : ''}
              </label>
            </li>
          ))}
        </ul>
      </fieldset>
      <TextField
        id="schedule-location"
        label="Location or video link"
        value={draft.location}
        error={error('location')}
        onChange={(location) => set({ location })}
      />
      <section aria-label="Checks before scheduling" aria-live="polite">
        {checks.data && query ? <Checks conflicts={checks.data} viewerZone={viewerZone} /> : null}
        {checks.isError ? <ErrorNote message={failureText(checks.error)} /> : null}
      </section>
      <FormActions
        submit={interview ? 'Save new time' : draft.when === 'offer' ? 'Offer times' : 'Schedule'}
        busy={scheduling.isPending || moving.isPending}
        onCancel={onCancel}
      />
    </form>
  );
}
