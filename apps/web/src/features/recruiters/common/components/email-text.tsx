import { Fragment } from 'react';

/**
 * An e-mail address that, where it must wrap, wraps after its @ or before a dot, never in the
 * middle of a word ("sam.lee@exam-ple.com" was the page's way before).
 */
export function EmailText({ email, className }: { email: string; className?: string }) {
  // "sam.lee@example.com" -> ["sam", ".lee@", "example", ".com"]: a chance to break between.
  const parts = email.split(/(?=\.)|(?<=@)/);
  return (
    <span className={className ? `rc-email ${className}` : 'rc-email'}>
      {parts.map((part, index) => (
        <Fragment key={index}>
          {index > 0 ? <wbr /> : null}
          {part}
        </Fragment>
      ))}
    </span>
  );
}
