import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { routeForPath, type RouteId } from '@/config/routes';
import { createHashHistory } from '@/lib/router';
import { App } from './app/app';

/**
 * Starts the site. When the entry painted the route from prerendered HTML, React hydrates it
 * (the markup stays; events and state attach to it); otherwise it renders in place of the
 * page's shell.
 */
export function boot(root: HTMLElement, painted: RouteId | undefined) {
  const history = createHashHistory();
  const hydrate = painted !== undefined && routeForPath(history.location.pathname) === painted;
  const app = (
    <StrictMode>
      <App history={history} screenInHtml={hydrate} />
    </StrictMode>
  );
  // Otherwise the root holds the page's shell (the header, prerendered into index.html):
  // React replaces it when it commits, so nothing blinks in between.
  if (hydrate) hydrateRoot(root, app);
  else createRoot(root).render(app);
}
