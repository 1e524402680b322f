import { useEffect } from 'react';
import { useApplyDialog } from './apply-dialog';
import type { ApplyRequest } from './apply-launcher';

/** The apply dialog, opened for each request as it comes (apply-launcher.tsx loads this). */
export default function ApplyDialogHost({ request }: { request: ApplyRequest }) {
  const { openFor, dialogs } = useApplyDialog();
  useEffect(() => openFor(request.job), [openFor, request]);
  return dialogs;
}
