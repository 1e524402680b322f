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
