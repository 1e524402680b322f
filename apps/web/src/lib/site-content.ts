import { seedOf, type ContentById, type ContentId } from '@lumenfield/site-content';
import { usePageData } from './page-data';

/**
 * A piece of the site's content as this page shows it: what an editor published, which the
 * server renders the page with (the page's data, `content`), else its seed, which the build
 * renders every page with (docs/content.md, "Pages rendered from the store").
 */
export function useContent<Id extends ContentId>(id: Id): ContentById[Id] {
  const published = usePageData().content?.[id];
  return (published as ContentById[Id] | undefined) ?? seedOf(id);
}
