import { createContext, useContext, type ReactNode } from 'react';

/**
 * The live data a page was rendered with on the server: the same values seed the screen's
 * first render in the browser, so React hydrates the markup instead of drawing it again. The
 * server puts them in the page as JSON (`<script type="application/json" id="page-data">`,
 * never executed); the browser reads them back (readPageData). Its shape is the site's: it
 * names it as `T`.
 */
export const PAGE_DATA_ELEMENT_ID = 'page-data';

const PageDataContext = createContext<object>({});

export function PageDataProvider({ data, children }: { data: object; children: ReactNode }) {
  return <PageDataContext.Provider value={data}>{children}</PageDataContext.Provider>;
}

/** The page's data, in the site's shape `T` (the site's own hook names it). */
export function usePageData<T extends object>(): T {
  return useContext(PageDataContext) as T;
}

/** The page's data block, or `{}` when there is none or it does not parse. */
export function readPageData<T extends object>(doc: Document): T {
  return parsed<T>(doc.getElementById(PAGE_DATA_ELEMENT_ID)?.textContent);
}

/**
 * The data block of another page's HTML, read as text: parsing the whole document (DOMParser)
 * would hold its inline styles against this page's Content-Security-Policy and report each as a
 * violation. The block's JSON never holds a `<` (the server writes it as `\u003c`), so the block
 * ends at the first `</script>`.
 */
export function pageDataOfHtml<T extends object>(html: string): T {
  const block = new RegExp(`<script[^>]*\\sid="${PAGE_DATA_ELEMENT_ID}"[^>]*>([^<]*)</script>`);
  return parsed<T>(block.exec(html)?.[1]);
}

function parsed<T extends object>(text: string | null | undefined): T {
  if (!text) return {} as T;
  try {
    return JSON.parse(text) as T;
  } catch {
    return {} as T;
  }
}
