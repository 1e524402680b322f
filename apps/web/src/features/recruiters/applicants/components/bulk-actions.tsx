import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import {
  counted,
  APPLICANT_STAGES,
  BULK_LIMIT,
  BULK_UNDO_SECONDS,
  canMove,
  type ApplicantStage,
  type ApplicantsQuery,
  type BulkAction,
  type BulkResult,
  type FieldError,
} from '@lumenfield/contract';
import { Modal } from '@/components/modal';
import { ApiError } from '@/lib/api-client';
import { useBulk, useSelectAllMatching, useUndoBulk } from '../api';
import { failureText } from '../../common/api/query-client';
import { RejectionFields, useRejectionChoice } from '../../messages/components/reject-dialog';
import { FormActions } from '../../common/components/fields';
import { ErrorNote } from '../../common/components/status';
import './bulk-actions.css';

const APPLICANTS: [string, string] = ['applicant', 'applicants'];

/** The stages a bulk move offers: those at least one selected applicant may move to. */
export function bulkMoveTargets(stages: Iterable<ApplicantStage>): ApplicantStage[] {
  const from = [...new Set(stages)];
  // Rejected takes a reason: it has its own button.
  return APPLICANT_STAGES.filter((to) => to !== 'Rejected' && from.some((f) => canMove(f, to)));
}

/** What the bar says once a bulk action is done: "Moved 200 applicants to Interview." */
export function bulkDoneText(action: BulkAction['action'], done: number): string {
  if (done === 0) return 'Nobody was changed.';
  return action.kind === 'move'
    ? `Moved ${counted(done, APPLICANTS)} to ${action.stage}.`
    : `Rejected ${counted(done, APPLICANTS)}.`;
}

/** What the bar says once an undo is done. */
export function bulkUndoText(undone: number): string {
  return undone === 0
    ? 'Nobody was put back.'
    : `Undone: ${counted(undone, APPLICANTS)} back where they were.`;
}

/** The selected applicants (id and the stage the recruiter saw), kept across the list's pages. */
export function useBulkSelection(resetKey: string) {
  const [selected, setSelected] = useState<Map<number, ApplicantStage>>(() => new Map());
  useEffect(() => setSelected(new Map()), [resetKey]);
  const toggle = useCallback(
    (items: readonly { applicantId: number; stage: ApplicantStage }[], on: boolean) =>
      setSelected((current) => {
        const next = new Map(current);
        for (const item of items) {
          if (on && next.size < BULK_LIMIT) next.set(item.applicantId, item.stage);
          else if (!on) next.delete(item.applicantId);
        }
        return next;
      }),
    [],
  );
  const replace = useCallback(
    (items: readonly { applicantId: number; stage: ApplicantStage }[]) =>
      setSelected(new Map(items.slice(0, BULK_LIMIT).map((a) => [a.applicantId, a.stage]))),
    [],
  );
  const clear = useCallback(() => setSelected(new Map()), []);
  return { selected, toggle, replace, clear };
}

export type BulkSelection = ReturnType<typeof useBulkSelection>;

/** "Select all N matching": every applicant the filters match, up to BULK_LIMIT. */
export function SelectAllMatching({
  selection,
  total,
  query,
}: {
  selection: BulkSelection;
  total: number;
  query: ApplicantsQuery;
}) {
  const [message, setMessage] = useState<string | null>(null);
  const finding = useSelectAllMatching();
  const reach = Math.min(total, BULK_LIMIT);
  if (selection.selected.size >= reach) return null;
  const selectAll = () => {
    setMessage(null);
    finding.mutate(query, {
      onSuccess: (found) => selection.replace(found.items),
      onError: (failure) => setMessage(failureText(failure, 'They could not be selected.')),
    });
  };
  return (
    <>
      {message ? <ErrorNote message={message} /> : null}
      <button
        type="button"
        className="button button--secondary"
        onClick={selectAll}
        disabled={finding.isPending}
      >
        {total > BULK_LIMIT
          ? `Select the first ${BULK_LIMIT} of ${total} matching`
          : `Select all ${counted(total, ['matching applicant', 'matching applicants'])}`}
      </button>
    </>
  );
}

interface Outcome {
  text: string;
  skipped: BulkResult['skipped'];
  /** Set while the undo is still open. */
  batchId?: number;
}

/**
 * The bar under the list while applicants are selected: how many, move to a stage, reject with a
 * reason; then what was done, who was skipped and why, and Undo for BULK_UNDO_SECONDS.
 */
export function BulkBar({ selection }: { selection: BulkSelection }) {
  const { selected } = selection;
  const [target, setTarget] = useState('');
  // Each action and its undo load the list again (applicants/api.ts).
  const acting = useBulk();
  const undoing = useUndoBulk();
  const busy = acting.isPending || undoing.isPending;
  const [problem, setProblem] = useState<string | null>(null);
  const [rejecting, setRejecting] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const outcomeRef = useRef<HTMLParagraphElement>(null);
  const targets = bulkMoveTargets(selected.values());

  const batchId = outcome?.batchId;
  useEffect(() => {
    if (batchId === undefined) return;
    const timer = window.setTimeout(
      () => setOutcome((current) => current && { ...current, batchId: undefined }),
      BULK_UNDO_SECONDS * 1000,
    );
    return () => window.clearTimeout(timer);
  }, [batchId]);
  useEffect(() => {
    if (outcome) outcomeRef.current?.focus();
  }, [outcome?.text]); // eslint-disable-line react-hooks/exhaustive-deps

  if (selected.size === 0 && !outcome) return null;

  /** Runs the action; `then` hears the fields the server named ([] once done). */
  const run = (action: BulkAction['action'], then?: (errors: FieldError[]) => void) => {
    setProblem(null);
    const applicants = [...selected].map(([applicantId, stage]) => ({ applicantId, stage }));
    acting.mutate(
      { applicants, action },
      {
        onSuccess: (result) => {
          selection.clear();
          setTarget('');
          setOutcome({
            text: bulkDoneText(action, result.done.length),
            skipped: result.skipped,
            ...(result.done.length > 0 ? { batchId: result.batchId } : {}),
          });
          then?.([]);
        },
        onError: (failure) => {
          setProblem(failureText(failure, 'Nothing was changed.'));
          then?.(failure instanceof ApiError ? (failure.fieldErrors ?? []) : []);
        },
      },
    );
  };

  const move = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (target === '') {
      setProblem('Choose a stage to move them to.');
      document.getElementById('bulk-stage')?.focus();
      return;
    }
    run({ kind: 'move', stage: target as ApplicantStage });
  };

  const undo = () => {
    if (batchId === undefined || busy) return;
    setProblem(null);
    undoing.mutate(batchId, {
      onSuccess: (result) =>
        setOutcome({ text: bulkUndoText(result.undone.length), skipped: result.skipped }),
      onError: (failure) => {
        setOutcome((current) => current && { ...current, batchId: undefined });
        setProblem(failureText(failure, 'Nothing was undone.'));
      },
    });
  };

  return (
    <section className="rc-bulkbar" aria-label="Bulk actions">
      {problem ? <ErrorNote message={problem} /> : null}
      {outcome ? (
        <div className="rc-bulkbar__outcome">
          <p ref={outcomeRef} tabIndex={-1} role="status">
            {outcome.text}
          </p>
          {batchId !== undefined ? (
            <button type="button" className="button button--primary" onClick={undo} disabled={busy}>
              Undo
            </button>
          ) : null}
          <button
            type="button"
            className="button button--secondary"
            onClick={() => setOutcome(null)}
          >
            Dismiss
          </button>
          {outcome.skipped.length > 0 ? (
            <details className="rc-bulkbar__skipped" open={outcome.skipped.length <= 5}>
              <summary>Skipped {counted(outcome.skipped.length, APPLICANTS)}</summary>
              {/* It scrolls past ten lines or so: focusable, so a keyboard can scroll it. */}
              <ul aria-label="Skipped applicants" tabIndex={0}>
                {outcome.skipped.map((skip) => (
                  <li key={skip.applicantId}>
                    <strong>{skip.name || `Applicant ${skip.applicantId}`}</strong>: {skip.reason}
                  </li>
                ))}
              </ul>
            </details>
          ) : null}
        </div>
      ) : null}
      {selected.size > 0 ? (
        <form className="rc-bulkbar__actions" onSubmit={move} noValidate>
          <p className="rc-bulkbar__count" aria-live="polite">
            {selected.size} selected
          </p>
          <label htmlFor="bulk-stage" className="visually-hidden">
            Move to stage
          </label>
          <select
            id="bulk-stage"
            value={target}
            onChange={(event) => {
              setTarget(event.target.value);
              setProblem(null);
            }}
          >
            <option value="">Move to stage…</option>
            {targets.map((stage) => (
              <option key={stage} value={stage}>
                {stage}
              </option>
            ))}
          </select>
          <button type="submit" className="button button--primary" disabled={busy}>
            Move
          </button>
          <button
            type="button"
            className="button rc-button--danger"
            disabled={busy}
            onClick={() => setRejecting(true)}
          >
            Reject…
          </button>
          <button
            type="button"
            className="button button--secondary"
            onClick={() => selection.clear()}
          >
            Clear selection
          </button>
        </form>
      ) : null}
      {rejecting ? (
        <BulkRejectDialog
          count={selected.size}
          busy={busy}
          onClose={() => setRejecting(false)}
          onReject={(reasonId, templateId, then) =>
            run({ kind: 'reject', reasonId, templateId }, then)
          }
        />
      ) : null}
    </section>
  );
}

/** The reason (required) and the optional rejection mail for every selected applicant. */
function BulkRejectDialog({
  count,
  busy,
  onClose,
  onReject,
}: {
  count: number;
  busy: boolean;
  onClose: () => void;
  onReject: (
    reasonId: number,
    templateId: number | null,
    then: (errors: FieldError[]) => void,
  ) => void;
}) {
  const choice = useRejectionChoice();
  const { templateId } = choice;
  const who = counted(count, APPLICANTS);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const rejection = choice.chosen();
    if (!rejection) return;
    onReject(rejection.reasonId, rejection.templateId, (found) => {
      choice.setErrors(found);
      if (found.length === 0) onClose();
    });
  };

  return (
    <Modal open onClose={onClose} title={`Reject ${who}?`}>
      <form className="rc-form" onSubmit={submit} noValidate>
        <RejectionFields
          {...choice.fields}
          mailHint={`Sent to each of them, after the ${BULK_UNDO_SECONDS} seconds in which you can undo this.`}
        />
        <FormActions
          submit={templateId === '' ? `Reject ${who}` : `Reject ${who} and send`}
          danger
          busy={busy}
          onCancel={onClose}
        />
      </form>
    </Modal>
  );
}
