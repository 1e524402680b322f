import { routeDef, routeIds, type ScreenId } from '@lumenfield/routes';
import { describe, expect, it } from 'vitest';
import { contentBlocks, contentEntries, contentFamilies, contentPages } from './registry';

/** The screens whose words are content: every other screen shows data or the careers area. */
const contentScreens = new Set<ScreenId>([
  'home',
  'about',
  'awards',
  'contact',
  'privacy',
  'industry',
  'service',
]);

describe('content registry', () => {
  it('parses every seed with its family’s schema', () => {
    for (const entry of contentEntries) {
      const result = contentFamilies[entry.family].safeParse(entry.seed);
      expect(result.error?.issues, `${entry.id} (${entry.family})`).toBeUndefined();
    }
  });

  it('registers each page of the route table that renders content, once', () => {
    // A route that lands on a section of another page (`canonical`) shows that page's content.
    const pages = routeIds.filter(
      (id) => contentScreens.has(routeDef(id).screen) && routeDef(id).canonical === undefined,
    );
    const ids = contentPages.map((page) => page.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual([...pages].sort());
  });

  it('registers each shared block once, shown on a page family or on every page', () => {
    const ids = contentBlocks.map((block) => block.id);
    expect(new Set(ids).size).toBe(ids.length);
    const shownOn = new Set<string>([...contentPages.map((page) => page.family), 'every']);
    for (const block of contentBlocks) expect(shownOn).toContain(block.shownOn);
  });
});
