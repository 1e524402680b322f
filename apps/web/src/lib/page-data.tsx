import { readPageData as readPageDataOf, usePageData as usePageDataOf } from '@lumenfield/page-kit';
import type { SiteContent } from '@lumenfield/site-content';
import type {
  AlertPageState,
  ApplicantPageState,
  ApplyPageState,
  CareerListing,
  PublicOpening,
} from '@lumenfield/contract';

/**
 * The live data a page was rendered with on the server (@lumenfield/page-kit, page-data.tsx):
 * the same values seed the screen's first render in the browser, so React hydrates the markup
 * instead of drawing it again.
 */
export interface PageData {
  /** The careers page's rows, every open opening (the page filters them by its query). */
  openings?: CareerListing[];
  /** An opening's page: what a visitor sees of it. */
  job?: PublicOpening;
  /** An opening's apply form: what was typed, its sentences, the option lists, the token. */
  apply?: ApplyPageState;
  /** A job alert's page: the form with what was typed, or where a link or post landed. */
  alert?: AlertPageState;
  /**
   * An opening's page when it is not shown: closed (410), or unknown or not yet published (404).
   * A closed one is named, with open openings like it (each a link).
   */
  missingJob?: {
    id: number;
    closed: boolean;
    title?: string;
    similar?: { id: number; title: string; location: string }[];
  };
  /** The applicant's own page: what it shows, its path, the token for its forms. */
  applicant?: ApplicantPageState;
  /**
   * What editors published of the content this page shows, where it differs from the seed
   * (lib/site-content.ts); absent when the page shows the content it was built with.
   */
  content?: SiteContent;
}

export { PAGE_DATA_ELEMENT_ID, PageDataProvider } from '@lumenfield/page-kit';

/** The page's live data, as the site's screens read it. */
export const usePageData = usePageDataOf<PageData>;

/** The page's data block (main.tsx, start-app.tsx), or `{}`. */
export const readPageData = readPageDataOf<PageData>;
