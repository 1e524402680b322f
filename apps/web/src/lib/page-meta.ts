import { useEffect } from 'react';
import { useLocation } from '@/lib/router';
import { routeForPath, routeIds, routes } from '@/config/routes';

const BRAND = 'Lumenfield Technology Partners';

export interface PageMeta {
  title: string;
  description?: string;
}

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
 * The one URL a page should be known by (docs/search.md): an opening's server-rendered page;
 * for routes that only scroll to a section, or repeat the home page, the route they belong to.
 */
export function canonicalUrl(origin: string, pathname: string, search: string): string {
  const jobId = /^\/jobs\/?$/.test(pathname) ? new URLSearchParams(search).get('JobID') : null;
  if (jobId && /^\d+$/.test(jobId)) return `${origin}/careers/jobs/${jobId}`;
  const id = routeForPath(pathname);
  if (!id) return `${origin}/#${pathname}`;
  const def: { path: string; screen: string; title: string; section?: string } = routes[id];
  const owner =
    def.section !== undefined || id === 'dashboard'
      ? routeIds.find((other) => {
          const candidate: { screen: string; title: string; section?: string } = routes[other];
          return (
            other !== 'dashboard' &&
            candidate.section === undefined &&
            candidate.screen === def.screen &&
            candidate.title === def.title
          );
        })
      : id;
  const path = owner ? routes[owner].path : def.path;
  return path === '/' ? `${origin}/` : `${origin}/#${path}`;
}

/** Sets the document title, description, canonical URL and Open Graph tags for the screen. */
export function usePageMeta({ title, description }: PageMeta) {
  const { pathname, search } = useLocation();
  useEffect(() => {
    const fullTitle = title.includes(BRAND) ? title : `${title} | ${BRAND}`;
    const url = canonicalUrl(window.location.origin, pathname, search);
    document.title = fullTitle;
    if (description) {
      setMeta('name', 'description', description);
      setMeta('property', 'og:description', description);
    }
    setCanonical(url);
    setMeta('property', 'og:title', fullTitle);
    setMeta('property', 'og:url', url);
  }, [title, description, pathname, search]);
}
