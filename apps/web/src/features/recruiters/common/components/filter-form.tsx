import { useState, type FormEvent, type ReactNode } from 'react';
import { useNavigate } from '@lumenfield/page-kit';
import { withQuery } from '../lib/with-query';

/**
 * A filter form's fields: they start as the URL's query says, and a new URL (the nav, the back
 * button) sets them to what it says; `key` names the query.
 */
export function useFilterFields<F>(key: string, fromQuery: () => F) {
  const [fields, setFields] = useState(fromQuery);
  const [shownKey, setShownKey] = useState(key);
  if (shownKey !== key) {
    setShownKey(key);
    setFields(fromQuery());
  }
  return [fields, setFields] as const;
}

/** What a filter form gives each of its fields: the value, and the change that sets it. */
export interface FilterField {
  value: string;
  onChange: (event: { target: { value: string } }) => void;
}

/**
 * A list's filters as a form (filters live in the URL): its fields start as `fromQuery` reads
 * the query named `queryKey`, and submitting navigates to `path` with what they say. `children`
 * lays the fields out, each bound by `field(name)`.
 */
export function FilterForm<K extends string>({
  label,
  path,
  queryKey,
  fromQuery,
  toQuery = (fields) => fields,
  submit,
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
  /** The submit button's text. */
  submit: string;
  /** A search landmark: the form narrows a list. */
  search?: boolean;
  className?: string;
  children: (field: (name: K) => FilterField) => ReactNode;
}) {
  const navigate = useNavigate();
  const [fields, setFields] = useFilterFields(queryKey, fromQuery);
  const field = (name: K): FilterField => ({
    value: fields[name],
    onChange: (event) => setFields((current) => ({ ...current, [name]: event.target.value })),
  });
  const apply = (event: FormEvent) => {
    event.preventDefault();
    navigate(withQuery(path, toQuery(fields)));
  };
  return (
    <form
      className={className}
      role={search ? 'search' : undefined}
      aria-label={label}
      onSubmit={apply}
    >
      {children(field)}
      <button type="submit" className="button button--primary">
        {submit}
      </button>
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
  jobs: readonly { id: number; code: string; title: string }[] | undefined;
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
