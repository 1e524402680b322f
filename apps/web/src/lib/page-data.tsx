import { createContext, useContext, type ReactNode } from 'react';
import type {
  AlertPageState,
  ApplicantPageState,
  ApplyPageState,
  CareerListing,
  PublicOpening,
} from '@lumenfield/contract';

/**
 * The live data a page was rendered with on the server: the same values seed the screen's
 * first render in the browser, so React hydrates the markup instead of drawing it again. The
 * server puts them in the page as JSON (`<script type="application/json" id="page-data">`,
 * never executed); main.tsx reads them back.
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
  /** An opening's page when it is not shown: closed (410), or unknown or not yet published (404). */
  missingJob?: { id: number; closed: boolean };
  /** The applicant's own page: what it shows, its path, the token for its forms. */
  applicant?: ApplicantPageState;
}

export const PAGE_DATA_ELEMENT_ID = 'page-data';

const PageDataContext = createContext<PageData>({});

export function PageDataProvider({ data, children }: { data: PageData; children: ReactNode }) {
  return <PageDataContext.Provider value={data}>{children}</PageDataContext.Provider>;
}

export function usePageData(): PageData {
  return useContext(PageDataContext);
}

/** The page's data block, or nothing when there is none or it does not parse. */
export function readPageData(doc: Document): PageData {
  const text = doc.getElementById(PAGE_DATA_ELEMENT_ID)?.textContent;
  if (!text) return {};
  try {
    return JSON.parse(text) as PageData;
  } catch {
    return {};
  }
}
