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

/** The text of the description's first element when it is a heading, else undefined. */
export function openingHeading(html: string): string | undefined {
  const match = /^\s*<h([1-6])\b[^>]*>([\s\S]*?)<\/h\1>/i.exec(html);
  if (!match) return undefined;
  const text = match[2]!.replace(/<[^>]*>/g, '').replace(/&nbsp;|&#160;/g, ' ');
  return text.replace(/\s+/g, ' ').trim();
}

/**
 * The description under the section heading `heading` (an h2 with `headingId`). A recruiter's
 * description often opens with that same heading ("About the role"): then the description's
 * own heading is the section's, at h2, rather than the same words twice. On the server (no DOM
 * to sanitise with) and while the browser hydrates that markup, the description as the
 * server's sanitiser stored and sent it; then sanitised again here.
 */
export function JobDescription({
  html,
  heading,
  headingId,
}: {
  html: string;
  heading: string;
  headingId: string;
}) {
  const inBrowser = useInBrowser();
  const ownHeading = openingHeading(html)?.toLowerCase() === heading.toLowerCase();
  const clean = useMemo(
    () => (inBrowser ? sanitiseDescription(html, ownHeading ? 2 : 3) : html),
    [html, inBrowser, ownHeading],
  );
  return (
    <>
      {ownHeading ? null : (
        <h2 id={headingId} className="job-main__title">
          {heading}
        </h2>
      )}
      <div className="job-description" dangerouslySetInnerHTML={{ __html: clean }} />
    </>
  );
}
