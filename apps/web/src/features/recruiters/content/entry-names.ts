import { routes } from '@lumenfield/routes';
import type { ContentBlockId, ContentEntrySummary } from '@lumenfield/site-content';

/** The shared blocks as an editor knows them: by what they are and where they show. */
const BLOCK_NAMES: Record<ContentBlockId, { name: string; where: string }> = {
  industryTemplate: { name: 'Industry pages’ shared words', where: 'Every industry page' },
  serviceTemplate: { name: 'Service pages’ shared words', where: 'Every service page' },
  solutions: { name: 'Solutions', where: 'Every service page' },
  focusAreas: { name: 'Focus areas', where: 'Every service page' },
  offices: { name: 'Offices', where: 'Every page’s footer, and the contact page' },
};

/**
 * An entry's name and where visitors see it: a page by its title in the route table (and its
 * address), a block by its name.
 */
export function entryName(entry: Pick<ContentEntrySummary, 'id' | 'kind'>): {
  name: string;
  where: string;
} {
  if (entry.kind === 'block') {
    return BLOCK_NAMES[entry.id as ContentBlockId] ?? { name: entry.id, where: 'Several pages' };
  }
  const route = (routes as Record<string, { title: string; path: string } | undefined>)[entry.id];
  return route ? { name: route.title, where: route.path } : { name: entry.id, where: '' };
}
