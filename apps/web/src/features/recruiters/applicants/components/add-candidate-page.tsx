import { useRef, useState, type FormEvent } from 'react';
import {
  ADD_CANDIDATE_NOTE_MAX,
  MAX_RESUME_MB,
  RESUME_ACCEPT,
  addCandidateFieldNames,
  applyFormFieldNames,
  placeText,
  type FieldError,
  type RecruiterOpening,
} from '@lumenfield/contract';
import { useQuery } from '@tanstack/react-query';
import { ApiError } from '@/lib/api-client';
import { Link, useNavigate } from '@lumenfield/page-kit';
import { countryOptionsQuery, stateOptionsQuery, useAddCandidate } from '../api';
import { jobQuery } from '../../openings/api';
import { sourcesQuery } from '../../sources/api';
import { applicantPath, applicantsOfOpening } from '../../common/routes';
import { DoneNote, ErrorNote, Pending } from '../../common/components/status';
import {
  FieldFrame,
  fieldErrorFor,
  fieldSentence,
  focusFirstInvalid,
  FormActions,
} from '../../common/components/fields';
import { PageHeading } from '../../common/components/page-heading';
import './add-candidate.css';

/** The form's text fields, in the apply form's names and the console form's own. */
const TEXT_FIELDS = {
  firstName: { label: 'First name', autoComplete: 'off', maxLength: 100 },
  lastName: { label: 'Last name', autoComplete: 'off', maxLength: 100 },
  email: { label: 'E-mail', autoComplete: 'off', maxLength: 254, type: 'email' },
  mobileNumber: { label: 'Mobile number', autoComplete: 'off', maxLength: 40, type: 'tel' },
  city: { label: 'City', autoComplete: 'off', maxLength: 100 },
} as const;
type TextField = keyof typeof TEXT_FIELDS;

/** A text field's input attributes: everything but its label (the field's frame says it). */
function inputOf(name: TextField) {
  const { label: _label, ...attributes } = TEXT_FIELDS[name];
  return attributes;
}

/** Every field's label: beside it and in the summary of what to correct. */
export const ADD_CANDIDATE_LABELS: Record<string, string> = {
  ...Object.fromEntries(Object.entries(TEXT_FIELDS).map(([name, f]) => [name, f.label])),
  countryId: 'Country',
  stateId: 'State',
  locationIndex: 'Place',
  resume: 'Resume',
  sourceId: 'Source',
  note: 'Note',
};

const idOf = (field: string) => `candidate-${field}`;

/** The summary atop the form: every refusal at once, each a link to its field. */
function ErrorSummary({ errors }: { errors: FieldError[] }) {
  return (
    <div className="rc-alert rc-alert--error" role="alert">
      <p>The candidate was not added: please correct the fields marked below.</p>
      <ul className="rc-candidate__summary">
        {errors.map((error) => (
          <li key={`${error.field}:${error.message}`}>
            <a href={`#${idOf(error.field)}`}>
              {fieldSentence(ADD_CANDIDATE_LABELS[error.field] ?? error.field, error.message)}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}

function CandidateForm({ job }: { job: RecruiterOpening }) {
  const navigate = useNavigate();
  const formRef = useRef<HTMLFormElement>(null);
  const [text, setText] = useState<Record<TextField, string>>({
    firstName: '',
    lastName: '',
    email: '',
    mobileNumber: '',
    city: '',
  });
  const [countryId, setCountryId] = useState('');
  const [stateId, setStateId] = useState('');
  const [place, setPlace] = useState<number | null>(null);
  const [resume, setResume] = useState<File | null>(null);
  const [sourceId, setSourceId] = useState('');
  const [note, setNote] = useState('');
  const [sendConfirmation, setSendConfirmation] = useState(false);
  const [errors, setErrors] = useState<FieldError[]>([]);
  const [failure, setFailure] = useState<string | null>(null);
  const [stored, setStored] = useState<number | null>(null);
  const countries = useQuery(countryOptionsQuery).data ?? [];
  const states =
    useQuery({ ...stateOptionsQuery(Number(countryId)), enabled: countryId !== '' }).data ?? [];
  const sources = useQuery(sourcesQuery).data?.sources ?? [];
  const adding = useAddCandidate(job.id);
  const places = job.locations;
  const errorOf = (field: string) => fieldErrorFor(errors, field);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (adding.isPending) return;
    setFailure(null);
    setStored(null);
    const form = new FormData();
    for (const [name, value] of Object.entries(text)) if (value) form.append(name, value);
    if (countryId) form.append('countryId', countryId);
    if (stateId) form.append('stateId', stateId);
    if (places.length > 1 && place !== null) {
      form.append(applyFormFieldNames.locationIndex, String(place));
    }
    if (sourceId) form.append(addCandidateFieldNames.sourceId, sourceId);
    if (note.trim()) form.append(addCandidateFieldNames.note, note);
    if (sendConfirmation) form.append(addCandidateFieldNames.sendConfirmation, 'yes');
    if (resume) form.append(applyFormFieldNames.resume, resume, resume.name);
    adding.mutate(form, {
      onSuccess: (added) => {
        setErrors([]);
        if (added.duplicate) setStored(added.applicantId);
        else navigate(applicantPath(added.applicantId));
      },
      onError: (error) => {
        const refusal = error instanceof ApiError ? error : undefined;
        setErrors(refusal?.fieldErrors ?? []);
        if (!refusal || refusal.fieldErrors.length === 0) {
          setFailure(refusal?.message ?? 'The candidate was not added. Please try again.');
        }
        focusFirstInvalid(formRef.current);
      },
    });
  };

  const placeError = errorOf('locationIndex');
  return (
    <>
      {errors.length > 0 ? <ErrorSummary errors={errors} /> : null}
      {failure ? <ErrorNote message={failure} /> : null}
      <form ref={formRef} className="rc-form" onSubmit={submit} noValidate>
        <fieldset>
          <legend>The candidate</legend>
          <div className="rc-grid">
            {(['firstName', 'lastName', 'email', 'mobileNumber'] as const).map((name) => (
              <FieldFrame
                key={name}
                id={idOf(name)}
                label={TEXT_FIELDS[name].label}
                error={errorOf(name)}
              >
                {(control) => (
                  <input
                    {...control}
                    {...inputOf(name)}
                    name={name}
                    value={text[name]}
                    onChange={(event) => setText({ ...text, [name]: event.target.value })}
                  />
                )}
              </FieldFrame>
            ))}
            <FieldFrame id={idOf('countryId')} label="Country" error={errorOf('countryId')}>
              {(control) => (
                <select
                  {...control}
                  value={countryId}
                  onChange={(event) => {
                    setCountryId(event.target.value);
                    setStateId('');
                  }}
                >
                  <option value="">Choose a country</option>
                  {countries.map((option) => (
                    <option key={option.value} value={String(option.value)}>
                      {option.label}
                    </option>
                  ))}
                </select>
              )}
            </FieldFrame>
            <FieldFrame id={idOf('stateId')} label="State" error={errorOf('stateId')}>
              {(control) => (
                <select
                  {...control}
                  value={stateId}
                  onChange={(event) => setStateId(event.target.value)}
                >
                  <option value="">
                    {countryId ? 'Choose a state' : 'Choose a country first'}
                  </option>
                  {states.map((option) => (
                    <option key={option.value} value={String(option.value)}>
                      {option.label}
                    </option>
                  ))}
                </select>
              )}
            </FieldFrame>
            <FieldFrame id={idOf('city')} label="City" error={errorOf('city')}>
              {(control) => (
                <input
                  {...control}
                  {...inputOf('city')}
                  name="city"
                  value={text.city}
                  onChange={(event) => setText({ ...text, city: event.target.value })}
                />
              )}
            </FieldFrame>
          </div>
          {places.length > 1 ? (
            <fieldset
              className="rc-candidate__places"
              aria-describedby={placeError ? `${idOf('locationIndex')}-error` : undefined}
            >
              <legend>Place they would work from</legend>
              {places.map((option, index) => (
                <label key={placeText(option)} className="rc-candidate__choice">
                  <input
                    type="radio"
                    name="locationIndex"
                    // The summary's link lands on the first choice.
                    id={index === 0 ? idOf('locationIndex') : undefined}
                    aria-invalid={placeError ? true : undefined}
                    checked={place === index}
                    onChange={() => setPlace(index)}
                  />
                  {placeText(option)}
                </label>
              ))}
              {placeError ? (
                <p id={`${idOf('locationIndex')}-error`} className="rc-field__error">
                  {fieldSentence('Place', placeError)}
                </p>
              ) : null}
            </fieldset>
          ) : null}
        </fieldset>
        <fieldset>
          <legend>Resume and source</legend>
          <div className="rc-grid">
            <FieldFrame
              id={idOf('resume')}
              label="Resume"
              hint={`PDF, DOC or DOCX, at most ${MAX_RESUME_MB} MB.`}
              error={errorOf('resume')}
            >
              {(control) => (
                <input
                  {...control}
                  type="file"
                  accept={RESUME_ACCEPT}
                  onChange={(event) => setResume(event.target.files?.[0] ?? null)}
                />
              )}
            </FieldFrame>
            <FieldFrame
              id={idOf('sourceId')}
              label="Source"
              hint="Where the candidate came from: a referral, an agency…"
              error={errorOf('sourceId')}
            >
              {(control) => (
                <select
                  {...control}
                  value={sourceId}
                  onChange={(event) => setSourceId(event.target.value)}
                >
                  <option value="">Choose a source</option>
                  {sources.map((source) => (
                    <option key={source.id} value={String(source.id)}>
                      {source.name}
                    </option>
                  ))}
                </select>
              )}
            </FieldFrame>
          </div>
          <FieldFrame
            id={idOf('note')}
            label="Note"
            hint="Optional, kept as your note on the applicant: who referred them, the agency's contact…"
            error={errorOf('note')}
          >
            {(control) => (
              <textarea
                {...control}
                rows={3}
                maxLength={ADD_CANDIDATE_NOTE_MAX}
                value={note}
                onChange={(event) => setNote(event.target.value)}
              />
            )}
          </FieldFrame>
          <div className="rc-candidate__check">
            <input
              type="checkbox"
              id={idOf('sendConfirmation')}
              checked={sendConfirmation}
              onChange={(event) => setSendConfirmation(event.target.checked)}
            />
            <label htmlFor={idOf('sendConfirmation')}>
              Send the candidate the confirmation e-mail
            </label>
          </div>
        </fieldset>
        <FormActions submit="Add candidate" busy={adding.isPending}>
          <Link className="button button--secondary" to={applicantsOfOpening(job.id)}>
            Cancel
          </Link>
        </FormActions>
        <DoneNote>
          {stored !== null ? (
            <>
              This application was stored already: nothing new was added.{' '}
              <Link to={applicantPath(stored)}>Open the applicant</Link>
            </>
          ) : null}
        </DoneNote>
      </form>
    </>
  );
}

/** A candidate a recruiter adds to an opening by hand (a referral's or an agency's resume). */
export default function AddCandidatePage({ jobId }: { jobId: number }) {
  const job = useQuery(jobQuery(jobId));
  return (
    <>
      <PageHeading title="Add candidate">
        {job.data ? `Add candidate · ${job.data.code} · ${job.data.title}` : 'Add candidate'}
      </PageHeading>
      <Pending query={job} what="the opening" />
      {job.data ? <CandidateForm job={job.data} /> : null}
    </>
  );
}
