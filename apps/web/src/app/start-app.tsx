import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { readPageData } from '@/lib/page-data';
import { createBrowserHistory } from '@lumenfield/page-kit';
import { App } from './app';

/**
 * The whole site in the browser: the pages made of live data (the careers list, a job) hydrate
 * whole, and move between pages in place. `landing` is the path of an old hash link
 * (`/#/about`): the URL becomes that path (the same history entry) and React draws its page in
 * place of the one the server sent for '/'.
 */
export function startApp(root: HTMLElement, landing: string | undefined) {
  if (landing) window.history.replaceState(null, '', landing);
  // The development server sends an empty root: React draws the page there.
  const hydrate = !landing && root.hasChildNodes();
  const app = (
    <StrictMode>
      <App
        history={createBrowserHistory()}
        screenInHtml={hydrate}
        data={hydrate ? readPageData(document) : {}}
      />
    </StrictMode>
  );
  // Hydrating in a transition lets React yield to the browser every few milliseconds: the page's
  // first work stays a string of short tasks, not one long one, and a tap is answered between
  // them (docs/performance.md).
  if (hydrate) startTransition(() => void hydrateRoot(root, app));
  else createRoot(root).render(app);
}
