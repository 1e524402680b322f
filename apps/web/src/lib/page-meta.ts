import { useDocumentMeta, type PageMeta, type PageMetaOptions } from '@lumenfield/page-kit';
import { canonicalPath } from '@lumenfield/routes';

export { PageMetaSink, type PageMeta } from '@lumenfield/page-kit';

export const BRAND = 'Lumenfield Technology Partners';

/** The title shown in the tab and in sharing cards: the page's own, then the brand. */
export const fullTitle = (title: string) => (title.includes(BRAND) ? title : `${title} | ${BRAND}`);

const SITE: PageMetaOptions = { fullTitle, canonicalPath };

/**
 * Sets the document title, description, canonical URL and Open Graph tags for the screen
 * (@lumenfield/page-kit's useDocumentMeta, with the site's title and canonical paths).
 */
export function usePageMeta(meta: PageMeta) {
  useDocumentMeta(meta, SITE);
}
