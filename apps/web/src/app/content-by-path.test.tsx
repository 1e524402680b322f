import { act, render, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { homeContent, offices, type SiteContent } from '@lumenfield/site-content';
import { createMemoryHistory } from '@lumenfield/page-kit';
import { App } from './app';
import { contentFirst, createContentByPath, type ReadContent } from './content-by-path';

const seedClaim = homeContent.impact.claims[0].claim;
const published: SiteContent = {
  home: {
    ...homeContent,
    impact: {
      ...homeContent.impact,
      claims: [{ ...homeContent.impact.claims[0], claim: '98% client retention, published' }],
    },
  },
  offices: [
    { ...offices[0], phones: [{ ...offices[0].phones[0], number: '+1 555 010 9999' }] },
    ...offices.slice(1),
  ] as unknown as SiteContent['offices'],
};

/** A reader whose answers the test releases, counting what it was asked. */
function heldReader() {
  const asked: string[] = [];
  const releases = new Map<string, (content: SiteContent | undefined) => void>();
  const read: ReadContent = (path) => {
    asked.push(path);
    return new Promise((resolve) => releases.set(path, resolve));
  };
  const release = async (path: string, content: SiteContent | undefined) => {
    await act(async () => releases.get(path)!(content));
  };
  return { asked, read, release };
}

describe('createContentByPath', () => {
  it('reads a page once however often it is asked, and knows its content after', async () => {
    const reader = heldReader();
    const contents = createContentByPath(reader.read);
    const first = contents.read('/');
    const second = contents.read('/');
    expect(contents.has('/')).toBe(false);
    await reader.release('/', published);
    await Promise.all([first, second]);
    expect(reader.asked).toEqual(['/']);
    expect(contents.get('/')).toBe(published);
    await contents.read('/');
    expect(reader.asked).toEqual(['/']);
  });
});

describe('contentFirst', () => {
  it('moves once the next page’s content is read, and only to the last page asked for', async () => {
    const reader = heldReader();
    const contents = createContentByPath(reader.read);
    contents.remember('/careers', undefined);
    const memory = createMemoryHistory(['/careers']);
    const history = contentFirst(memory, contents);

    history.push('/about');
    history.push('/contact?office=india');
    expect(memory.location.pathname).toBe('/careers');
    await reader.release('/about', undefined);
    // A later move was asked for: this one is not made.
    expect(memory.location.pathname).toBe('/careers');
    await reader.release('/contact', undefined);
    expect(memory.location.pathname).toBe('/contact');
    expect(memory.location.search).toBe('?office=india');

    // A page known already moves at once.
    history.push('/careers');
    expect(memory.location.pathname).toBe('/careers');
  });
});

describe('a page drawn in place', () => {
  beforeAll(() => {
    // jsdom has no media queries (the shell's menu asks whether the pointer hovers) and no
    // scrolling (a move scrolls to the top).
    Object.defineProperty(window, 'scrollTo', { configurable: true, value: () => {} });
    Object.defineProperty(window, 'matchMedia', {
      configurable: true,
      value: (media: string) => ({
        media,
        matches: false,
        addEventListener: () => {},
        removeEventListener: () => {},
      }),
    });
  });

  it('shows what was published of its content and of the offices, never the seeds first', async () => {
    const reader = heldReader();
    const contents = createContentByPath(reader.read);
    // The served page (the careers list) carried the offices as published.
    contents.remember('/careers', { offices: published.offices } as SiteContent);
    const memory = createMemoryHistory(['/careers']);
    const history = contentFirst(memory, contents);
    render(<App history={history} contents={contents} />);
    expect(await screen.findAllByText('+1 555 010 9999')).not.toHaveLength(0);

    act(() => history.push('/'));
    // Still the careers page while the home page's document is read.
    expect(screen.queryByText(seedClaim)).toBeNull();
    await reader.release('/', published);
    expect(await screen.findByText('98% client retention, published')).toBeInTheDocument();
    expect(screen.queryByText(seedClaim)).toBeNull();
    expect(screen.getAllByText('+1 555 010 9999')).not.toHaveLength(0);
  });

  it('is drawn with the seeds when reached by back or forward unread, then again once read', async () => {
    const reader = heldReader();
    const contents = createContentByPath(reader.read);
    const memory = createMemoryHistory(['/', '/careers']);
    contents.remember('/careers', undefined);
    render(<App history={contentFirst(memory, contents)} contents={contents} />);
    await screen.findAllByText(offices[0].phones[0].number);

    act(() => memory.back());
    expect(await screen.findByText(seedClaim)).toBeInTheDocument();
    expect(reader.asked).toEqual(['/']);
    await reader.release('/', published);
    expect(await screen.findByText('98% client retention, published')).toBeInTheDocument();
  });

  it('keeps the seeds when the page’s document cannot be read', async () => {
    const failing = vi.fn<ReadContent>(async () => undefined);
    const contents = createContentByPath(failing);
    const memory = createMemoryHistory(['/careers']);
    contents.remember('/careers', undefined);
    const history = contentFirst(memory, contents);
    render(<App history={history} contents={contents} />);
    await act(async () => history.push('/'));
    expect(await screen.findByText(seedClaim)).toBeInTheDocument();
    expect(failing).toHaveBeenCalledWith('/');
  });
});
