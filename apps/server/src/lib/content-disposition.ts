/**
 * `Content-Disposition: attachment` with an RFC 6266 / RFC 8187 `filename*` for the real
 * (UTF-8) name and a plain ASCII `filename` fallback for old clients.
 */
export function attachmentDisposition(fileName: string): string {
  const fallback = fileName.replace(/[^\x20-\x7e]|["\\%;]/g, '_').trim() || 'download';
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
