import sanitizeHtml from 'sanitize-html';

/**
 * CONTRACT §4: a job description is sanitised on write with an allow-list (headings,
 * paragraphs, lists, emphasis, links with safe schemes); everything else is dropped.
 * The page renders the stored HTML as is, so this is the only gate against script.
 */
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
  allowedSchemes: ['https', 'http', 'mailto', 'tel'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  // The job page has its own h1; a description's top heading becomes an h2 below it.
  transformTags: {
    h1: 'h2',
    a: (tagName, attribs) => ({
      tagName,
      attribs: { ...attribs, rel: 'noopener noreferrer nofollow', target: '_blank' },
    }),
  },
  // Script and style bodies are dropped with their tags, not shown as text.
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'template', 'iframe'],
  disallowedTagsMode: 'discard',
};

export function sanitizeDescription(html: string): string {
  return sanitizeHtml(html, options).trim();
}
