import { lazy, Suspense, useCallback, useState } from 'react';
import { pageMemory } from '@lumenfield/page-kit';
import type { OpeningNames } from '../job-summary';

// The dialog (its frame, the applied alert) is loaded on the first Apply, not with the page
// (docs/architecture.md, "Careers islands"); the form is asked for at the same moment, so the
// two chunks load side by side rather than one after the other.
const ApplyDialogHost = lazy(() => import('./apply-dialog-host'));

/** One press of Apply: a new object each time, so pressing again reopens the dialog. */
export interface ApplyRequest {
  job: OpeningNames;
}

/**
 * `openFor(job)` opens the 'Apply for Job' dialog (useApplyDialog) for an opening, loading its
 * code the first time; `dialogs` goes where the dialog is rendered.
 */
export function useApplyLauncher() {
  const [request, setRequest] = useState<ApplyRequest | null>(null);
  const openFor = useCallback((job: OpeningNames) => {
    // The dialog's form (with the one apply form it wraps) loads beside the dialog's frame.
    void import('./apply-dialog-form');
    // The draft lives in memory: from now on a link moves in place (@lumenfield/page-kit's
    // page-memory, packages/page-kit/src/page-memory.ts).
    pageMemory.hold();
    setRequest({ job });
  }, []);
  const dialogs = request ? (
    <Suspense fallback={null}>
      <ApplyDialogHost request={request} />
    </Suspense>
  ) : null;
  return { openFor, dialogs };
}
