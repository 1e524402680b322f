import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { WEEKDAY_NAMES, type WorkingHours as Hours, type WorkingSpan } from '@lumenfield/contract';
import { useSaveWorkingHours, workingHoursQuery } from '../api';
import { failureText } from '../../common/api/query-client';
import { DoneNote, ErrorNote, Pending } from '../../common/components/status';
import { FormActions } from '../../common/components/fields';
import { browserZone } from '../zones';
import { TimeZoneField } from './time-zone-field';
import './interviews.css';

const WORKWEEK: WorkingSpan[] = [1, 2, 3, 4, 5].map((weekday) => ({
  weekday,
  start: '09:00',
  end: '17:00',
}));

/** One span's row: its day, start and end, and a button that removes it. */
function SpanRow({
  span,
  index,
  onChange,
  onRemove,
}: {
  span: WorkingSpan;
  index: number;
  onChange: (span: WorkingSpan) => void;
  onRemove: () => void;
}) {
  const id = `hours-${index}`;
  const day = WEEKDAY_NAMES[span.weekday - 1] ?? '';
  return (
    <li className="rc-hours__span">
      <div className="rc-hours__field">
        <label htmlFor={`${id}-day`}>
          Day<span className="visually-hidden"> of span {index + 1}</span>
        </label>
        <select
          id={`${id}-day`}
          value={span.weekday}
          onChange={(event) => onChange({ ...span, weekday: Number(event.target.value) })}
        >
          {WEEKDAY_NAMES.map((name, i) => (
            <option key={name} value={i + 1}>
              {name}
            </option>
          ))}
        </select>
      </div>
      <div className="rc-hours__field">
        <label htmlFor={`${id}-start`}>
          From<span className="visually-hidden"> ({day})</span>
        </label>
        <input
          id={`${id}-start`}
          type="time"
          step={300}
          value={span.start}
          onChange={(event) => onChange({ ...span, start: event.target.value })}
        />
      </div>
      <div className="rc-hours__field">
        <label htmlFor={`${id}-end`}>
          To<span className="visually-hidden"> ({day})</span>
        </label>
        <input
          id={`${id}-end`}
          type="time"
          step={300}
          value={span.end === '24:00' ? '23:59' : span.end}
          onChange={(event) => onChange({ ...span, end: event.target.value })}
        />
      </div>
      <button type="button" className="button button--secondary" onClick={onRemove}>
        Remove<span className="visually-hidden"> {day} span</span>
      </button>
    </li>
  );
}

function HoursForm({ stored }: { stored: Hours }) {
  const [timeZone, setTimeZone] = useState(stored.timeZone ?? browserZone());
  const [spans, setSpans] = useState<WorkingSpan[]>(stored.hours);
  const [done, setDone] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const saving = useSaveWorkingHours();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setDone('');
    setFailure(null);
    saving.mutate(
      { timeZone, hours: spans },
      {
        onSuccess: (saved) => {
          setSpans(saved.hours);
          setDone('Your working hours were saved.');
        },
        onError: (error) => setFailure(failureText(error, 'Your working hours were not saved.')),
      },
    );
  };

  return (
    <form className="rc-form" onSubmit={submit} noValidate>
      {stored.timeZone === null ? (
        <p className="rc-alert rc-hours__none">
          You keep no working hours yet, so interviews are not checked against them. The time zone
          below is your browser&rsquo;s until you save.
        </p>
      ) : null}
      {failure ? <ErrorNote message={failure} /> : null}
      <TimeZoneField
        id="hours-zone"
        label="Your time zone"
        hint="Your hours are read in it, and times are shown to you in it."
        value={timeZone}
        also={browserZone()}
        onChange={setTimeZone}
      />
      <h3 id="hours-spans-heading">Weekly hours</h3>
      {spans.length === 0 ? <p>No hours kept.</p> : null}
      <ul className="rc-hours" aria-labelledby="hours-spans-heading">
        {spans.map((span, index) => (
          <SpanRow
            key={index}
            span={span}
            index={index}
            onChange={(next) => setSpans((all) => all.map((s, i) => (i === index ? next : s)))}
            onRemove={() => setSpans((all) => all.filter((_, i) => i !== index))}
          />
        ))}
      </ul>
      <div className="rc-actions">
        <button
          type="button"
          className="button button--secondary"
          onClick={() =>
            setSpans((all) => [
              ...all,
              { weekday: all.at(-1)?.weekday ?? 1, start: '09:00', end: '17:00' },
            ])
          }
        >
          Add a span
        </button>
        <button
          type="button"
          className="button button--secondary"
          onClick={() => setSpans(WORKWEEK)}
        >
          Monday to Friday, 09:00–17:00
        </button>
      </div>
      <FormActions submit="Save working hours" busy={saving.isPending} />
      <DoneNote>{done}</DoneNote>
    </form>
  );
}

/**
 * "Working hours" in Your account: the person's own time zone and weekly spans, against which
 * the interviews they are asked to run are checked (in their zone, whoever schedules).
 */
export function WorkingHours() {
  const hours = useQuery(workingHoursQuery);
  return (
    <section className="rc-card rc-card--after" aria-labelledby="hours-heading">
      <h2 id="hours-heading">Working hours</h2>
      <Pending query={hours} what="your working hours" />
      {hours.data ? <HoursForm stored={hours.data} /> : null}
    </section>
  );
}
