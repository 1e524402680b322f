import { createContext, useContext, useEffect } from 'react';
import { useLocation } from './router';

export interface PageMeta {
  title: string;
  description?: string;
  /** The page's Atom feed (a path and query): the head names it in `<link rel="alternate">`. */
  feed?: string;
}

/** How a site names its pages: the title in the tab, and each path's one canonical spelling. */
export interface PageMetaOptions {
  fullTitle: (title: string) => string;
  canonicalPath: (pathname: string) => string;
}

/**
 * Where a page rendered on the server or at build time reports its title and description, so
 * the document's head carries them (the site's renderer provides it). In the browser there is
 * none.
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

/**
 * Sets the document title, description, canonical URL and Open Graph tags for the screen, and
 * reports them to the sink when rendering on the server. `options` should be one object for
 * the site (a new one each render runs the effect each render).
 */
export function useDocumentMeta(meta: PageMeta, { fullTitle, canonicalPath }: PageMetaOptions) {
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
  }, [title, description, pathname, fullTitle, canonicalPath]);
}
