import { createContext, useContext, useEffect } from 'react';
import { canonicalPath } from '@lumenfield/routes';
import { useLocation } from '@lumenfield/page-kit';

export const BRAND = 'Lumenfield Technology Partners';

export interface PageMeta {
  title: string;
  description?: string;
  /** The page's Atom feed (a path and query): the head names it in `<link rel="alternate">`. */
  feed?: string;
}

/** The title shown in the tab and in sharing cards: the page's own, then the brand. */
export const fullTitle = (title: string) => (title.includes(BRAND) ? title : `${title} | ${BRAND}`);

/**
 * Where a page rendered on the server or at build time reports its title and description, so
 * the document's head carries them (src/entry-server.tsx). In the browser there is none.
 */
export const PageMetaSink = createContext<((meta: PageMeta) => void) | null>(null);

function setMeta(attribute: 'name' | 'property', key: string, content: string) {
  let element = document.head.querySelector<HTMLMetaElement>(`meta[${attribute}="${key}"]`);
  if (!element) {
    element = document.createElement('meta');
    element.setAttribute(attribute, key);
    document.head.append(element);
  }
  element.content = content;
}

function setCanonical(href: string) {
  let link = document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]');
  if (!link) {
    link = document.createElement('link');
    link.rel = 'canonical';
    document.head.append(link);
  }
  link.href = href;
}

/** Sets the document title, description, canonical URL and Open Graph tags for the screen. */
export function usePageMeta(meta: PageMeta) {
  const { title, description } = meta;
  const { pathname } = useLocation();
  // Rendering on the server: report to the document's head (no effects run there).
  useContext(PageMetaSink)?.(meta);
  useEffect(() => {
    const url = `${window.location.origin}${canonicalPath(pathname)}`;
    document.title = fullTitle(title);
    if (description) {
      setMeta('name', 'description', description);
      setMeta('property', 'og:description', description);
    }
    setCanonical(url);
    setMeta('property', 'og:title', fullTitle(title));
    setMeta('property', 'og:url', url);
  }, [title, description, pathname]);
}
