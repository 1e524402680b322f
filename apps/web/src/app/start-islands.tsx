import { StrictMode, useEffect, type ComponentType } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { routeDef, type RouteId } from '@lumenfield/routes';
import type { IslandName } from '@/lib/island';
import { Router, createDocumentHistory } from '@/lib/router';
import { islands } from './islands';

/** Tells the page once the island is live (its effects run after it hydrated). */
function Live({ onLive }: { onLive: () => void }) {
  useEffect(onLive, [onLive]);
  return null;
}

/**
 * A page rendered at build time: the HTML is the page; only its islands (src/lib/island.tsx)
 * hydrate, each as a root of its own. Links load pages (createDocumentHistory).
 */
export async function startIslands(routeId: RouteId) {
  const section = routeDef(routeId).section;
  // A section route brings its section into view, unless the visitor has scrolled already.
  if (section && window.scrollY === 0) {
    document.getElementById(section)?.scrollIntoView({ block: 'start' });
  }
  const history = createDocumentHistory();
  const elements = Array.from(document.querySelectorAll<HTMLElement>('[data-island]'));
  let waiting = elements.length;
  // The page is live: its buttons and menus answer (the browser tests wait for this).
  const ready = () => (document.documentElement.dataset.ready = 'true');
  const onLive = () => {
    waiting -= 1;
    if (waiting === 0) ready();
  };
  if (waiting === 0) ready();
  await Promise.all(
    elements.map(async (element) => {
      const load = islands[element.dataset.island as IslandName] as
        (typeof islands)[IslandName] | undefined;
      const Island = (load ? await load() : () => null) as ComponentType<object>;
      const props = element.dataset.props ? (JSON.parse(element.dataset.props) as object) : {};
      hydrateRoot(
        element,
        <StrictMode>
          <Router history={history}>
            <Island {...props} />
            <Live onLive={onLive} />
          </Router>
        </StrictMode>,
      );
    }),
  );
}
