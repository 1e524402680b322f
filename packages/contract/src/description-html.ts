/**
 * The one allow-list of a job description's HTML: the server's sanitiser stores only this, the
 * browser's DOMPurify keeps only this, and the console's editor produces only this
 * (docs/security.md). It is what the editor writes: headings h2-h4, paragraphs, line breaks,
 * lists, bold, italic, underline, quotes and links. Kept free of imports: the job page loads it.
 */
export const DESCRIPTION_TAGS = [
  'h2',
  'h3',
  'h4',
  'p',
  'br',
  'ul',
  'ol',
  'li',
  'strong',
  'em',
  'u',
  'blockquote',
  'a',
] as const;

export type DescriptionTag = (typeof DESCRIPTION_TAGS)[number];

/** Tags kept under the name the editor uses for them, rather than dropped with their meaning. */
export const DESCRIPTION_TAG_ALIASES: Readonly<Record<string, DescriptionTag>> = {
  h1: 'h2',
  h5: 'h4',
  h6: 'h4',
  b: 'strong',
  i: 'em',
};

/** The attributes each tag may keep; every other attribute is dropped. */
export const DESCRIPTION_ATTRIBUTES: Readonly<Partial<Record<DescriptionTag, readonly string[]>>> =
  {
    a: ['href', 'rel', 'target'],
    // The editor numbers a list from where it started ("3. ") and keeps a letter or roman style.
    ol: ['start', 'type'],
  };

/** The schemes a link may have; a link without one of them (relative, //host, script) goes. */
export const DESCRIPTION_LINK_SCHEMES = ['https', 'http', 'mailto', 'tel'] as const;

/** An href with one of the link schemes, as DOMPurify's ALLOWED_URI_REGEXP wants it. */
export const DESCRIPTION_LINK = /^(?:https?|mailto|tel):/i;

/** What every kept link carries, whatever its author wrote: a new tab, no referrer, no credit. */
export const DESCRIPTION_LINK_ATTRIBUTES = {
  rel: 'noopener noreferrer nofollow',
  target: '_blank',
} as const;

/**
 * Whether a link may stay a link. Browsers ignore control characters and spaces inside a
 * scheme ('java\tscript:'), so this does too before it reads the scheme.
 */
export function isDescriptionLink(href: string): boolean {
  // eslint-disable-next-line no-control-regex
  return DESCRIPTION_LINK.test(href.replace(/[\u0000-\u0020]/g, ''));
}
