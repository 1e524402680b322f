// Global styles first, so component styles (imported by the components) come after them.
import './styles/tokens.css';
import './styles/base.css';
import { paintFirstRoute } from './app/first-paint';

/**
 * The entry is kept small: it paints the first route from HTML the build rendered, then loads
 * React and the site (boot.tsx, preloaded by the page so it downloads meanwhile).
 */
const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element.');
void paintFirstRoute(root).then(async (painted) => {
  const site = await import('./boot').catch(() => undefined);
  if (!site) {
    // The site's code did not load (a flaky network, a blocked file). The page on screen stays
    // usable: its links change the hash, and loading that route's page afresh shows it.
    window.addEventListener('hashchange', () => window.location.reload(), { once: true });
    return;
  }
  // React's code has just run (one task); starting the site is the next one, so input is not
  // held up behind both at once (Total Blocking Time).
  await new Promise((resolve) => setTimeout(resolve, 0));
  site.boot(root, painted);
});
