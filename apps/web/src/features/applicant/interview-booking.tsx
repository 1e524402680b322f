import { useEffect, useState } from 'react';
import {
  applicantFormFields,
  applicantPageCopy as copy,
  type ApplicantInterview,
  type SlotDay,
} from '@lumenfield/contract';
import { applicantInterviewPath } from '@lumenfield/routes';
import '@/components/form-control.css';

/**
 * The candidate's interviews on their own page (docs/careers.md, "Booking an interview"): what
 * is arranged and what they may do, and the booking form. Plain forms: the zone's select is a
 * GET form, a time is a radio of a POST form; with scripts the page also offers the device's
 * zone when it is not the one shown.
 */

export function InterviewList({
  interviews,
  base,
}: {
  interviews: readonly ApplicantInterview[];
  base: string;
}) {
  if (interviews.length === 0) return null;
  return (
    <>
      <h2 className="applicant-page__heading">{copy.interviewsHeading}</h2>
      <ul className="applicant-actions">
        {interviews.map((interview) => (
          <li className="applicant-action applicant-interview" key={interview.id}>
            <h3>
              {interview.name} <span className="applicant-interview__kind">{interview.kind}</span>
            </h3>
            {interview.when ? (
              <p className="applicant-interview__when">{interview.when}</p>
            ) : (
              <p>Please choose a time that suits you ({interview.durationMinutes} minutes).</p>
            )}
            {interview.interviewers.length > 0 ? (
              <p>With {interview.interviewers.join(', ')}</p>
            ) : null}
            {interview.location && interview.when ? <p>{interview.location}</p> : null}
            {interview.changeRefusal ? <p>{interview.changeRefusal}</p> : null}
            {interview.status === 'offered' ? (
              <a
                className="button button--primary"
                href={applicantInterviewPath(base, interview.id)}
              >
                Choose a time…
              </a>
            ) : interview.canChange ? (
              <p className="applicant-action__links">
                <a
                  className="button button--secondary"
                  href={applicantInterviewPath(base, interview.id)}
                >
                  Choose another time…
                </a>
                <a
                  className="button button--secondary"
                  href={applicantInterviewPath(base, interview.id, true)}
                >
                  Cancel the interview…
                </a>
              </p>
            ) : null}
          </li>
        ))}
      </ul>
    </>
  );
}

/** With scripts: the device's own zone, when it is none of the names of the one shown. */
function useDeviceZone(shown: readonly string[]): string | null {
  const [zone, setZone] = useState<string | null>(null);
  useEffect(() => {
    const device = Intl.DateTimeFormat().resolvedOptions().timeZone;
    setZone(device && !shown.includes(device) ? device : null);
  }, [shown]);
  return zone;
}

export function BookView({
  base,
  xsrfToken,
  interview,
  timeZone,
  zoneChosen,
  zones,
  zoneNames,
  days,
  problem,
}: {
  base: string;
  xsrfToken: string;
  interview: ApplicantInterview;
  timeZone: string;
  zoneChosen: boolean;
  zones: readonly { value: string; label: string }[];
  zoneNames: readonly string[];
  days: readonly SlotDay[];
  problem: string | null;
}) {
  const path = applicantInterviewPath(base, interview.id);
  const device = useDeviceZone(zoneNames);
  return (
    <>
      <p className="applicant-page__text">
        <strong>{interview.name}</strong> ({interview.kind}, {interview.durationMinutes} minutes)
        {interview.interviewers.length > 0 ? ` with ${interview.interviewers.join(', ')}` : ''}.
        {interview.when ? ` Booked now: ${interview.when}.` : ''}
      </p>
      <p className="applicant-page__text">{copy.bookText}</p>
      <form className="applicant-zone" method="get" action={path}>
        <label htmlFor="booking-zone">{copy.zoneLabel}</label>
        <select
          id="booking-zone"
          className="form-control applicant-zone__select"
          name={applicantFormFields.timeZone}
          defaultValue={timeZone}
        >
          {zones.map((zone) => (
            <option key={zone.value} value={zone.value}>
              {zone.label}
            </option>
          ))}
        </select>
        <button type="submit" className="button button--secondary">
          Show the times
        </button>
      </form>
      {device && !zoneChosen ? (
        <p className="applicant-zone__device" role="status">
          {copy.deviceZone} {device.replaceAll('_', ' ')}.{' '}
          <a href={`${path}?${applicantFormFields.timeZone}=${encodeURIComponent(device)}`}>
            Show the times in your device&rsquo;s time zone
          </a>
        </p>
      ) : null}
      <form className="applicant-form" method="post" action={path}>
        <input type="hidden" name={applicantFormFields.xsrf} value={xsrfToken} />
        <input type="hidden" name={applicantFormFields.timeZone} value={timeZone} />
        {problem ? (
          <p className="applicant-form__problem" id="booking-problem" role="alert">
            {problem}
          </p>
        ) : null}
        {days.length > 0 ? (
          <fieldset
            className="applicant-slots"
            aria-describedby={problem ? 'booking-problem' : undefined}
          >
            <legend>Times in {timeZone.replaceAll('_', ' ')}</legend>
            <p className="applicant-slots__length">
              Each time is when the interview starts; it lasts {interview.durationMinutes} minutes.
            </p>
            {days.map((day) => (
              <div className="applicant-slots__day" key={day.label}>
                <h3 className="applicant-slots__date">{day.label}</h3>
                <ul className="applicant-slots__times">
                  {day.slots.map((slot) => (
                    <li key={slot.startsAt}>
                      <input
                        type="radio"
                        id={`slot-${slot.startsAt}`}
                        name={applicantFormFields.slot}
                        value={slot.startsAt}
                        required
                      />
                      <label htmlFor={`slot-${slot.startsAt}`}>{slot.label}</label>
                    </li>
                  ))}
                </ul>
              </div>
            ))}
          </fieldset>
        ) : null}
        <p className="applicant-form__buttons">
          {days.length > 0 ? (
            <button type="submit" className="button button--primary">
              Book this time
            </button>
          ) : null}
          <a className="button button--secondary" href={base}>
            Back to my application
          </a>
        </p>
      </form>
    </>
  );
}
