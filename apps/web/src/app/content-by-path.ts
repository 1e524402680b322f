import type { SiteContent } from '@lumenfield/site-content';
import { pageDataOfHtml, parsePath, type History } from '@lumenfield/page-kit';
import type { PageData } from '@/lib/page-data';

/** How long a page's document may take before the page is drawn with the seeds (the build's). */
const READ_TIMEOUT_MS = 5_000;

/** The published content of a page, read from its document as the server sends it. */
export type ReadContent = (path: string) => Promise<SiteContent | undefined>;

/**
 * The published content (docs/content.md, "Pages rendered from the store") of every page the
 * browser draws in place: an old hash link's landing, and each move once the apply dialog's
 * draft is kept in memory. The server gives each page's document the content it shows (its page
 * data's `content`); a page drawn in place has no document of its own, so its document is read
 * first, once per path, and only its `content` is taken. A page that cannot be read is drawn
 * with the seeds, as the build drew it.
 */
export interface ContentByPath {
  /** Whether `path`'s content is known (read, or remembered from the served document). */
  has(path: string): boolean;
  /** What editors published of `path`'s content; undefined: the seeds. */
  get(path: string): SiteContent | undefined;
  /** `path`'s content as its served document carries it. */
  remember(path: string, content: SiteContent | undefined): void;
  /** Reads `path`'s document (once, however often asked) and knows its content after. */
  read(path: string): Promise<void>;
}

/** The content a page's document carries, as the browser asks for the page. */
export const readContentOfDocument: ReadContent = async (path) => {
  try {
    const res = await fetch(path, {
      headers: { accept: 'text/html' },
      signal: AbortSignal.timeout(READ_TIMEOUT_MS),
    });
    // The not-found page carries the content it shows too (every page shows the offices).
    return pageDataOfHtml<PageData>(await res.text()).content;
  } catch {
    return undefined;
  }
};

export function createContentByPath(readContent: ReadContent): ContentByPath {
  const known = new Map<string, SiteContent | undefined>();
  const reading = new Map<string, Promise<void>>();
  return {
    has: (path) => known.has(path),
    get: (path) => known.get(path),
    remember: (path, content) => void known.set(path, content),
    read(path) {
      if (known.has(path)) return Promise.resolve();
      let read = reading.get(path);
      if (!read) {
        read = readContent(path).then((content) => {
          known.set(path, content);
          reading.delete(path);
        });
        reading.set(path, read);
      }
      return read;
    },
  };
}

/**
 * `history`, whose moves wait for the next page's content: a link followed in place draws the
 * page once its published words are known, never the seeds first. Of two moves asked for
 * quickly, the last one asked is the one made. Back and forward (the browser's own moves)
 * cannot wait: AppRoutes reads a page they reach that was never read, and draws it again.
 */
export function contentFirst(history: History, contents: ContentByPath): History {
  let latest = 0;
  const moveAfterRead = (to: string, move: (to: string) => void) => {
    const path = parsePath(to, '').pathname;
    if (contents.has(path)) {
      latest += 1;
      move(to);
      return;
    }
    const asked = (latest += 1);
    void contents.read(path).then(() => {
      if (asked === latest) move(to);
    });
  };
  return {
    get location() {
      return history.location;
    },
    get action() {
      return history.action;
    },
    push: (to) => moveAfterRead(to, (next) => history.push(next)),
    replace: (to) => moveAfterRead(to, (next) => history.replace(next)),
    href: (to) => history.href(to),
    subscribe: (listener) => history.subscribe(listener),
  };
}
