import { MESSAGE_PLACEHOLDERS, PLACEHOLDER_HINTS } from '@lumenfield/contract';

/** The placeholders a template may use, each with what it becomes: the contract's one list. */
export function PlaceholderList({ id }: { id: string }) {
  return (
    <div id={id} className="rc-field__hint">
      <p>These placeholders are filled in for each applicant:</p>
      <ul className="rc-placeholders">
        {MESSAGE_PLACEHOLDERS.map((name) => (
          <li key={name}>
            <code>{`{{${name}}}`}</code> {PLACEHOLDER_HINTS[name]}
          </li>
        ))}
      </ul>
    </div>
  );
}
