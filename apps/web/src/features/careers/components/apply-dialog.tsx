import { APPLIED_SUCCESSFULLY } from '@lumenfield/contract';
import { useCallback, useState } from 'react';
import { Modal } from '@/components/modal';
import type { JobSummary } from '../job-summary';
import { ApplyForm } from './apply-form';

/**
 * The 'Apply for Job' dialog and the 'Applied Successfully!' alert that follows it, shared by
 * the list and the job page. `openFor(job)` opens it; focus returns to the opener on close.
 */
export function useApplyDialog() {
  const [job, setJob] = useState<JobSummary | null>(null);
  const [applied, setApplied] = useState(false);

  const openFor = useCallback((next: JobSummary) => setJob(next), []);

  const onApplied = useCallback(() => {
    setJob(null);
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
        {job ? <ApplyForm job={job} onApplied={onApplied} /> : null}
      </Modal>
      <Modal
        open={applied}
        onClose={() => setApplied(false)}
        title={APPLIED_SUCCESSFULLY}
        role="alertdialog"
        className="applied-dialog"
      >
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
