import { Fragment, useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { site } from '@/config/site';
import {
  counted,
  MIN_PASSWORD_LENGTH,
  type ApplicantStage,
  type FieldError,
} from '@lumenfield/contract';

/** The console's counts (Intl.PluralRules): one helper, the contract's, for all. */
export { counted, pluralOf } from '@lumenfield/contract';
import { Link, useNavigate, useNavigationType } from '@/lib/router';
import type { Resource } from '@/lib/use-resource';

export const CONSOLE_NAME = 'Recruiters';

/** The hint under every field that sets a password (the server's rule). */
export const PASSWORD_HINT = `At least ${MIN_PASSWORD_LENGTH} characters and hard to guess: a few uncommon words together work well.`;

/** "Openings · Recruiters · Lumenfield Technology Partners": each page's own tab title. */
export function useConsoleTitle(title: string) {
  useEffect(() => {
    document.title = `${title} · ${CONSOLE_NAME} · ${site.brand.legalName}`;
  }, [title]);
}

/**
 * The page's h1, with its title in the tab. After an in-console navigation focus moves to it,
 * so a keyboard or screen-reader user starts reading the new page at its top.
 */
export function PageHeading({
  title,
  children,
  actions,
}: {
  title: string;
  children?: ReactNode;
  actions?: ReactNode;
}) {
  useConsoleTitle(title);
  const ref = useRef<HTMLHeadingElement>(null);
  const navigation = useNavigationType();
  useEffect(() => {
    if (navigation !== 'POP') ref.current?.focus();
    // Only on arrival: a later re-render keeps focus where the user put it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <div className="rc-page-head">
      <div>
        <h1 ref={ref} tabIndex={-1}>
          {children ?? title}
        </h1>
      </div>
      {actions ? <div className="rc-page-head__actions">{actions}</div> : null}
    </div>
  );
}

/** A button acting on what a titled card shows. */
export interface CardAction {
  label: string;
  onClick: () => void;
}

/**
 * A card with its title and the actions on what it shows (an admin's: callers give them only to
 * admins). Each button is named with the title for a screen reader ("Delete LinkedIn"), as many
 * such cards share a page. A card of its own is a section named by its heading (`titleId`); an
 * `item` is one entry of a list in a card.
 */
export function TitledCard({
  title,
  titleId,
  level = 2,
  item = false,
  actions,
  children,
}: {
  title: string;
  titleId?: string;
  level?: 2 | 3;
  item?: boolean;
  actions?: readonly CardAction[];
  children: ReactNode;
}) {
  const Heading = level === 2 ? 'h2' : 'h3';
  const head = (
    <div className="rc-card__head">
      <Heading id={titleId}>{title}</Heading>
      {actions ? (
        <div className="rc-actions">
          {actions.map((action) => (
            <button
              key={action.label}
              type="button"
              className="button button--secondary"
              onClick={action.onClick}
            >
              {action.label}
              <span className="visually-hidden"> {title}</span>
            </button>
          ))}
        </div>
      ) : null}
    </div>
  );
  return item ? (
    <li>
      {head}
      {children}
    </li>
  ) : (
    <section className="rc-card" aria-labelledby={titleId}>
      {head}
      {children}
    </section>
  );
}

export function ErrorNote({ message, onRetry }: { message: string; onRetry?: () => void }) {
  return (
    <div className="rc-alert rc-alert--error" role="alert">
      <p>{message}</p>
      {onRetry ? (
        <button type="button" className="button button--secondary" onClick={onRetry}>
          Try again
        </button>
      ) : null}
    </div>
  );
}

export function Loading({ what }: { what: string }) {
  return (
    <p className="rc-muted" role="status">
      Loading {what}…
    </p>
  );
}

/** What a resource shows until it is ready: the loading line, or the error with a retry. */
export function Pending({
  resource,
  what,
  onRetry,
}: {
  resource: Resource<unknown>;
  what: string;
  onRetry: () => void;
}) {
  if (resource.status === 'loading') return <Loading what={what} />;
  if (resource.status === 'error')
    return <ErrorNote message={resource.error.message} onRetry={onRetry} />;
  return null;
}

/**
 * A column of a ListTable: its heading, and whether it holds numbers (right-aligned), sorts
 * the list (its heading a link to the list sorted by it; `sorted` says how it is sorted now), or
 * has a heading that is a control (a "select all" checkbox), keyed by its label.
 */
export type Column =
  | string
  | { label: string; numeric: true }
  | {
      label: string;
      sortHref: string;
      sorted: 'ascending' | 'descending' | undefined;
      numeric?: boolean;
    }
  | { label: string; header: ReactNode; className?: string };

function Heading({ column }: { column: Exclude<Column, string> }) {
  if ('header' in column) {
    return (
      <th scope="col" className={column.className}>
        {column.header}
      </th>
    );
  }
  if (!('sortHref' in column)) {
    return (
      <th scope="col" className="rc-num">
        {column.label}
      </th>
    );
  }
  const arrow = { ascending: '▲', descending: '▼' };
  return (
    <th
      scope="col"
      aria-sort={column.sorted ?? 'none'}
      className={column.numeric ? 'rc-num' : undefined}
    >
      <Link className="rc-sort" to={column.sortHref}>
        {column.label}
        <span aria-hidden="true" className="rc-sort__arrow">
          {column.sorted ? arrow[column.sorted] : '↕'}
        </span>
      </Link>
    </th>
  );
}

/** The console's tables: a caption for screen readers, a heading row, then the rows given. */
export function ListTable({
  caption,
  columns,
  className = 'rc-table',
  children,
}: {
  caption: string;
  columns: Column[];
  className?: string;
  children: ReactNode;
}) {
  return (
    <table className={className}>
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          {columns.map((column) =>
            typeof column === 'string' ? (
              <th key={column} scope="col">
                {column}
              </th>
            ) : (
              <Heading key={column.label} column={column} />
            ),
          )}
        </tr>
      </thead>
      <tbody>{children}</tbody>
    </table>
  );
}

/** One page of a filtered list as the server answers it. */
export interface ListPage<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

/**
 * A filtered, paged list: how many match ("1 entry", "12 entries"), the items (or what says
 * none match) and the pager.
 */
export function PagedResults<T>({
  page,
  noun,
  none,
  label,
  hrefFor,
  children,
}: {
  page: ListPage<T>;
  /** The singular and the plural. */
  noun: [string, string];
  none: string;
  label: string;
  hrefFor: (page: number) => string;
  children: (items: T[]) => ReactNode;
}) {
  return (
    <>
      <p className="rc-count" role="status">
        {counted(page.total, noun)}
      </p>
      {page.items.length > 0 ? children(page.items) : <p>{none}</p>}
      <Pager
        label={label}
        page={page.page}
        pageSize={page.pageSize}
        total={page.total}
        hrefFor={hrefFor}
      />
    </>
  );
}

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
  jobs: Resource<readonly { id: number; code: string; title: string }[]>;
  field: FilterField;
}) {
  return (
    <div className="rc-field">
      <label htmlFor={id}>Opening</label>
      <select id={id} {...field}>
        <option value="">All openings</option>
        {jobs.status === 'ready'
          ? jobs.data.map((item) => (
              <option key={item.id} value={String(item.id)}>
                {item.code} · {item.title}
              </option>
            ))
          : null}
      </select>
    </div>
  );
}

export function StageBadge({ stage }: { stage: ApplicantStage }) {
  return <span className={`rc-badge rc-badge--${stage.toLowerCase()}`}>{stage}</span>;
}

export function StateBadge({ state }: { state: 'open' | 'scheduled' | 'closed' }) {
  const label = { open: 'Open', scheduled: 'Scheduled', closed: 'Closed' }[state];
  return <span className={`rc-badge rc-badge--${state}`}>{label}</span>;
}

const dateTime = new Intl.DateTimeFormat('en-US', {
  dateStyle: 'medium',
  timeStyle: 'short',
});
const dateOnly = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

/** A time as the reader's clock shows it, in a <time> with the exact value. */
export function When({ iso, withTime = true }: { iso: string; withTime?: boolean }) {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return <>{iso}</>;
  return <time dateTime={iso}>{(withTime ? dateTime : dateOnly).format(date)}</time>;
}

/** Previous / next links over a paged list; the page number lives in the URL. */
export function Pager({
  page,
  pageSize,
  total,
  hrefFor,
  label,
}: {
  page: number;
  pageSize: number;
  total: number;
  hrefFor: (page: number) => string;
  label: string;
}) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1) return null;
  return (
    <nav className="rc-pager" aria-label={`${label} pages`}>
      {page > 1 ? <Link to={hrefFor(page - 1)}>Previous page</Link> : <span />}
      <span>
        Page {page} of {pages}
      </span>
      {page < pages ? <Link to={hrefFor(page + 1)}>Next page</Link> : <span />}
    </nav>
  );
}

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

/** Builds a URL of `path` with `query`, leaving out empty values. */
export function withQuery(path: string, query: Record<string, string | number | undefined>) {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query))
    // The first page is the page without a number.
    if (value !== undefined && value !== '' && !(key === 'page' && String(value) === '1'))
      search.set(key, String(value));
  const qs = search.toString();
  return qs ? `${path}?${qs}` : path;
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
