import DOMPurify from 'dompurify';
import { useMemo } from 'react';
import { useInBrowser } from '@/lib/use-in-browser';

const ALLOWED_TAGS = [
  'p',
  'br',
  'hr',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'ul',
  'ol',
  'li',
  'strong',
  'b',
  'em',
  'i',
  'u',
  'a',
  'blockquote',
  'code',
  'pre',
  'span',
  'div',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
];

/**
 * The description's HTML, sanitised again here although the server sanitised it when it was
 * stored: the page trusts no HTML it did not write. Headings are shifted so the description's
 * top level sits under the page's own h2, keeping one h1 and headings in order.
 */
export function sanitiseDescription(html: string, topLevel = 3): string {
  const fragment = DOMPurify.sanitize(html, {
    ALLOWED_TAGS,
    ALLOWED_ATTR: ['href', 'title'],
    ALLOWED_URI_REGEXP: /^(?:https?:|mailto:|tel:|#)/i,
    RETURN_DOM_FRAGMENT: true,
  });
  const headings = Array.from(fragment.querySelectorAll('h1, h2, h3, h4, h5, h6'));
  const levels = headings.map((heading) => Number(heading.tagName[1]));
  const shift = levels.length > 0 ? topLevel - Math.min(...levels) : 0;
  for (const heading of headings) {
    const level = Math.min(6, Number(heading.tagName[1]) + shift);
    const replacement = heading.ownerDocument.createElement(`h${level}`);
    replacement.append(...Array.from(heading.childNodes));
    heading.replaceWith(replacement);
  }
  for (const link of Array.from(fragment.querySelectorAll('a[href]'))) {
    if (/^https?:/i.test(link.getAttribute('href') ?? '')) {
      link.setAttribute('target', '_blank');
      link.setAttribute('rel', 'noopener noreferrer nofollow');
    }
  }
  const holder = document.createElement('div');
  holder.append(fragment);
  return holder.innerHTML;
}

/**
 * On the server (no DOM to sanitise with) and while the browser hydrates that markup, the
 * description as the server's sanitiser stored and sent it; then sanitised again here.
 */
export function JobDescription({ html }: { html: string }) {
  const inBrowser = useInBrowser();
  const clean = useMemo(() => (inBrowser ? sanitiseDescription(html) : html), [html, inBrowser]);
  return <div className="job-description" dangerouslySetInnerHTML={{ __html: clean }} />;
}
