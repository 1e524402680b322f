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
import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { fetchCountries, fetchExperienceBands, fetchStates } from '../api/options';
import { sendApplication } from '../api/save-application';
import {
  READ_FAILED_MESSAGE,
  RESUME_LIMIT_TEXT,
  draftStore,
  draftText,
  emptyDraft,
  readFileBytes,
  resetsFileInput,
  resumeFacts,
  typedValue,
  type ApplicationDraft,
  type ErrorTarget,
  type ShownError,
} from '../application/application-form';
import { answersFor, firstAnswerError } from '../application/answers';
import type { OpeningNames } from '../job-summary';
import { ApplyForm } from './apply-form';
import {
  DialogAlerts,
  DialogFooter,
  PrivacyNotice,
  QUESTIONS_FAILED,
  UPLOAD_CANCELLED,
  serverError,
  type Progress,
} from './apply-dialog-parts';
import { ApplyQuestions } from './apply-questions';
import { PlaceChoice, usePlaceChoice } from './place-choice';
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
 * a draft that outlives the dialog; the rules are judged here first, the first failure shown
 * beside its field with focus on it; the application is sent with a progress line that can be
 * cancelled, as the multipart form the page without scripts posts (docs/api.md).
 */
export function ApplyDialogForm({ job, onApplied }: ApplyDialogFormProps) {
  const [draft, setDraft] = useState<ApplicationDraft>(draftStore.get);
  const [error, setError] = useState<ShownError | null>(null);
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
  const controls = useRef<Partial<Record<ErrorTarget, HTMLElement | null>>>({});
  const [focusRequest, setFocusRequest] = useState(0);
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

  // Focus moves to the field in error in the same commit that renders and describes its message
  // (a layout effect), so nothing can observe the message before focus arrives.
  useLayoutEffect(() => {
    if (focusRequest === 0 || !error) return;
    const control = controls.current[error.target];
    control?.focus();
    // The whole field, its message included, in view (not under the sticky Apply bar).
    control?.closest('.apply-field')?.scrollIntoView?.({ block: 'nearest' });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [focusRequest]);

  function loadStates(countryId: string) {
    fetchStates(Number(countryId)).then(
      (list) => {
        if (countryRef.current === countryId) setStates(list);
      },
      () => {
        if (countryRef.current !== countryId) return;
        show({ target: 'stateId', message: STATES_FAILED }, false);
      },
    );
  }

  function show(shown: ShownError, moveFocus = true) {
    setError(shown);
    if (moveFocus) setFocusRequest((n) => n + 1);
  }

  function hideErrorOf(field: ErrorTarget) {
    setError((current) => (current?.target === field ? null : current));
  }

  function onChange(field: ApplyFormField, value: string) {
    hideErrorOf(field);
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
    setError(null);
    if (fileInput.current) fileInput.current.value = '';
  }

  function showRuleFailure(failure: FieldError) {
    if (resetsFileInput(failure)) resetFile();
    show({ target: failure.field as ErrorTarget, message: failure.message });
  }

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submittingRef.current) return;
    setError(null);
    // Text fields are trimmed (docs/careers.md); the visitor sees what will be sent.
    const text = draftText(draft);
    setDraft((current) => ({ ...current, ...text }));
    if (!place.check()) return;
    // The form's one schema, as the server reads the post (its length before any rule).
    const read = readApplyForm(text);
    if (!read.success) {
      showRuleFailure(read.errors[0]!);
      return;
    }
    const fields = normaliseApplicant(read.data);
    const file = draft.resume;
    const isMobileNumber = await loadMobileJudge();
    // A second press while the judge loaded: the first one sends.
    if (submittingRef.current) return;
    const firstFailure = validateApplication(fields, resumeFacts(file), isMobileNumber)[0];
    if (firstFailure || !file) {
      if (firstFailure) showRuleFailure(firstFailure);
      return;
    }
    if (!questions) {
      show({ target: 'form', message: QUESTIONS_FAILED });
      return;
    }
    const answerFailure = firstAnswerError(questions, draft.answers);
    if (answerFailure) {
      show({ target: answerFailure.field as ErrorTarget, message: answerFailure.message });
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
        show({ target: 'resume', message: READ_FAILED_MESSAGE });
        return;
      }
      const afterRead = validateApplication(
        fields,
        resumeFacts(file, bytes.byteLength),
        isMobileNumber,
      )[0];
      if (afterRead) {
        showRuleFailure(afterRead);
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
        show({ target: 'form', message: UPLOAD_CANCELLED });
      } else if (!place.takeServerError(failure)) {
        show(serverError(failure, questions));
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

  const errorFor = (field: ErrorTarget) => (error?.target === field ? error.message : undefined);
  const register = (field: ErrorTarget) => (element: HTMLElement | null) => {
    controls.current[field] = element;
  };

  return (
    <ApplyForm
      jobId={job.id}
      idPrefix={id}
      values={draft}
      onChange={onChange}
      lists={{ countries, states, experience }}
      errorOf={(field) => errorFor(field as ErrorTarget)}
      controlRef={(field) =>
        field === 'resume'
          ? (element) => {
              fileInput.current = element as HTMLInputElement | null;
              controls.current.resume = element;
            }
          : register(field)
      }
      resume={{
        hint: RESUME_LIMIT_TEXT,
        onChange: (file) => {
          setDraft((current) => ({ ...current, resume: file }));
          hideErrorOf('resume');
        },
      }}
      formProps={{ ref: formRef, onSubmit: submit, 'aria-busy': submitting || undefined }}
      top={
        <p className="apply-form__job">
          <span className="apply-form__job-label">Applying for</span>{' '}
          <strong>
            {job.code} - {job.title}
          </strong>
          {job.location ? (
            <span className="apply-form__job-location"> · {job.location}</span>
          ) : null}
        </p>
      }
      alerts={
        <DialogAlerts
          error={error?.target === 'form' ? error.message : undefined}
          errorRef={register('form')}
          questionsFailed={asked.status === 'failed'}
          onRetryQuestions={() => setQuestionsAttempt((n) => n + 1)}
          optionsFailed={optionsFailed}
          onRetryOptions={() => setOptionsAttempt((n) => n + 1)}
        />
      }
      place={<PlaceChoice choice={place} idPrefix={id} />}
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
                hideErrorOf(`answers.${key}`);
              }}
              errorFor={(key) => errorFor(`answers.${key}`)}
              register={(key) => register(`answers.${key}`)}
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
