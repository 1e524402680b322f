// Shared by the SEO pages and the mail templates, which both write HTML and the brand by hand.
export { BRAND } from '@lumenfield/contract';
import { xmlSafeText } from './control-characters';

const htmlEscapes: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => htmlEscapes[ch] ?? ch);
}

/** Text for an XML document (the feed, the sitemap): escaped, and without what XML forbids. */
export function escapeXml(text: string): string {
  return escapeHtml(xmlSafeText(text));
}

/**
 * An HTML document without a head given one naming it (a mail's subject, as a mail reader or a
 * screen reader names the document); one that has a head, or is no document, is left as it is.
 */
export function withTitle(html: string, title: string): string {
  if (/<head[\s>]/i.test(html)) return html;
  return html.replace(
    /^(<!doctype html>\s*<html\b[^>]*>)/i,
    (opening) => `${opening}<head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>`,
  );
}
