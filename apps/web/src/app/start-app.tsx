import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { readPageData } from '@/lib/page-data';
import { createBrowserHistory, parsePath } from '@lumenfield/page-kit';
import { App } from './app';
import { contentFirst, createContentByPath, readContentOfDocument } from './content-by-path';

/**
 * The whole site in the browser: the pages made of live data (the careers list, a job) hydrate
 * whole, and move between pages in place. `landing` is the path of an old hash link
 * (`/#/about`): the URL becomes that path (the same history entry) and React draws its page in
 * place of the one the server sent for '/'. `servedPath` is the path of the document the server
 * sent: its page data is that page's. Every page drawn in place shows what editors published of
 * its content, read from its own document first (content-by-path.ts).
 */
export async function startApp(root: HTMLElement, landing: string | undefined, servedPath: string) {
  const served = readPageData(document);
  const contents = createContentByPath(readContentOfDocument);
  contents.remember(servedPath, served.content);
  if (landing) {
    window.history.replaceState(null, '', landing);
    await contents.read(parsePath(landing, '').pathname);
  }
  // The development server sends an empty root: React draws the page there.
  const hydrate = !landing && root.hasChildNodes();
  const app = (
    <StrictMode>
      <App
        history={contentFirst(createBrowserHistory(), contents)}
        screenInHtml={hydrate}
        data={hydrate ? served : {}}
        contents={contents}
      />
    </StrictMode>
  );
  // Hydrating in a transition lets React yield to the browser every few milliseconds: the page's
  // first work stays a string of short tasks, not one long one, and a tap is answered between
  // them (docs/performance.md).
  if (hydrate) startTransition(() => void hydrateRoot(root, app));
  else createRoot(root).render(app);
}
