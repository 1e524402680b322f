import type { Ref } from 'react';
import { fieldSentence } from '../../common/components/fields';
import { controlId, pathLabel, pathOf } from './form-model';

/**
 * Every refusal of the content at once, atop the form: how many, then each as a link to its
 * control (or its group), named by its path ("Hero › Tell me › Label"). The editor moves focus
 * here when a save or a publish is refused.
 */
export function ContentErrorSummary({
  errors,
  summaryRef,
}: {
  errors: ReadonlyMap<string, readonly string[]>;
  summaryRef: Ref<HTMLDivElement>;
}) {
  const lines = [...errors].flatMap(([key, messages]) =>
    messages.map((message) => ({ key, message })),
  );
  if (lines.length === 0) return null;
  return (
    <div
      ref={summaryRef}
      className="rc-alert rc-alert--error cf-summary"
      role="alert"
      aria-labelledby="cf-summary-title"
      tabIndex={-1}
    >
      <h2 id="cf-summary-title" className="cf-summary__title">
        {lines.length === 1 ? 'One field needs a change' : `${lines.length} fields need a change`}
      </h2>
      <ul>
        {lines.map(({ key, message }) => {
          const path = pathOf(key);
          const id = controlId(path);
          // "Hero › Eyebrow is required."; a message that is a sentence follows the path.
          const label = pathLabel(path);
          const text = /^[A-Z]/.test(message)
            ? `${label}: ${message}`
            : fieldSentence(label, message);
          return (
            <li key={`${key}:${message}`}>
              {path.length > 0 ? (
                <a
                  href={`#${id}`}
                  onClick={(event) => {
                    const control = document.getElementById(id);
                    if (!control) return;
                    event.preventDefault();
                    control.focus();
                    control.scrollIntoView?.({ block: 'center' });
                  }}
                >
                  {text}
                </a>
              ) : (
                text
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
