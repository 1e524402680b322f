import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { prerenderedUrl, routeIds, routes } from '@/config/routes';
import { Router, createMemoryHistory, hashHref } from '@/lib/router';
import { App } from './app/app';
import { Header } from './app/shell/header';
import { SkipLink } from './app/shell/root-layout';

/**
 * The build's server-side entry (apps/web/prerender.ts): every route that is not built from
 * live data, rendered as boot.tsx will hydrate it.
 */
export async function renderStaticRoutes(): Promise<{ url: string; html: string }[]> {
  const ids = routeIds.filter((id) => prerenderedUrl(id));
  const pages = [];
  for (const id of ids) {
    const html = await render(routes[id].path);
    if (html.includes('<script') || html.includes('<!--$?-->')) {
      throw new Error(`prerender: ${routes[id].path} did not render completely`);
    }
    pages.push({ url: prerenderedUrl(id)!, html });
  }
  return pages;
}

/**
 * What index.html shows before any route's page is there: the skip link and the header, as on
 * every page, so the visit paints at once. The route's page (or React) replaces it.
 */
export async function renderShell(): Promise<string> {
  const { prelude } = await prerender(
    <Router history={createMemoryHistory(['/'], { href: hashHref })}>
      <SkipLink />
      <Header />
    </Router>,
  );
  return new Response(prelude).text();
}

async function render(path: string): Promise<string> {
  const { prelude } = await prerender(
    <StrictMode>
      <App history={createMemoryHistory([path], { href: hashHref })} screenInHtml />
    </StrictMode>,
    // Each screen's HTML in place: React would otherwise move a large one after the page with
    // a script to swap it in, for streaming. This HTML is inserted whole, and runs no script.
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  return new Response(prelude).text();
}
