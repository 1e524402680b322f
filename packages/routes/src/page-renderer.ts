/**
 * What the web app's server-side renderer (apps/web/src/entry-server.tsx, built to
 * `<site>/server/render.mjs`) offers the server: the server loads it at run time and never
 * imports the web app's code.
 */

/** A page's live data, as the API answers it (the openings, an opening's detail). */
export interface PageDataInput {
  openings?: unknown[];
  job?: { id: number; detail: unknown };
}

export interface RenderedPage {
  /** The HTML inside the page's root element. */
  body: string;
  title: string;
  description?: string;
}

/** What a page loads of the built site: its stylesheet, entry module and their imports. */
export interface PageAssets {
  /**
   * The site's one stylesheet, as text: every page carries it in a `<style>` element, so the
   * first paint waits for no other request (the CSP allows it by its hash, docs/performance.md).
   */
  css: string;
  scripts: string[];
  preloads: string[];
}

export interface DocumentInput {
  page: RenderedPage;
  assets: PageAssets;
  /** Absolute URL of the page's canonical path. */
  canonicalUrl: string;
  data?: PageDataInput;
  /** Structured data for search engines (JobPosting). */
  jsonLd?: unknown;
  noindex?: boolean;
}

export interface PageRenderer {
  /** Renders the page at `url` (a path and query) with the shell around it. */
  renderPage(url: string, data?: PageDataInput): Promise<RenderedPage>;
  /** The whole HTML document of a rendered page. */
  renderDocument(input: DocumentInput): string;
}

/** What the build writes beside the renderer (`<site>/server/pages.json`). */
export interface BuiltPages {
  assets: PageAssets;
  /** Every route rendered at build time, by route id. */
  pages: Record<string, RenderedPage>;
}
