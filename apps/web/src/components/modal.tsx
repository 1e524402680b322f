import { useEffect, useRef, type ReactNode } from 'react';
import { Icon } from './icons';
import './modal.css';

export interface ModalProps {
  open: boolean;
  onClose: () => void;
  /** The dialog's accessible name; shown as its heading unless `hideTitle`. */
  title: string;
  children: ReactNode;
  /** 'sheet' slides in from the side (the mobile menu); 'dialog' is centred. */
  variant?: 'dialog' | 'sheet';
  className?: string;
  closeLabel?: string;
  hideTitle?: boolean;
  /** 'alertdialog' for a message the visitor must acknowledge (an outcome, a warning). */
  role?: 'dialog' | 'alertdialog';
}

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * A real modal dialog on the native <dialog>: the page behind is inert, focus moves in and
 * stays in (Tab wraps), Escape and the close button close it, and focus returns to whatever
 * opened it.
 */
export function Modal({
  open,
  onClose,
  title,
  children,
  variant = 'dialog',
  className = '',
  closeLabel = 'Close',
  hideTitle = false,
  role,
}: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const returnFocusTo = useRef<HTMLElement | null>(null);
  const titleId = useRef(`modal-title-${Math.random().toString(36).slice(2)}`).current;

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      returnFocusTo.current = document.activeElement as HTMLElement | null;
      dialog.showModal();
      const first =
        dialog.querySelector<HTMLElement>('[autofocus], [data-autofocus]') ??
        dialog.querySelector<HTMLElement>(FOCUSABLE);
      first?.focus();
    } else if (!open && dialog.open) {
      dialog.close();
    }
  }, [open]);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const onDialogClose = () => {
      returnFocusTo.current?.focus();
      returnFocusTo.current = null;
    };
    dialog.addEventListener('close', onDialogClose);
    return () => dialog.removeEventListener('close', onDialogClose);
  }, []);

  const onKeyDown = (event: React.KeyboardEvent<HTMLDialogElement>) => {
    if (event.key !== 'Tab') return;
    const items = Array.from(ref.current?.querySelectorAll<HTMLElement>(FOCUSABLE) ?? []).filter(
      (el) => el.offsetParent !== null || el === document.activeElement,
    );
    const first = items[0];
    const last = items[items.length - 1];
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return (
    <dialog
      ref={ref}
      role={role}
      className={`modal modal--${variant} ${className}`.trim()}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onKeyDown={onKeyDown}
      onClick={(event) => {
        // A click on the backdrop (the dialog element itself, outside its box) closes it.
        if (event.target === ref.current) onClose();
      }}
    >
      <div className="modal__box">
        <div className="modal__header">
          <h2 id={titleId} className={hideTitle ? 'visually-hidden' : 'modal__title'}>
            {title}
          </h2>
          <button type="button" className="modal__close" onClick={onClose} aria-label={closeLabel}>
            <Icon name="close" size={22} />
          </button>
        </div>
        <div className="modal__body">{open ? children : null}</div>
      </div>
    </dialog>
  );
}
