// Global styles first, so component styles (imported by the components) come after them.
import './styles/tokens.css';
import './styles/base.css';
import { scheduleIslands } from '@lumenfield/page-kit';
import { hydratesIslands, pathFromHash, routeDef, routeForPath } from '@lumenfield/routes';
import { islands, pageScripts } from './app/islands';

/**
 * The page arrives whole from the server. A page rendered at build time (every marketing page),
 * the careers list and a job page hydrate only their interactive parts, their islands, each
 * when it is needed (the route's policy, `hydratesIslands`); the other pages made of live data,
 * an old hash link's landing and the development server's empty page start the whole site.
 */
const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element.');
const landing = pathFromHash(window.location.hash);
// The page the server sent: a start in place moves the URL on before the site starts.
const servedPath = window.location.pathname;
const match = routeForPath(servedPath);
const startApp = (path: string | undefined) =>
  void import('./app/start-app').then((app) => app.startApp(root, path, servedPath));
if (!landing && match && hydratesIslands(match.id) && root.hasChildNodes()) {
  const section = routeDef(match.id).section;
  // A section route brings its section into view, unless the visitor has scrolled already.
  if (section && window.scrollY === 0) {
    document.getElementById(section)?.scrollIntoView({ block: 'start' });
  }
  // What the page does besides its islands, without React (a job page remembers its opening).
  void pageScripts[match.id]?.();
  // A link in an island once the apply dialog's draft is in memory (page-memory.ts in
  // @lumenfield/page-kit): the whole site starts and draws the next page in place.
  scheduleIslands({ islands, startInPlace: startApp });
} else {
  startApp(landing);
}
