import DOMPurify from 'dompurify';
import {
  DESCRIPTION_ATTRIBUTES,
  DESCRIPTION_LINK,
  DESCRIPTION_LINK_ATTRIBUTES,
  DESCRIPTION_TAG_ALIASES,
  DESCRIPTION_TAGS,
} from '@lumenfield/contract';
import { useMemo } from 'react';
import { useInBrowser } from '@/lib/use-in-browser';

/**
 * The server's allow-list, as DOMPurify takes it: the tags and those renamed to them (renamed
 * below, as the server does), then every tag's attributes in one list.
 */
const ALIASED = Object.keys(DESCRIPTION_TAG_ALIASES);
const ALLOWED_TAGS = [...DESCRIPTION_TAGS, ...ALIASED];
const ALLOWED_ATTR = [...new Set(Object.values(DESCRIPTION_ATTRIBUTES).flat())];
// DOMPurify holds every attribute's value to the link pattern unless told it is no URL.
const NOT_URLS = ALLOWED_ATTR.filter((name) => name !== 'href');

/**
 * The description's HTML, sanitised again here although the server sanitised it when it was
 * stored: the page trusts no HTML it did not write. Headings are shifted so the description's
 * top level sits under the page's own h2, keeping one h1 and headings in order.
 */
export function sanitiseDescription(html: string, topLevel = 3): string {
  const fragment = DOMPurify.sanitize(html, {
    ALLOWED_TAGS,
    ALLOWED_ATTR,
    ALLOWED_URI_REGEXP: DESCRIPTION_LINK,
    ADD_URI_SAFE_ATTR: NOT_URLS,
    RETURN_DOM_FRAGMENT: true,
  });
  for (const element of Array.from(fragment.querySelectorAll(ALIASED.join(',')))) {
    const renamed = element.ownerDocument.createElement(
      DESCRIPTION_TAG_ALIASES[element.tagName.toLowerCase()]!,
    );
    renamed.append(...Array.from(element.childNodes));
    element.replaceWith(renamed);
  }
  const headings = Array.from(fragment.querySelectorAll('h1, h2, h3, h4, h5, h6'));
  const levels = headings.map((heading) => Number(heading.tagName[1]));
  const shift = levels.length > 0 ? topLevel - Math.min(...levels) : 0;
  for (const heading of headings) {
    const level = Math.min(6, Number(heading.tagName[1]) + shift);
    const replacement = heading.ownerDocument.createElement(`h${level}`);
    replacement.append(...Array.from(heading.childNodes));
    heading.replaceWith(replacement);
  }
  // As the server writes links: one whose href was refused keeps its text, not an inert <a>.
  for (const link of Array.from(fragment.querySelectorAll('a'))) {
    if (!link.hasAttribute('href')) link.replaceWith(...Array.from(link.childNodes));
    else
      for (const [name, value] of Object.entries(DESCRIPTION_LINK_ATTRIBUTES))
        link.setAttribute(name, value);
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
