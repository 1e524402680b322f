import sanitizeHtml from 'sanitize-html';

/**
 * docs/recruiters.md: a job description is sanitised on write with an allow-list (headings,
 * paragraphs, lists, emphasis, links with safe schemes); everything else is dropped.
 * The page renders the stored HTML as is, so this is the only gate against script.
 */
const SAFE_SCHEMES = ['https', 'http', 'mailto', 'tel'];

/**
 * Whether a link may stay a link: its href has one of the safe schemes or none (relative).
 * Browsers ignore control characters and spaces inside a scheme ('java\tscript:'), so do we.
 */
function isSafeHref(href: string | undefined): boolean {
  if (!href) return false;
  // eslint-disable-next-line no-control-regex
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(href.replace(/[\u0000-\u0020]/g, ''))?.[1];
  return scheme === undefined || SAFE_SCHEMES.includes(scheme.toLowerCase());
}

const options: sanitizeHtml.IOptions = {
  allowedTags: [
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'p',
    'br',
    'ul',
    'ol',
    'li',
    'strong',
    'b',
    'em',
    'i',
    'u',
    'blockquote',
    'a',
  ],
  // rel and target are set by the transform below, whatever the author wrote.
  allowedAttributes: { a: ['href', 'title', 'rel', 'target'] },
  allowedSchemes: SAFE_SCHEMES,
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  // The job page has its own h1; a description's top heading becomes an h2 below it.
  transformTags: {
    h1: 'h2',
    // A link without a safe href is no link: its text stays, the <a> goes (a <span> is not
    // allowed, so it is unwrapped), rather than an inert <a> that looks clickable.
    a: (tagName, attribs) =>
      isSafeHref(attribs.href)
        ? {
            tagName,
            attribs: { ...attribs, rel: 'noopener noreferrer nofollow', target: '_blank' },
          }
        : { tagName: 'span', attribs: {} },
  },
  // Script and style bodies are dropped with their tags, not shown as text.
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'template', 'iframe'],
  disallowedTagsMode: 'discard',
};

export function sanitizeDescription(html: string): string {
  return sanitizeHtml(html, options).trim();
}
