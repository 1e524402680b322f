import { useEffect } from 'react';

const BRAND = 'Lumenfield Technology Partners';

export interface PageMeta {
  title: string;
  description?: string;
}

function setMeta(name: string, content: string) {
  let element = document.head.querySelector<HTMLMetaElement>(`meta[name="${name}"]`);
  if (!element) {
    element = document.createElement('meta');
    element.name = name;
    document.head.append(element);
  }
  element.content = content;
}

/** Sets the document title and description for the screen being shown. */
export function usePageMeta({ title, description }: PageMeta) {
  useEffect(() => {
    document.title = title.includes(BRAND) ? title : `${title} | ${BRAND}`;
    if (description) setMeta('description', description);
  }, [title, description]);
}
