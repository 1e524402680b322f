// Global styles first, so component styles (imported by the components) come after them.
import './styles/tokens.css';
import './styles/base.css';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { pathFromHash } from '@lumenfield/routes';
import { createBrowserHistory } from '@/lib/router';
import { readPageData } from '@/lib/page-data';
import { App } from './app/app';

/**
 * The page arrives whole from the server (rendered at build time or per request); React
 * hydrates it: the markup stays, events and state attach to it.
 *
 * An old hash link (`/#/about`, `/#services/cloudbi`, `/#/jobs?JobID=3`) names another page
 * than the one the server sent (the fragment never reaches it): the URL becomes the page's path
 * (the same history entry) and React draws that page in place of the one sent.
 */
const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element.');
const landing = pathFromHash(window.location.hash);
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
if (hydrate) hydrateRoot(root, app);
else createRoot(root).render(app);
