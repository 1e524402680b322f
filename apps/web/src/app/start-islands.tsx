import { StrictMode, useEffect, type ComponentType } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { Router, createDocumentHistory } from '@/lib/router';
import type { IslandName } from '@/lib/island';
import { islands } from './islands';

/** Tells the page once the island is live (its effects run after it hydrated). */
function Live({ onLive }: { onLive: () => void }) {
  useEffect(onLive, [onLive]);
  return null;
}

const history = createDocumentHistory();

/**
 * Hydrates one island of a page rendered at build time (src/lib/island.tsx) as a React root of
 * its own; links load pages (createDocumentHistory). Resolves once its effects have run.
 */
export async function hydrateIsland(element: HTMLElement): Promise<void> {
  const spec = islands[element.dataset.island as IslandName] as
    (typeof islands)[IslandName] | undefined;
  if (!spec) return;
  const Island = (await spec.load()) as ComponentType<object>;
  const props = element.dataset.props ? (JSON.parse(element.dataset.props) as object) : {};
  await new Promise<void>((resolve) => {
    hydrateRoot(
      element,
      <StrictMode>
        <Router history={history}>
          <Island {...props} />
          <Live onLive={resolve} />
        </Router>
      </StrictMode>,
    );
  });
}
