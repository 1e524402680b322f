import type { ReactNode } from 'react';
import { MIN_PASSWORD_LENGTH, type FieldError } from '@lumenfield/contract';

/** The hint under every field that sets a password (the server's rule). */
export const PASSWORD_HINT = `At least ${MIN_PASSWORD_LENGTH} characters and hard to guess: a few uncommon words together work well.`;

/**
 * A field's error as the console says it: a sentence that names the field by its label. The
 * server (and the contract's zod rules, zod-setup.ts) say a rule as the rest of that sentence
 * ("is required", "must be an e-mail address"); a message that is a sentence already (it starts
 * with a capital) is kept as it is. FieldFrame says every field's error so: the one place.
 */
export function fieldSentence(label: string, message: string): string {
  const text = message.trim();
  if (text === '') return `${label} is not valid.`;
  const sentence = /^[A-Z]/.test(text) ? text : `${label} ${text}`;
  return /[.!?]$/.test(sentence) ? sentence : `${sentence}.`;
}

/** A field's error from the server's 400, by field name (case-insensitive, path's last part). */
export function fieldErrorFor(errors: FieldError[], field: string): string | undefined {
  const name = field.toLowerCase();
  return errors.find((error) => {
    const path = error.field.toLowerCase();
    return path === name || path.endsWith(`.${name}`) || path.endsWith(`/${name}`);
  })?.message;
}

/**
 * Moves focus to the first field the server named, once the errors have rendered. React may
 * commit a state set in a promise's callback after the next frame (on a busy machine it did), so
 * an attempt that finds no invalid field yet tries again on the following frames.
 */
export function focusFirstInvalid(form: HTMLFormElement | null, frames = 10) {
  requestAnimationFrame(() => {
    const field = form?.querySelector<HTMLElement>('[aria-invalid="true"]');
    if (field) field.focus();
    else if (frames > 1) focusFirstInvalid(form, frames - 1);
  });
}

export interface FieldFrameProps {
  id: string;
  label: string;
  hint?: string | undefined;
  error?: string | undefined;
  /** The control, given its id and what ties the hint and error to it. */
  children: (props: {
    id: string;
    'aria-invalid'?: true;
    'aria-describedby'?: string;
  }) => ReactNode;
}

/** A label, a hint and an error around one control, tied to it for screen readers. */
export function FieldFrame({ id, label, hint, error, children }: FieldFrameProps) {
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : '']
    .filter(Boolean)
    .join(' ');
  return (
    <div className="rc-field">
      <label htmlFor={id}>{label}</label>
      {hint ? (
        <p id={`${id}-hint`} className="rc-field__hint">
          {hint}
        </p>
      ) : null}
      {children({
        id,
        ...(error ? { 'aria-invalid': true as const } : {}),
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
      })}
      {error ? (
        <p id={`${id}-error`} className="rc-field__error">
          {fieldSentence(label, error)}
        </p>
      ) : null}
    </div>
  );
}

/** A labelled text input with its hint and error. */
export function TextField({
  id,
  label,
  type = 'text',
  value,
  onChange,
  error,
  hint,
  autoComplete = 'off',
}: {
  id: string;
  label: string;
  type?: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  hint?: string | undefined;
  autoComplete?: string;
}) {
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error}>
      {(control) => (
        <input
          {...control}
          type={type}
          value={value}
          autoComplete={autoComplete}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </FieldFrame>
  );
}

/**
 * A form's row of buttons: its submit button first (primary, or red where the form rejects or
 * removes: `danger`), disabled while `busy`; then Cancel where there is `onCancel`, and any
 * other buttons it is given.
 */
export function FormActions({
  submit,
  danger = false,
  busy,
  onCancel,
  children,
}: {
  submit: ReactNode;
  danger?: boolean;
  busy?: boolean;
  onCancel?: () => void;
  children?: ReactNode;
}) {
  return (
    <div className="rc-form__actions">
      <button
        type="submit"
        className={danger ? 'button rc-button--danger' : 'button button--primary'}
        disabled={busy}
      >
        {submit}
      </button>
      {onCancel ? (
        <button type="button" className="button button--secondary" onClick={onCancel}>
          Cancel
        </button>
      ) : null}
      {children}
    </div>
  );
}
