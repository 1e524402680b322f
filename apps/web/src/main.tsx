// Global styles first, so component styles (imported by the components) come after them.
import './styles/tokens.css';
import './styles/base.css';
import { hydratesIslands, pathFromHash, routeForPath } from '@lumenfield/routes';
import { scheduleIslands } from './app/schedule-islands';

/**
 * The page arrives whole from the server. A page rendered at build time (every marketing page),
 * the careers list and a job page hydrate only their interactive parts, their islands, each
 * when it is needed (the route's policy, `hydratesIslands`); the other pages made of live data,
 * an old hash link's landing and the development server's empty page start the whole site.
 */
const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element.');
const landing = pathFromHash(window.location.hash);
const match = routeForPath(window.location.pathname);
if (!landing && match && hydratesIslands(match.id) && root.hasChildNodes()) {
  scheduleIslands(match.id);
} else {
  void import('./app/start-app').then(({ startApp }) => startApp(root, landing));
}
