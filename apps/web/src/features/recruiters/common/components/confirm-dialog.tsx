import type { ReactNode } from 'react';
import { Modal } from '@/components/modal';

/**
 * A question before a change that is hard to take back (a role, an account's access): the
 * change is named on its button, and the focus starts on the answer that changes nothing, so a
 * stray Enter keeps things as they were.
 */
export function ConfirmDialog({
  title,
  confirmLabel,
  cancelLabel = 'Cancel',
  danger = false,
  busy = false,
  onConfirm,
  onCancel,
  children,
}: {
  title: string;
  confirmLabel: string;
  /** The answer that changes nothing (a yes/no question says "No, …"). */
  cancelLabel?: string;
  danger?: boolean;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  children: ReactNode;
}) {
  return (
    <Modal open onClose={onCancel} title={title} role="alertdialog">
      {children}
      <div className="rc-form__actions">
        <button
          type="button"
          className={danger ? 'button rc-button--danger' : 'button button--primary'}
          disabled={busy}
          onClick={onConfirm}
        >
          {confirmLabel}
        </button>
        <button
          type="button"
          className="button button--secondary"
          data-autofocus
          onClick={onCancel}
        >
          {cancelLabel}
        </button>
      </div>
    </Modal>
  );
}
