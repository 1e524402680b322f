import {
  normaliseApplicant,
  readApplyForm,
  validateApplication,
  type ApplicationAccepted,
  type ApplyFormField,
  type DropDownOption,
  type FieldError,
  type MobileJudge,
  type PlaceChoiceOption,
} from '@lumenfield/contract';
import { useEffect, useId, useRef, useState } from 'react';
import { fetchCountries, fetchExperienceBands, fetchStates } from '../api/options';
import { sendApplication } from '../api/save-application';
import {
  READ_FAILED_MESSAGE,
  RESUME_LIMIT_TEXT,
  draftStore,
  draftText,
  emptyDraft,
  errorTarget,
  onPlaceChoice,
  readFileBytes,
  resetsFileInput,
  resumeFacts,
  typedValue,
  type ApplicationDraft,
} from '../application/application-form';
import { answerFailures, answersFor } from '../application/answers';
import type { OpeningNames } from '../job-summary';
import { ApplyForm, controlIdOf, failuresByField } from './apply-form';
import { ErrorSummary } from './error-summary';
import {
  DialogAlerts,
  DialogFooter,
  PrivacyNotice,
  QUESTIONS_FAILED,
  UPLOAD_CANCELLED,
  serverError,
  type Progress,
} from './apply-dialog-parts';
import { ApplyQuestions, questionControlId } from './apply-questions';
import { PlaceChoice, placeRadioId, usePlaceChoice } from './place-choice';
import { useFormFailures } from './use-form-failures';
import { useOpeningQuestions } from './use-opening-questions';

export interface ApplyDialogFormProps {
  job: OpeningNames;
  /** Called once the server has stored the application, with its answer (SELF_ID=us: a token). */
  onApplied: (created: ApplicationAccepted) => void;
}

const STATES_FAILED = "We couldn't load the states of that country. Please choose it again.";

/** No places known (yet): nothing to choose. One array, so the choice's hook sees no change. */
const noPlaces: PlaceChoiceOption[] = [];

let mobileJudge: Promise<MobileJudge> | undefined;
/**
 * The mobile number's judge with the world's numbering plans (`@lumenfield/contract/phone`,
 * about 37 KB), loaded when the visitor first sends rather than with the dialog. Should it not
 * load, the server judges the number when the application arrives.
 */
function loadMobileJudge(): Promise<MobileJudge> {
  mobileJudge ??= import('@lumenfield/contract/phone').then(
    (phone) => phone.isMobileNumber,
    () => {
      mobileJudge = undefined;
      return () => true;
    },
  );
  return mobileJudge;
}

/**
 * The apply form in the dialog (docs/careers.md): the one `ApplyForm`, enhanced. Its fields are
 * a draft that outlives the dialog; the rules are judged here first, as the server judges them,
 * and every failure is shown at once: listed in the summary atop the form (which takes focus),
 * each also beside its field. The application is sent with a progress line that can be
 * cancelled, as the multipart form the page without scripts posts (docs/api.md); the server's
 * field errors come back to the same summary.
 */
export function ApplyDialogForm({ job, onApplied }: ApplyDialogFormProps) {
  const [draft, setDraft] = useState<ApplicationDraft>(draftStore.get);
  const shown = useFormFailures();
  const [submitting, setSubmitting] = useState(false);
  const [countries, setCountries] = useState<DropDownOption[]>([]);
  const [experience, setExperience] = useState<DropDownOption[]>([]);
  const [states, setStates] = useState<DropDownOption[]>([]);
  const [optionsFailed, setOptionsFailed] = useState(false);
  const [optionsAttempt, setOptionsAttempt] = useState(0);
  const submittingRef = useRef(false);
  const [progress, setProgress] = useState<Progress | null>(null);
  /** The last quarter announced (25, 50, 75, 100): screen readers hear steps, not every byte. */
  const [spokenStep, setSpokenStep] = useState(0);
  const upload = useRef<AbortController | null>(null);
  const countryRef = useRef(draft.countryId);
  const fileInput = useRef<HTMLInputElement | null>(null);
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [questionsAttempt, setQuestionsAttempt] = useState(0);
  const asked = useOpeningQuestions(job, questionsAttempt);
  const questions = asked.status === 'ready' ? asked.questions : null;
  const place = usePlaceChoice(asked.status === 'ready' ? asked.choices : noPlaces);

  useEffect(() => draftStore.set(draft), [draft]);

  // The form arrives in a dialog that is already open when its code was still loading: then
  // the dialog could not focus the first field, so the form does.
  useEffect(() => {
    const form = formRef.current;
    if (!form?.closest('dialog')?.open || form.contains(document.activeElement)) return;
    form.querySelector<HTMLElement>('[data-autofocus]')?.focus();
  }, []);

  useEffect(() => {
    let live = true;
    Promise.all([fetchCountries(), fetchExperienceBands()]).then(
      ([countryList, experienceList]) => {
        if (!live) return;
        setCountries(countryList);
        setExperience(experienceList);
        setOptionsFailed(false);
      },
      () => live && setOptionsFailed(true),
    );
    return () => {
      live = false;
    };
  }, [optionsAttempt]);

  // A draft brought back with a country chosen needs that country's states again.
  useEffect(() => {
    if (countryRef.current !== '') loadStates(countryRef.current);
    // Only on mount: later country changes load their states in onChange.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // A file chosen before the dialog was closed is put back into the new file input.
  useEffect(() => {
    const input = fileInput.current;
    const file = draftStore.get().resume;
    if (!input || !file || typeof DataTransfer === 'undefined') return;
    try {
      const transfer = new DataTransfer();
      transfer.items.add(file);
      input.files = transfer.files;
    } catch {
      // Older browsers cannot set files; the chosen file's name is still shown below.
    }
  }, []);

  function loadStates(countryId: string) {
    fetchStates(Number(countryId)).then(
      (list) => {
        if (countryRef.current === countryId) setStates(list);
      },
      () => {
        if (countryRef.current !== countryId) return;
        shown.showBeside({ field: 'stateId', message: STATES_FAILED });
      },
    );
  }

  function showFailures(failed: FieldError[]) {
    const list = onPlaceChoice(failed);
    // A file of the wrong type or size is taken out of the input (docs/careers.md).
    if (list.some(resetsFileInput)) resetFile();
    shown.show(list);
  }

  function onChange(field: ApplyFormField, value: string) {
    shown.hide(field);
    if (field !== 'countryId') {
      setDraft((current) => ({ ...current, [field]: typedValue(field, value) }));
      return;
    }
    countryRef.current = value;
    setDraft((current) => ({ ...current, countryId: value, stateId: '' }));
    setStates([]);
    if (value !== '') loadStates(value);
  }

  function resetFile() {
    if (fileInput.current) fileInput.current.value = '';
    setDraft((current) => ({ ...current, resume: null }));
  }

  function clearAll() {
    if (submittingRef.current) return;
    countryRef.current = '';
    draftStore.clear();
    setDraft(emptyDraft());
    setStates([]);
    shown.clear();
    if (fileInput.current) fileInput.current.value = '';
  }

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submittingRef.current) return;
    shown.clear();
    // Text fields are trimmed (docs/careers.md); the visitor sees what will be sent.
    const text = draftText(draft);
    setDraft((current) => ({ ...current, ...text }));
    // The form's one schema, as the server reads the post (its length before any rule); as
    // there, its failures alone are listed.
    const read = readApplyForm(text);
    if (!read.success) {
      showFailures(read.errors);
      return;
    }
    const fields = normaliseApplicant(read.data);
    const file = draft.resume;
    const isMobileNumber = await loadMobileJudge();
    // A second press while the judge loaded: the first one sends.
    if (submittingRef.current) return;
    // In the server's order: the rules, then the opening's questions, then its place.
    const failed = [
      ...validateApplication(fields, resumeFacts(file), isMobileNumber),
      ...(questions ? answerFailures(questions, draft.answers) : []),
      ...place.failures(),
    ];
    if (failed.length > 0 || !file) {
      showFailures(failed);
      return;
    }
    if (!questions) {
      shown.showAlert(QUESTIONS_FAILED);
      return;
    }

    submittingRef.current = true;
    setSubmitting(true);
    try {
      let bytes: ArrayBuffer;
      try {
        bytes = await readFileBytes(file);
      } catch {
        console.error('Error reading file content.');
        showFailures([{ field: 'resume', message: READ_FAILED_MESSAGE }]);
        return;
      }
      const afterRead = validateApplication(
        fields,
        resumeFacts(file, bytes.byteLength),
        isMobileNumber,
      );
      if (afterRead.length > 0) {
        showFailures(afterRead);
        return;
      }
      const controller = new AbortController();
      upload.current = controller;
      setProgress({ percent: 0, sent: 0, total: file.size });
      setSpokenStep(0);
      const application = {
        fields: { ...text, ...place.payload() },
        answers: answersFor(questions, draft.answers),
      };
      const resume = { name: file.name, type: file.type, bytes };
      const created = await sendApplication(job.id, application, resume, {
        signal: controller.signal,
        onProgress: (sent, total) => {
          const share = total > 0 ? sent / total : 0;
          const percent = Math.min(100, Math.floor(share * 100));
          setProgress({ percent, sent: Math.round(share * file.size), total: file.size });
          setSpokenStep((step) => Math.max(step, Math.floor(percent / 25) * 25));
        },
      });
      draftStore.clear();
      onApplied(created);
    } catch (failure) {
      if (failure instanceof DOMException && failure.name === 'AbortError') {
        shown.showAlert(UPLOAD_CANCELLED);
      } else {
        const refusal = serverError(failure);
        if ('failures' in refusal) showFailures(refusal.failures);
        else shown.showAlert(refusal.alert);
      }
    } finally {
      upload.current = null;
      submittingRef.current = false;
      setSubmitting(false);
      setProgress(null);
    }
  }

  // Closing the dialog mid-upload stops sending.
  useEffect(() => () => upload.current?.abort(), []);

  const errorFor = failuresByField(shown.beside);
  /** Where a failure's link leads: its field's control, when the form shows one. */
  const targetOf = (field: string): string | undefined => {
    if (field === 'locationIndex') {
      const first = place.choices[0];
      return place.choices.length > 1 && first ? placeRadioId(id, first.value) : undefined;
    }
    const target = errorTarget(field);
    if (target === 'form') return undefined;
    if (!target.startsWith('answers.')) return controlIdOf(id, target);
    const question = questions?.find((q) => `answers.${q.key}` === target);
    return question ? questionControlId(id, question) : undefined;
  };

  return (
    <ApplyForm
      jobId={job.id}
      idPrefix={id}
      values={draft}
      onChange={onChange}
      lists={{ countries, states, experience }}
      errorOf={errorFor}
      resume={{
        hint: RESUME_LIMIT_TEXT,
        inputRef: fileInput,
        onChange: (file) => {
          setDraft((current) => ({ ...current, resume: file }));
          shown.hide('resume');
        },
      }}
      formProps={{ ref: formRef, onSubmit: submit, 'aria-busy': submitting || undefined }}
      top={
        <>
          <p className="apply-form__job">
            <span className="apply-form__job-label">Applying for</span>{' '}
            <strong>
              {job.code} - {job.title}
            </strong>
            {job.location ? (
              <span className="apply-form__job-location"> · {job.location}</span>
            ) : null}
          </p>
          <ErrorSummary
            errors={shown.failures}
            targetOf={targetOf}
            heading="h3"
            summaryRef={shown.summaryRef}
          />
        </>
      }
      alerts={
        <DialogAlerts
          error={shown.alert ?? undefined}
          errorRef={(element) => {
            shown.alertRef.current = element;
          }}
          questionsFailed={asked.status === 'failed'}
          onRetryQuestions={() => setQuestionsAttempt((n) => n + 1)}
          optionsFailed={optionsFailed}
          onRetryOptions={() => setOptionsAttempt((n) => n + 1)}
        />
      }
      place={
        <PlaceChoice
          choice={place}
          idPrefix={id}
          error={errorFor('locationIndex')}
          onChoose={(value) => {
            place.choose(value);
            shown.hide('locationIndex');
          }}
        />
      }
      after={
        <>
          {questions ? (
            <ApplyQuestions
              idBase={id}
              questions={questions}
              answers={draft.answers}
              onAnswer={(key, value) => {
                setDraft((current) => ({
                  ...current,
                  answers: { ...current.answers, [key]: value },
                }));
                shown.hide(`answers.${key}`);
              }}
              errorFor={(key) => errorFor(`answers.${key}`)}
            />
          ) : null}
          {/* In the scrolling part: on a phone the sticky footer keeps only what acts. */}
          <PrivacyNotice />
        </>
      }
      footer={
        <DialogFooter
          id={id}
          submitting={submitting}
          progress={progress}
          spokenStep={spokenStep}
          onCancel={() => upload.current?.abort()}
          onClear={clearAll}
        />
      }
    />
  );
}
