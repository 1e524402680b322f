import { StrictMode, useEffect, type ComponentType } from 'react';
import { hydrateRoot } from 'react-dom/client';
import type { IslandOptions } from './island';
import { PageDataProvider, readPageData } from './page-data';
import { pageMemory } from './page-memory';
import { Router, createDocumentHistory, type History } from './router';

/** Tells the page once the island is live (its effects run after it hydrated). */
function Live({ onLive }: { onLive: () => void }) {
  useEffect(onLive, [onLive]);
  return null;
}

/**
 * Links in islands load pages, except once the page holds what only memory keeps (a dialog's
 * draft, page-memory.ts) and the site can start in place (`startInPlace`): then the whole site
 * starts and draws the next page in place, and the draft is still there.
 */
function islandHistory(startInPlace: IslandOptions['startInPlace']): History {
  const pages = createDocumentHistory();
  const inPlace = (to: string, replace: boolean) => {
    if (!startInPlace) return false;
    if (replace) window.history.replaceState(null, '', to);
    else window.history.pushState(null, '', to);
    startInPlace(to);
    return true;
  };
  return {
    ...pages,
    push: (to) => void (pageMemory.holds && inPlace(to, false) ? null : pages.push(to)),
    replace: (to) => void (pageMemory.holds && inPlace(to, true) ? null : pages.replace(to)),
  };
}

/** One history for every island of the page, made when the first one hydrates. */
let history: History | undefined;
/** The live data a page rendered per request was made with (page-data.tsx). */
let pageData: object | undefined;

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
 * Hydrates one island of a page (island.tsx) as a React root of its own; links load pages
 * (createDocumentHistory). Resolves once its effects have run and what was typed into it
 * meanwhile has been typed again.
 */
export async function hydrateIsland(element: HTMLElement, options: IslandOptions): Promise<void> {
  const spec = options.islands[element.dataset.island ?? ''];
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
        <Router history={(history ??= islandHistory(options.startInPlace))}>
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
