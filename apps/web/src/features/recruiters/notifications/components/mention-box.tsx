import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { mentionableQuery } from '../api';
import './mentions.css';

/** The `@` being typed just before the caret, and what follows it so far. */
const typedMention = (text: string, caret: number) => {
  const match = /(^|\s)@([^@[\]\n]{0,40})$/u.exec(text.slice(0, caret));
  return match ? { start: caret - match[2]!.length - 1, query: match[2]! } : undefined;
};

const MAX_SUGGESTIONS = 6;

/**
 * The note's text box with mentions: typing `@` and the start of a name lists the colleagues
 * who can see this applicant (the only ones a mention tells); arrow keys choose, Enter or Tab
 * inserts `@[Their Name]`, Escape closes the list. The list is announced to screen readers.
 */
export function MentionBox({
  applicantId,
  id,
  value,
  onChange,
  invalid,
  describedBy,
}: {
  applicantId: number;
  id: string;
  value: string;
  onChange: (text: string) => void;
  invalid: boolean;
  describedBy?: string | undefined;
}) {
  const people = useQuery(mentionableQuery(applicantId)).data?.people ?? [];
  const box = useRef<HTMLTextAreaElement>(null);
  const [caret, setCaret] = useState(0);
  const [active, setActive] = useState(0);
  const [closed, setClosed] = useState(false);
  const listId = useId();
  const hintId = `${id}-mention-hint`;
  const typed = typedMention(value, caret);
  // A handful of colleagues at most: filtered on every keystroke, nothing to memoise.
  const query = typed?.query.toLocaleLowerCase();
  const suggestions =
    query === undefined
      ? []
      : people
          .filter((person) => {
            const parts = person.name.toLocaleLowerCase().split(/\s+/u);
            return parts.some((_, i) => parts.slice(i).join(' ').startsWith(query));
          })
          .slice(0, MAX_SUGGESTIONS);
  const open = !closed && typed !== undefined && suggestions.length > 0;
  const chosen = Math.min(active, suggestions.length - 1);

  const insert = (name: string) => {
    if (!typed) return;
    const mention = `@[${name}] `;
    const next = value.slice(0, typed.start) + mention + value.slice(caret);
    onChange(next);
    const at = typed.start + mention.length;
    setCaret(at);
    requestAnimationFrame(() => {
      box.current?.focus();
      box.current?.setSelectionRange(at, at);
    });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (!open) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((chosen + step + suggestions.length) % suggestions.length);
    } else if (event.key === 'Enter' || event.key === 'Tab') {
      event.preventDefault();
      insert(suggestions[chosen]!.name);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      setClosed(true);
    }
  };

  const optionId = (i: number) => `${listId}-option-${i}`;
  return (
    <div className="rc-mention">
      <div className="rc-mention__box">
        <textarea
          ref={box}
          id={id}
          rows={3}
          maxLength={10_000}
          value={value}
          aria-invalid={invalid ? true : undefined}
          aria-describedby={[hintId, describedBy].filter(Boolean).join(' ')}
          aria-autocomplete="list"
          aria-controls={open ? listId : undefined}
          aria-activedescendant={open ? optionId(chosen) : undefined}
          onChange={(event) => {
            onChange(event.target.value);
            setCaret(event.target.selectionStart);
            setClosed(false);
            setActive(0);
          }}
          onSelect={(event) => setCaret(event.currentTarget.selectionStart)}
          onKeyDown={onKeyDown}
          onBlur={() => setClosed(true)}
          onFocus={() => setClosed(false)}
        />
        {open ? (
          <ul className="rc-mention__list" role="listbox" id={listId} aria-label="Colleagues">
            {suggestions.map((person, i) => (
              <li
                key={person.userId}
                id={optionId(i)}
                role="option"
                aria-selected={i === chosen}
                className="rc-mention__option"
                // Before the box's blur closes the list.
                onMouseDown={(event) => {
                  event.preventDefault();
                  insert(person.name);
                }}
              >
                {person.name}
              </li>
            ))}
          </ul>
        ) : null}
      </div>
      <p id={hintId} className="rc-field__hint">
        Type @ to mention a colleague. Only colleagues who can see this applicant are suggested and
        told; anyone else you name is not.
      </p>
      <p className="visually-hidden" aria-live="polite">
        {open
          ? `${suggestions.length} ${suggestions.length === 1 ? 'colleague' : 'colleagues'} suggested: arrow keys to choose, Enter to insert.`
          : ''}
      </p>
    </div>
  );
}
