import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import type { OpeningChoice } from '@lumenfield/contract';
import { useNavigate } from '@lumenfield/page-kit';
import { withQuery } from '../lib/with-query';

/**
 * A filter form's fields: they start as the URL's query says, and a new URL (the nav, the back
 * button) sets them to what it says; `key` names the query. With `hrefOf`, a URL the fields
 * already make (they applied it) leaves them as they are.
 */
export function useFilterFields<F>(
  key: string,
  fromQuery: () => F,
  hrefOf?: (fields: F) => string,
) {
  const [fields, setFields] = useState(fromQuery);
  const [shownKey, setShownKey] = useState(key);
  if (shownKey !== key) {
    setShownKey(key);
    if (!hrefOf || hrefOf(fields) !== hrefOf(fromQuery())) setFields(fromQuery());
  }
  return [fields, setFields] as const;
}

/** What a filter form gives each of its fields: the value, and the change that sets it. */
export interface FilterField {
  value: string;
  onChange: (event: { target: { value: string } }) => void;
  /** Typed fields: Enter applies what is typed at once. */
  onKeyDown?: (event: { key: string; preventDefault: () => void }) => void;
}

/** How long typing pauses before a typed filter applies. */
export const TYPING_PAUSE_MS = 300;

/**
 * A list's filters as a form (filters live in the URL): its fields start as `fromQuery` reads
 * the query named `queryKey`. Without `submit`, each change applies at once (a new URL of
 * `path`): a choice when it is made, a `typed` field once typing pauses or on Enter. With
 * `submit`, a button applies them all. `children` lays the fields out, each bound by
 * `field(name)`.
 */
export function FilterForm<K extends string>({
  label,
  path,
  queryKey,
  fromQuery,
  toQuery = (fields) => fields,
  submit,
  typed = [],
  search = false,
  className = 'rc-filters',
  children,
}: {
  /** The form's accessible name. */
  label: string;
  path: string;
  queryKey: string;
  fromQuery: () => Record<K, string>;
  /** The query the fields make, when it is not the fields as they are. */
  toQuery?: (fields: Record<K, string>) => Record<string, string>;
  /** The submit button's text, when the fields apply together rather than on change. */
  submit?: string;
  /** The fields people type in: they apply after a pause, not on each key. */
  typed?: readonly NoInfer<K>[];
  /** A search landmark: the form narrows a list. */
  search?: boolean;
  className?: string;
  children: (field: (name: K) => FilterField) => ReactNode;
}) {
  const navigate = useNavigate();
  const hrefOf = (values: Record<K, string>) => withQuery(path, toQuery(values));
  // A URL the fields made themselves leaves them as typed (a trailing space stays).
  const [fields, setFields] = useFilterFields(queryKey, fromQuery, hrefOf);
  const pending = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(pending.current), []);
  const go = (values: Record<K, string>) => {
    clearTimeout(pending.current);
    const href = hrefOf(values);
    if (href !== hrefOf(fromQuery())) navigate(href);
  };
  const field = (name: K): FilterField => {
    const isTyped = typed.includes(name);
    return {
      value: fields[name],
      onChange: (event) => {
        const next = { ...fields, [name]: event.target.value };
        setFields(next);
        if (submit !== undefined) return;
        clearTimeout(pending.current);
        if (isTyped) pending.current = setTimeout(() => go(next), TYPING_PAUSE_MS);
        else go(next);
      },
      ...(isTyped && submit === undefined
        ? {
            onKeyDown: (event: { key: string; preventDefault: () => void }) => {
              if (event.key !== 'Enter') return;
              // Not the form's submit too: one new URL.
              event.preventDefault();
              go(fields);
            },
          }
        : {}),
    };
  };
  const apply = (event: FormEvent) => {
    event.preventDefault();
    go(fields);
  };
  return (
    <form
      className={className}
      role={search ? 'search' : undefined}
      aria-label={label}
      onSubmit={apply}
    >
      {children(field)}
      {submit === undefined ? null : (
        <button type="submit" className="button button--primary">
          {submit}
        </button>
      )}
    </form>
  );
}

/** A filter form's choice of one opening, or all of them. */
export function OpeningFilter({
  id,
  jobs,
  field,
}: {
  id: string;
  /** The openings, once loaded. */
  jobs: readonly OpeningChoice[] | undefined;
  field: FilterField;
}) {
  return (
    <div className="rc-field">
      <label htmlFor={id}>Opening</label>
      <select id={id} {...field}>
        <option value="">All openings</option>
        {jobs?.map((item) => (
          <option key={item.id} value={String(item.id)}>
            {item.code} · {item.title}
          </option>
        ))}
      </select>
    </div>
  );
}

/** A list's search box (one of FilterForm's `typed` fields: it applies once typing pauses). */
export function SearchField({
  id,
  placeholder,
  field,
}: {
  id: string;
  /** What the words are looked for in. */
  placeholder: string;
  field: FilterField;
}) {
  return (
    <div className="rc-field">
      <label htmlFor={id}>Search</label>
      <input id={id} type="search" maxLength={200} placeholder={placeholder} {...field} />
    </div>
  );
}

/** A filter form's choice of one: each choice as [value, text], '' for any or the default. */
export function ChoiceField({
  id,
  label,
  choices,
  field,
}: {
  id: string;
  label: string;
  choices: readonly (readonly [string, string])[];
  field: FilterField;
}) {
  return (
    <div className="rc-field">
      <label htmlFor={id}>{label}</label>
      <select id={id} {...field}>
        {choices.map(([value, text]) => (
          <option key={value} value={value}>
            {text}
          </option>
        ))}
      </select>
    </div>
  );
}
