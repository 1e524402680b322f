import { APPLIED_SUCCESSFULLY, type ApplicationAccepted } from '@lumenfield/contract';
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { Modal } from '@/components/modal';
import type { OpeningNames } from '../job-summary';

// The form (its rules, zod, the upload) is not needed to read the list or a job: it loads when
// the browser is idle after the page, or on the first Apply, whichever comes first.
const loadApplyForm = () => import('./apply-dialog-form');
const ApplyDialogForm = lazy(() =>
  loadApplyForm().then((module) => ({ default: module.ApplyDialogForm })),
);
// Voluntary self-identification (SELF_ID=us): offered after applying when the answer has a token.
const SelfIdOffer = lazy(() =>
  import('./self-id-form').then((module) => ({ default: module.SelfIdOffer })),
);

function whenIdle(run: () => void): () => void {
  if ('requestIdleCallback' in window) {
    const handle = window.requestIdleCallback(run, { timeout: 5000 });
    return () => window.cancelIdleCallback(handle);
  }
  const timer = setTimeout(run, 2000);
  return () => clearTimeout(timer);
}

/**
 * The 'Apply for Job' dialog and the 'Applied Successfully!' alert that follows it, shared by
 * the list and the job page. `openFor(job)` opens it; focus returns to the opener on close.
 */
export function useApplyDialog() {
  const [job, setJob] = useState<OpeningNames | null>(null);
  const [applied, setApplied] = useState(false);
  const [selfIdToken, setSelfIdToken] = useState<string | undefined>();

  const openFor = useCallback((next: OpeningNames) => setJob(next), []);
  useEffect(() => whenIdle(() => void loadApplyForm()), []);

  const onApplied = useCallback((created: ApplicationAccepted) => {
    setJob(null);
    setSelfIdToken(created.selfIdToken);
    // The alert opens once the form's dialog has closed and handed focus back.
    requestAnimationFrame(() => setApplied(true));
  }, []);

  const dialogs = (
    <>
      <Modal
        open={job !== null}
        onClose={() => setJob(null)}
        title="Apply for Job"
        className="apply-dialog"
      >
        {job ? (
          <Suspense
            fallback={
              <p className="apply-dialog__loading" role="status">
                Loading the form…
              </p>
            }
          >
            <ApplyDialogForm job={job} onApplied={onApplied} />
          </Suspense>
        ) : null}
      </Modal>
      <Modal
        open={applied}
        onClose={() => setApplied(false)}
        title={APPLIED_SUCCESSFULLY}
        role="alertdialog"
        className="applied-dialog"
      >
        {selfIdToken ? (
          <Suspense fallback={null}>
            <SelfIdOffer token={selfIdToken} />
          </Suspense>
        ) : null}
        <p className="applied-dialog__text">
          <button
            type="button"
            className="button button--primary"
            data-autofocus
            onClick={() => setApplied(false)}
          >
            OK
          </button>
        </p>
      </Modal>
    </>
  );

  return { openFor, dialogs };
}
