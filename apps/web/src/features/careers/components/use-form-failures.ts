import type { FieldError } from '@lumenfield/contract';
import { useLayoutEffect, useRef, useState } from 'react';

/**
 * What the apply dialog shows of a send that failed (docs/careers.md): every failure at once in
 * the summary atop the form, which takes focus, and each beside its field until that field is
 * edited; or one refusal of the whole form (cancelled, closed, unreachable), which takes focus.
 */
export function useFormFailures() {
  /** The failures of the last submit, listed in the summary until the next one. */
  const [failures, setFailures] = useState<FieldError[]>([]);
  /** The sentences beside fields: the summary's, less the fields edited since. */
  const [beside, setBeside] = useState<FieldError[]>([]);
  const [alert, setAlert] = useState<string | null>(null);
  const summaryRef = useRef<HTMLDivElement | null>(null);
  const alertRef = useRef<HTMLElement | null>(null);
  const [focusRequest, setFocusRequest] = useState<{ to: 'summary' | 'alert' } | null>(null);

  // Focus moves to the summary (or the refusal) in the same commit that renders it (a layout
  // effect), so nothing can observe the failures before focus arrives.
  useLayoutEffect(() => {
    if (!focusRequest) return;
    (focusRequest.to === 'summary' ? summaryRef.current : alertRef.current)?.focus();
  }, [focusRequest]);

  return {
    failures,
    beside,
    alert,
    summaryRef,
    alertRef,
    /** Every failure at once: in the summary, which takes focus, and each beside its field. */
    show(list: FieldError[]) {
      setFailures(list);
      setBeside(list);
      setFocusRequest({ to: 'summary' });
    },
    showAlert(message: string) {
      setAlert(message);
      setFocusRequest({ to: 'alert' });
    },
    /** A sentence beside its field alone: no submit failed, so the summary and focus stay. */
    showBeside(failure: FieldError) {
      setBeside((current) => [
        failure,
        ...current.filter((shown) => shown.field !== failure.field),
      ]);
    },
    /** The field was edited: its sentence goes (the summary stays until the next submit). */
    hide(field: string) {
      setBeside((current) => current.filter((shown) => shown.field !== field));
    },
    clear() {
      setFailures([]);
      setBeside([]);
      setAlert(null);
    },
  };
}
