/**
 * The site's router: path URLs (`/about`) over a flat route table, in about 1 KB.
 * A general-purpose router cost 13 KB gzip of the first load for features the site does not
 * use (nested and dynamic segments, loaders, actions, blockers): docs/architecture.md.
 *
 * A history holds the current location and how it was reached; components read it through
 * `useLocation` and `useNavigationType`, and change it through `Link` and `useNavigate`.
 */
import {
  createContext,
  useContext,
  useMemo,
  useState,
  useSyncExternalStore,
  type AnchorHTMLAttributes,
  type MouseEvent,
  type ReactNode,
  type Ref,
} from 'react';
import { parsePath, type Location } from './location';

export { parsePath, type Location };

/** PUSH and REPLACE come from the site's own links; POP from back, forward or a typed URL. */
export type NavigationType = 'POP' | 'PUSH' | 'REPLACE';

export interface History {
  readonly location: Location;
  readonly action: NavigationType;
  push(to: string): void;
  replace(to: string): void;
  /** The href a link to `to` carries. */
  href(to: string): string;
  subscribe(listener: () => void): () => void;
}

const createKey = () => Math.random().toString(36).slice(2, 10);

interface EntryState {
  key?: unknown;
}

/** The browser's history (History API): '/careers/jobs/3'. */
export function createBrowserHistory(win: Window = window): History {
  const listeners = new Set<() => void>();
  let action: NavigationType = 'POP';
  let location = current();

  /** The entry's key, given one when it has none (a typed URL, a first visit). */
  function current(): Location {
    const state = win.history.state as EntryState | null;
    let key = typeof state?.key === 'string' ? state.key : undefined;
    if (!key) {
      key = createKey();
      win.history.replaceState({ ...state, key }, '');
    }
    return parsePath(win.location.pathname + win.location.search, key);
  }

  function onPopState() {
    action = 'POP';
    location = current();
    listeners.forEach((listener) => listener());
  }

  function go(to: string, how: 'PUSH' | 'REPLACE') {
    const key = createKey();
    try {
      if (how === 'PUSH') win.history.pushState({ key }, '', to);
      else win.history.replaceState({ key }, '', to);
    } catch {
      // Safari's limit on history calls: fall back to a plain navigation.
      win.location[how === 'PUSH' ? 'assign' : 'replace'](to);
      return;
    }
    action = how;
    location = parsePath(to, key);
    listeners.forEach((listener) => listener());
  }

  return {
    get location() {
      return location;
    },
    get action() {
      return action;
    },
    push: (to) => go(to, 'PUSH'),
    replace: (to) => go(to, 'REPLACE'),
    href: (to) => to,
    subscribe(listener) {
      if (listeners.size === 0) {
        // Another history object may have moved the URL since this one read it.
        const fresh = current();
        if (fresh.key !== location.key) location = fresh;
        win.addEventListener('popstate', onPopState);
      }
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) win.removeEventListener('popstate', onPopState);
      };
    },
  };
}

/**
 * The location of a page whose parts hydrate on their own (islands): read from the document,
 * and every navigation is a page load, since the page's other screens are not in the browser.
 */
export function createDocumentHistory(win: Window = window): History {
  const location = parsePath(win.location.pathname + win.location.search, 'document');
  return {
    location,
    action: 'POP',
    push: (to) => win.location.assign(to),
    replace: (to) => win.location.replace(to),
    href: (to) => to,
    subscribe: () => () => {},
  };
}

/** A history in memory: for tests, and for rendering a page on the server or at build time. */
export function createMemoryHistory(
  initialEntries: readonly string[] = ['/'],
  { href = (to: string) => to }: { href?: (to: string) => string } = {},
): History & { back(): void } {
  const listeners = new Set<() => void>();
  const entries = initialEntries.map((path) => parsePath(path, createKey()));
  let index = entries.length - 1;
  let action: NavigationType = 'POP';
  const notify = () => listeners.forEach((listener) => listener());
  return {
    get location() {
      return entries[index]!;
    },
    get action() {
      return action;
    },
    push(to) {
      entries.splice(index + 1, entries.length, parsePath(to, createKey()));
      index += 1;
      action = 'PUSH';
      notify();
    },
    replace(to) {
      entries[index] = parsePath(to, createKey());
      action = 'REPLACE';
      notify();
    },
    back() {
      if (index === 0) return;
      index -= 1;
      action = 'POP';
      notify();
    },
    href,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

const HistoryContext = createContext<History | null>(null);

export function Router({ history, children }: { history: History; children: ReactNode }) {
  return <HistoryContext.Provider value={history}>{children}</HistoryContext.Provider>;
}

export function BrowserRouter({ children }: { children: ReactNode }) {
  const [history] = useState(() => createBrowserHistory());
  return <Router history={history}>{children}</Router>;
}

export function MemoryRouter({
  initialEntries,
  children,
}: {
  initialEntries?: readonly string[];
  children: ReactNode;
}) {
  const [history] = useState(() => createMemoryHistory(initialEntries));
  return <Router history={history}>{children}</Router>;
}

export function useHistory(): History {
  const history = useContext(HistoryContext);
  if (!history) throw new Error('Router hooks need a <Router> above them.');
  return history;
}

export function useLocation(): Location {
  const history = useHistory();
  const read = () => history.location;
  return useSyncExternalStore(history.subscribe, read, read);
}

export function useNavigationType(): NavigationType {
  const history = useHistory();
  const read = () => history.action;
  return useSyncExternalStore(history.subscribe, read, read);
}

export function useNavigate(): (to: string, options?: { replace?: boolean }) => void {
  const history = useHistory();
  return useMemo(
    () => (to, options) => (options?.replace ? history.replace(to) : history.push(to)),
    [history],
  );
}

export function useSearchParams(): URLSearchParams {
  const { search } = useLocation();
  return useMemo(() => new URLSearchParams(search), [search]);
}

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  /** An in-site path: '/about', '/careers/jobs/3'. */
  to: string;
  replace?: boolean;
  ref?: Ref<HTMLAnchorElement>;
}

/**
 * An `<a>` with the route's real href (open in a new tab, copy the link), which navigates in
 * place on a plain left click. A link to where the visitor already is replaces the entry
 * rather than stacking a duplicate in the history.
 */
export function Link({ to, replace, onClick, ...rest }: LinkProps) {
  const history = useHistory();
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (
      event.defaultPrevented ||
      event.button !== 0 ||
      event.metaKey ||
      event.altKey ||
      event.ctrlKey ||
      event.shiftKey ||
      (rest.target && rest.target !== '_self')
    ) {
      return;
    }
    event.preventDefault();
    const { pathname, search } = history.location;
    if (replace || pathname + search === to) history.replace(to);
    else history.push(to);
  };
  return <a {...rest} href={history.href(to)} onClick={follow} />;
}

/** Whether `pathname` is `to` or below it ('/careers' is current on '/careers/…'). */
export function isCurrentPath(pathname: string, to: string): boolean {
  const path = pathname.toLowerCase().replace(/(.)\/+$/, '$1');
  const target = to.split('?')[0]!.toLowerCase();
  return path === target || (target !== '/' && path.startsWith(`${target}/`));
}

/** A Link that marks itself `aria-current="page"` and `.active` when its route is shown. */
export function NavLink({ className, ...props }: LinkProps) {
  const current = isCurrentPath(useLocation().pathname, props.to);
  return (
    <Link
      {...props}
      className={current ? `${className ?? ''} active`.trim() : className}
      aria-current={current ? 'page' : undefined}
    />
  );
}
