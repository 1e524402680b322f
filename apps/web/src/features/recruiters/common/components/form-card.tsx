import type { FormEvent, ReactNode, RefObject } from 'react';
import { ErrorNote } from './status';

/**
 * A card that is one form: the heading names the section, a refusal of the whole form stands
 * above it (`message`), and the form leaves checking to the fields, which say their own errors.
 */
export function FormCard({
  titleId,
  title,
  message,
  formRef,
  onSubmit,
  children,
}: {
  titleId: string;
  title: string;
  message: string | null;
  formRef: RefObject<HTMLFormElement | null>;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  children: ReactNode;
}) {
  return (
    <section className="rc-card" aria-labelledby={titleId}>
      <h2 id={titleId}>{title}</h2>
      {message ? <ErrorNote message={message} /> : null}
      <form ref={formRef} className="rc-form" onSubmit={onSubmit} noValidate>
        {children}
      </form>
    </section>
  );
}
