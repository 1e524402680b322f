import { TOO_LONG_MESSAGE, type FieldError } from '@lumenfield/contract';
import { type Ref, useId } from 'react';
import { applyFormControls, applyFormLabel } from './apply-form';

/**
 * Every failure of a sent form at once, atop it (the page without scripts and the dialog alike):
 * how many, then each rule's sentence as a link to its field, in the order the rules were judged.
 * The dialog moves focus here (`summaryRef`); following a link focuses the field itself.
 */
export function ErrorSummary({
  errors,
  targetOf,
  heading,
  summaryRef,
}: {
  errors: readonly FieldError[];
  /** The id of the control a failure's link leads to; none for a field the form does not show. */
  targetOf: (field: string) => string | undefined;
  /** The summary's heading level under the form's own heading. */
  heading: 'h2' | 'h3';
  summaryRef?: Ref<HTMLDivElement>;
}) {
  const titleId = useId();
  if (errors.length === 0) return null;
  const Heading = heading;
  return (
    <div
      ref={summaryRef}
      className="apply-form__alert apply-form__summary"
      role="alert"
      aria-labelledby={titleId}
      tabIndex={-1}
    >
      <Heading id={titleId} className="apply-form__summary-title">
        Please check {errors.length === 1 ? 'one answer' : `${errors.length} answers`}
      </Heading>
      <ul>
        {errors.map((error) => {
          const target = targetOf(error.field);
          const line = summaryLine(error);
          return (
            <li key={`${error.field}:${error.message}`}>
              {target ? (
                <a href={`#${target}`} onClick={(event) => focusControl(event, target)}>
                  {line}
                </a>
              ) : (
                line
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}

/**
 * A failure as the summary lists it: the rule's own sentence, which names its field (a question's
 * names its question). The length sentence names none, nor does one about a field the form does
 * not have: those follow their field's label.
 */
function summaryLine(error: FieldError): string {
  const named =
    error.message !== TOO_LONG_MESSAGE &&
    (error.field === 'resume' ||
      error.field.startsWith('answers.') ||
      Object.hasOwn(applyFormControls, error.field));
  return named ? error.message : `${applyFormLabel(error.field)}: ${error.message}`;
}

/** With scripts, a summary's link focuses its control and brings its whole field into view. */
function focusControl(event: React.MouseEvent<HTMLAnchorElement>, id: string) {
  const control = document.getElementById(id);
  if (!control) return;
  event.preventDefault();
  control.focus();
  control.closest('.apply-field')?.scrollIntoView?.({ block: 'nearest' });
}
