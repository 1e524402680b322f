import { contentBlocks, contentFamilies, contentPages } from '@lumenfield/site-content';

/**
 * The content the site ships with (`@lumenfield/site-content`'s registry): every editable page
 * and every block several pages share, each its first revision (docs/content.md). Each is
 * parsed by its family's schema here, so a seed the schemas refuse stops the start rather
 * than being stored.
 */
export function siteContentSeeds(): { pageId: string; content: unknown }[] {
  return [...contentPages, ...contentBlocks].map(({ id, family, seed }) => ({
    pageId: id,
    content: contentFamilies[family].parse(seed),
  }));
}
