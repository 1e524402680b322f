import { StrictMode, useEffect, type ComponentType } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { Router, createDocumentHistory, type History } from '@lumenfield/page-kit';
import { pageMemory } from '@lumenfield/page-kit';
import { PageDataProvider, readPageData, type PageData } from '@/lib/page-data';
import type { IslandName } from '@/lib/island';
import { islands } from './islands';

/** Tells the page once the island is live (its effects run after it hydrated). */
function Live({ onLive }: { onLive: () => void }) {
  useEffect(onLive, [onLive]);
  return null;
}

/**
 * Links in islands load pages, except once the page holds what only memory keeps (the apply
 * dialog's draft, src/lib/page-memory.ts): then the whole site starts and draws the next page
 * in place, as it does for an old hash link, and the draft is still there.
 */
function islandHistory(): History {
  const pages = createDocumentHistory();
  const inPlace = (to: string, replace: boolean) => {
    const root = document.getElementById('root');
    if (!root) return false;
    if (replace) window.history.replaceState(null, '', to);
    else window.history.pushState(null, '', to);
    void import('./start-app').then(({ startApp }) => startApp(root, to));
    return true;
  };
  return {
    ...pages,
    push: (to) => void (pageMemory.holds && inPlace(to, false) ? null : pages.push(to)),
    replace: (to) => void (pageMemory.holds && inPlace(to, true) ? null : pages.replace(to)),
  };
}

const history = islandHistory();
/** The live data a page rendered per request was made with (the careers list's openings). */
let pageData: PageData | undefined;

/** A field typed into: text the visitor typed before its island hydrated. */
interface Typed {
  field: HTMLInputElement | HTMLTextAreaElement;
  value: string;
}

const NOT_TYPED = new Set(['checkbox', 'radio', 'file', 'hidden', 'submit', 'button', 'reset']);

/** The island's text fields whose text is no longer the server's: typed before it was live. */
function typedBefore(element: HTMLElement): Typed[] {
  const fields = element.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>(
    'input, textarea',
  );
  return Array.from(fields)
    .filter((field) => !NOT_TYPED.has(field.type) && field.value !== field.defaultValue)
    .map((field) => ({ field, value: field.value }));
}

/**
 * Types the text again now that React answers, as an input event React sees as a change: React
 * remembers the value it last saw, so it is given the server's first (through its tracker) and
 * the typed text past it (the element's own setter).
 */
function retype({ field, value }: Typed) {
  if (!field.isConnected) return;
  field.value = field.defaultValue;
  Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')?.set?.call(field, value);
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

/**
 * Hydrates one island of a page rendered at build time (src/lib/island.tsx) as a React root of
 * its own; links load pages (createDocumentHistory). Resolves once its effects have run and
 * what was typed into it meanwhile has been typed again.
 */
export async function hydrateIsland(element: HTMLElement): Promise<void> {
  const spec = islands[element.dataset.island as IslandName] as
    (typeof islands)[IslandName] | undefined;
  if (!spec) return;
  const Island = (await spec.load()) as ComponentType<object>;
  const props = element.dataset.props ? (JSON.parse(element.dataset.props) as object) : {};
  // Text typed while the island's code loaded (the careers search): React's state is the
  // server's, so the text is typed again once it is live, and the list follows it.
  const typed = typedBefore(element);
  await new Promise<void>((resolve) => {
    hydrateRoot(
      element,
      <StrictMode>
        <Router history={history}>
          <PageDataProvider data={(pageData ??= readPageData(document))}>
            <Island {...props} />
            <Live onLive={resolve} />
          </PageDataProvider>
        </Router>
      </StrictMode>,
    );
  });
  // What React has not seen: text still not the server's (React keeps the value attribute in
  // step with what it saw), or typed text hydrating set back to the server's.
  const unseen = typedBefore(element);
  for (const { field, value } of typed) {
    if (field.value === field.defaultValue && !unseen.some((entry) => entry.field === field))
      unseen.push({ field, value });
  }
  for (const entry of unseen) retype(entry);
}
