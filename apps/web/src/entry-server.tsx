import { StrictMode, type HTMLAttributes } from 'react';
// React's builds for edge runtimes, on the server too: the Node builds run each render inside an
// AsyncLocalStorage, and on Node 20 the first such run turns on promise hooks for the rest of
// the process, so every promise of every request pays for them (a quarter of the API's reads
// a second once one live page had been rendered; docs/performance.md). These builds render the
// same markup from web streams, which Node has, and look for a global AsyncLocalStorage,
// which Node does not have.
import { renderToStaticMarkup } from 'react-dom/server.edge';
import { prerender } from 'react-dom/static.edge';
import {
  routes,
  type DocumentInput,
  type PageDataInput,
  type RenderedPage,
} from '@lumenfield/routes';
import { createMemoryHistory } from '@lumenfield/page-kit';
import { PAGE_DATA_ELEMENT_ID, type PageData } from '@/lib/page-data';
import { BRAND, PageMetaSink, fullTitle, type PageMeta } from '@/lib/page-meta';
import { App } from './app/app';
import { BOOT_SCRIPT } from '@lumenfield/page-kit';

declare module 'react' {
  // HTML's `disabled` on a stylesheet link (not loaded, not applied), missing from React's types.
  interface LinkHTMLAttributes<T> extends HTMLAttributes<T> {
    disabled?: boolean;
  }
}

/** The page's one inline script, for the server's CSP (allowed by its hash and no other). */
export { BOOT_SCRIPT as bootScript };

/** For the build: which module each screen is (page-kit's vite/prerender.ts). */
export { screenModules } from './app/router';

/**
 * The site's server-side renderer: the build renders the marketing pages with it
 * (page-kit's vite/prerender.ts), and the server the pages made of live data, per request. It is
 * the same App the browser hydrates.
 */
export async function renderPage(url: string, data: PageDataInput = {}): Promise<RenderedPage> {
  let meta: PageMeta | undefined;
  const { prelude } = await prerender(
    <StrictMode>
      <PageMetaSink.Provider value={(reported) => (meta ??= reported)}>
        <App history={createMemoryHistory([url])} screenInHtml data={data as PageData} />
      </PageMetaSink.Provider>
    </StrictMode>,
    // Each screen's HTML in place: React would otherwise move a large one after the page with
    // a script to swap it in, for streaming. The page is sent whole, with no script of React's.
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  const body = await new Response(prelude).text();
  if (body.includes('<script') || body.includes('<!--$?-->')) {
    throw new Error(`render: ${url} did not render completely`);
  }
  return {
    body,
    title: meta?.title ?? BRAND,
    description: meta?.description,
    ...(meta?.feed ? { feed: meta.feed } : {}),
  };
}

/** JSON inside a <script> element: nothing in it may close the element early. */
function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replaceAll('<', '\\u003c')
    .replaceAll('\u2028', '\\u2028')
    .replaceAll('\u2029', '\\u2029');
}

/** The whole document: head tags for this page, the page in the root, its data as JSON. */
export function renderDocument({
  page,
  assets,
  styles,
  canonicalUrl,
  data,
  jsonLd,
  noindex,
}: DocumentInput): string {
  const title = fullTitle(page.title);
  const html = renderToStaticMarkup(
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{title}</title>
        {page.description ? <meta name="description" content={page.description} /> : null}
        {noindex ? <meta name="robots" content="noindex" /> : null}
        <link rel="canonical" href={canonicalUrl} />
        {page.feed ? (
          <link
            rel="alternate"
            type="application/atom+xml"
            title={`${BRAND}: openings`}
            href={`${new URL(canonicalUrl).origin}${page.feed}`}
          />
        ) : null}
        <meta property="og:type" content="website" />
        <meta property="og:site_name" content={BRAND} />
        <meta property="og:title" content={title} />
        {page.description ? <meta property="og:description" content={page.description} /> : null}
        <meta property="og:url" content={canonicalUrl} />
        <meta name="twitter:card" content="summary" />
        <meta name="theme-color" content="#0b1f3a" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        {/* The stylesheet in the page: the first paint waits for no request (CSP: its hash). */}
        <style dangerouslySetInnerHTML={{ __html: styles.css }} />
        {/* The built files it is made of, named and never loaded (disabled): a screen's code
            that needs one of them (Vite adds a screen's stylesheets when its chunk loads, on a
            move to another page in place) finds it here and does not add it twice. */}
        {styles.files.map((href) => (
          <link key={href} rel="stylesheet" href={href} disabled />
        ))}
        {/* The first paint waits until the page has been parsed to its footer, so the page
            paints whole in one frame (one style and layout, not one per parsed chunk). */}
        <link rel="expect" href={`#${routes.footer.section}`} blocking="render" />
        {/* The page is whole without its scripts: they load after its first paint. */}
        <script
          data-entry={assets.entry}
          data-preloads={assets.preloads.join(' ') || undefined}
          dangerouslySetInnerHTML={{ __html: BOOT_SCRIPT }}
        />
        {jsonLd === undefined ? null : (
          <script
            type="application/ld+json"
            dangerouslySetInnerHTML={{ __html: jsonForScript(jsonLd) }}
          />
        )}
      </head>
      <body>
        {/* The page's HTML, rendered by React (renderPage) at build time or just now. */}
        <div id="root" dangerouslySetInnerHTML={{ __html: page.body }} />
        {data && Object.keys(data).length > 0 ? (
          <script
            type="application/json"
            id={PAGE_DATA_ELEMENT_ID}
            dangerouslySetInnerHTML={{ __html: jsonForScript(data) }}
          />
        ) : null}
      </body>
    </html>,
  );
  return `<!doctype html>${html}`;
}
