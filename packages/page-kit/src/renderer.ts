/**
 * What the prerender step (vite/prerender.ts) and a site's server share about rendered pages.
 * Types only, no React: a site's route table and server may import them
 * (`@lumenfield/page-kit/renderer`).
 */

export interface RenderedPage {
  /** The HTML inside the page's root element. */
  body: string;
  title: string;
  description?: string;
  /** The page's Atom feed, a path and query. */
  feed?: string;
}

/** What a page loads of the built site: its entry module and the entry's imports. */
export interface PageAssets {
  entry: string;
  preloads: string[];
}

/**
 * A page's stylesheet, carried in a `<style>` element so the first paint waits for no other
 * request: the shell's rules and those of the page's own screen, not the whole site's.
 */
export interface PageStyles {
  css: string;
  /** The built stylesheets `css` is made of, as URLs: the page says it has them already. */
  files: string[];
}

/** What the prerender step gives the renderer's renderDocument. */
export interface DocumentParts {
  page: RenderedPage;
  assets: PageAssets;
  styles: PageStyles;
  /** Absolute URL of the page's canonical path. */
  canonicalUrl: string;
  noindex?: boolean;
}

/** What the prerender step needs of a site's server-side renderer (its built entry's exports). */
export interface PrerenderRenderer<Screen extends string = string> {
  /** Renders the page at `url` (a path and query) with the shell around it. */
  renderPage(url: string): Promise<RenderedPage>;
  /** The whole HTML document of a rendered page. */
  renderDocument(input: DocumentParts): string;
  /** Which module each screen is: loading one names the chunk its stylesheets come from. */
  screenModules: Record<Screen, () => Promise<unknown>>;
}

/** What the build writes beside the renderer (`<site>/server/pages.json`). */
export interface BuiltPages<Screen extends string = string> {
  assets: PageAssets;
  /** Each screen's pages' stylesheet, and the shell's alone (the not-found page's). */
  styles: { shell: PageStyles; screens: Record<Screen, PageStyles> };
  /** Every page rendered at build time, by its id. */
  pages: Record<string, RenderedPage>;
}

/**
 * The prebuilt pages as the bytes they are sent as (`<site>/server/stored-pages.json`): each
 * page's whole document, written at build for one origin (its absolute URLs name it), with
 * `.br` and `.gz` beside it and the ETag tag of its bytes, computed at build.
 */
export interface StoredPagesManifest {
  /** The origin the documents' canonical and Open Graph URLs name. */
  origin: string;
  /** By page id: the document's file (inside `server/`) and the hash its ETags are made of. */
  pages: Record<string, { file: string; tag: string }>;
}
