/**
 * What the web app's server-side renderer (apps/web/src/entry-server.tsx, built to
 * `<site>/server/render.mjs`) offers the server: the server loads it at run time and never
 * imports the web app's code.
 */
import type { ScreenId } from './routes';

/** A page's live data (the careers list's rows, an opening's public view). */
export interface PageDataInput {
  openings?: unknown[];
  job?: { id: number };
  /** An opening's apply form: what was typed, the sentences, the option lists, the token. */
  apply?: unknown;
  /** A job alert's page: the form with what was typed, or where a link or post landed. */
  alert?: unknown;
  /** An opening's page when it is not shown: closed (410), or unknown or not yet published (404). */
  missingJob?: { id: number; closed: boolean };
  /** The applicant's own page (its view, its path, the form token). */
  applicant?: unknown;
}

export interface RenderedPage {
  /** The HTML inside the page's root element. */
  body: string;
  title: string;
  description?: string;
  /** The page's Atom feed, a path and query (the careers list's). */
  feed?: string;
}

/** What a page loads of the built site: its entry module and the entry's imports. */
export interface PageAssets {
  entry: string;
  preloads: string[];
}

/**
 * A page's stylesheet, carried in a `<style>` element so the first paint waits for no other
 * request (the CSP allows it by its hash, docs/performance.md): the shell's rules and those of
 * the page's own screen, not the whole site's (docs/architecture.md, "The stylesheet is in the
 * page").
 */
export interface PageStyles {
  css: string;
  /** The built stylesheets `css` is made of, as URLs: the page says it has them already. */
  files: string[];
}

export interface DocumentInput {
  page: RenderedPage;
  assets: PageAssets;
  styles: PageStyles;
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
  /**
   * The text of the one inline script every document carries (it loads the page's scripts
   * after the first paint); the server's CSP allows it by its hash.
   */
  bootScript: string;
}

/** What the build writes beside the renderer (`<site>/server/pages.json`). */
export interface BuiltPages {
  assets: PageAssets;
  /** Each screen's pages' stylesheet, and the shell's alone (the not-found page's). */
  styles: { shell: PageStyles; screens: Record<ScreenId, PageStyles> };
  /** Every route rendered at build time, by route id. */
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
  /** By route id: the document's file (inside `server/`) and the hash its ETags are made of. */
  pages: Record<string, { file: string; tag: string }>;
}

/** The origin the build writes the prebuilt pages for when PUBLIC_URL is not set: `npm start`'s. */
export const DEFAULT_BUILD_ORIGIN = 'http://127.0.0.1:3000';
