import { contentEntries } from '@lumenfield/site-content';

/**
 * The content the site ships with (`@lumenfield/site-content`'s registry): every editable page
 * and every block several pages share, each its first revision (docs/content.md). Each seed
 * `satisfies` its family's type and the package's tests parse each with its schema, so a start
 * stores them as they are.
 */
export const siteContentSeeds = (): { pageId: string; content: unknown }[] =>
  contentEntries.map(({ id, seed }) => ({ pageId: id, content: seed }));
