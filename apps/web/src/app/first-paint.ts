import { prerenderedUrl, routeForPath, routes, type RouteId } from '@/config/routes';
import { parsePath } from '@/lib/location';

declare global {
  interface Window {
    /** The first route's prerendered HTML, requested by the page's inline script. */
    firstPage?: { url: string; response: Promise<Response> };
  }
}

/**
 * The first paint of a visit, before React has loaded. The server only ever sees '/' (the
 * route is in the hash), so the page's inline script (apps/web/prerender.ts) reads the hash
 * and requests the route's page as the build rendered it (a few KB); the entry shows it, and
 * React then hydrates that markup instead of drawing the page again (boot.tsx). The visitor
 * sees the page after one small request rather than after the site's JavaScript has
 * downloaded and run.
 *
 * Resolves with the route it painted, or undefined when there was nothing to paint (the job
 * screen, an unknown route, a failed request): React then renders as usual.
 */
export async function paintFirstRoute(root: HTMLElement): Promise<RouteId | undefined> {
  const id = currentRoute();
  const url = id && prerenderedUrl(id);
  if (!id || !url) return undefined;
  try {
    const early = window.firstPage;
    const loading = early?.url === url ? early.response : fetch(url);
    // The header (index.html's shell) paints while the page is on its way, not with it.
    const [response] = await Promise.all([loading, afterPaint()]);
    if (!response.ok) return undefined;
    const html = await response.text();
    // The visitor may have moved on while it loaded (a typed URL, back).
    if (currentRoute() !== id) return undefined;
    root.innerHTML = html;
  } catch {
    return undefined;
  }
  const def = routes[id];
  if ('section' in def) document.getElementById(def.section)?.scrollIntoView({ block: 'start' });
  await afterPaint();
  return id;
}

function currentRoute(): RouteId | undefined {
  return routeForPath(parsePath(window.location.hash.slice(1), '').pathname);
}

/**
 * Lets the browser paint what it has: the header before the page, the page before React's
 * code runs (a long task). In a background tab, where frames do not come, a timer goes on.
 */
function afterPaint(): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, 100);
    requestAnimationFrame(() =>
      setTimeout(() => {
        clearTimeout(timer);
        resolve();
      }, 0),
    );
  });
}
