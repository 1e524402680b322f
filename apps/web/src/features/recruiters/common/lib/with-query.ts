/** Builds a URL of `path` with `query`, leaving out empty values. */
export function withQuery(path: string, query: Record<string, string | number | undefined>) {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query))
    // The first page is the page without a number.
    if (value !== undefined && value !== '' && !(key === 'page' && String(value) === '1'))
      search.set(key, String(value));
  const qs = search.toString();
  return qs ? `${path}?${qs}` : path;
}
