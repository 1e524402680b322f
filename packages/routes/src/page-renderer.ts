/**
 * What the web app's server-side renderer (apps/web/src/entry-server.tsx, built to
 * `<site>/server/render.mjs`) offers the server: the server loads it at run time and never
 * imports the web app's code. The parts every page framework user has are
 * @lumenfield/page-kit's (renderer.ts); these are the site's.
 */
import type {
  BuiltPages as PageKitBuiltPages,
  DocumentParts,
  PageAssets,
  PageStyles,
  RenderedPage,
  StoredPagesManifest,
} from '@lumenfield/page-kit/renderer';
import type { ScreenId } from './routes';

// The page framework's own types (packages/page-kit/src/renderer.ts), named here too: the server
// reads every type of the renderer from the route table.
export type { PageAssets, PageStyles, RenderedPage, StoredPagesManifest };

/** A page's live data (the careers list's rows, an opening's public view). */
export interface PageDataInput {
  openings?: unknown[];
  job?: { id: number };
  /** An opening's apply form: what was typed, the sentences, the option lists, the token. */
  apply?: unknown;
  /** A job alert's page: the form with what was typed, or where a link or post landed. */
  alert?: unknown;
  /** An opening's page when it is not shown: closed (410), or unknown or not yet published (404). */
  missingJob?: { id: number; closed: boolean; title?: string; similar?: unknown[] };
  /** The applicant's own page (its view, its path, the form token). */
  applicant?: unknown;
  /** Published content that differs from its seed, by content id (@lumenfield/site-content). */
  content?: Record<string, unknown>;
}

export interface DocumentInput extends DocumentParts {
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
export type BuiltPages = PageKitBuiltPages<ScreenId>;

/** The origin the build writes the prebuilt pages for when PUBLIC_URL is not set: `npm start`'s. */
export const DEFAULT_BUILD_ORIGIN = 'http://127.0.0.1:3000';
