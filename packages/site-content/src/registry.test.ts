import { routeDef, routeIds, type ScreenId } from '@lumenfield/routes';
import { describe, expect, it } from 'vitest';
import { contentBlocks, contentEntries, contentFamilies, contentPages } from './registry';
import { contentShownOn, previewPageOf, seedOf } from './shown';

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

  it('tells what each page shows: its own content, its family’s blocks, the offices', () => {
    expect(contentShownOn('home')).toEqual(['home', 'offices']);
    // A section route shows its page's content.
    expect(contentShownOn('footer')).toEqual(['home', 'offices']);
    expect(contentShownOn('industriesPartners')).toEqual([
      'industries',
      'industryTemplate',
      'offices',
    ]);
    const service = contentPages.find((page) => page.family === 'service')!.id;
    expect(contentShownOn(service)).toEqual([
      service,
      'serviceTemplate',
      'solutions',
      'focusAreas',
      'offices',
    ]);
    // A page of live data, and the not-found page: only what every page shows.
    expect(contentShownOn('careers')).toEqual(['offices']);
    expect(contentShownOn(undefined)).toEqual(['offices']);
  });

  it('previews a page at itself, and a block at a page that shows it', () => {
    expect(previewPageOf('about')).toBe('about');
    for (const block of contentBlocks) {
      expect(contentShownOn(previewPageOf(block.id)), block.id).toContain(block.id);
    }
    expect(seedOf('offices')).toBe(contentBlocks.find((block) => block.id === 'offices')!.seed);
  });
});
