import { useEffect, useRef } from 'react';
import { NamedButton } from '../../common/components/named-button';
import './copy-field.css';

/**
 * A value shown once to be copied (a token's secret, a feed's link): a read-only field that
 * selects itself, and a Copy button. Without the clipboard (an insecure origin, a refusal) the
 * text stays selected to copy by hand.
 */
export function CopyField({
  id,
  label,
  value,
  hint,
  focus = false,
  wrap = false,
  onCopied,
}: {
  id: string;
  label: string;
  value: string;
  hint?: string;
  /** Focus lands on it when shown, so a keyboard or screen-reader user finds it at once. */
  focus?: boolean;
  /** A value read by eye (a key to type into a phone): it wraps instead of scrolling. */
  wrap?: boolean;
  onCopied: () => void;
}) {
  const inputRef = useRef<HTMLInputElement & HTMLTextAreaElement>(null);
  useEffect(() => {
    if (focus) inputRef.current?.focus();
  }, [focus]);
  const copy = () => {
    inputRef.current?.select();
    navigator.clipboard?.writeText(value).then(onCopied, () => undefined);
  };
  const field = {
    ref: inputRef,
    id,
    readOnly: true,
    value,
    spellCheck: false,
    ...(hint ? { 'aria-describedby': `${id}-hint` } : {}),
    onFocus: (event: { currentTarget: { select(): void } }) => event.currentTarget.select(),
  };
  return (
    <div className="rc-copy-field">
      <label htmlFor={id}>{label}</label>
      <div className="rc-copy-field__row">
        {wrap ? <textarea rows={2} {...field} /> : <input {...field} />}
        <NamedButton label="Copy" name={label} onClick={copy} />
      </div>
      {hint ? <p id={`${id}-hint`}>{hint}</p> : null}
    </div>
  );
}
