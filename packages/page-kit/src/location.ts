/**
 * Where the visitor is, read from an in-site path ('/jobs?JobID=3'), for the router
 * (router.tsx). No React here.
 */
export interface Location {
  /** Always starts with '/'; kept as typed ('/about/' stays '/about/'). */
  pathname: string;
  /** '' or '?…'. */
  search: string;
  /** Identifies the history entry: scroll positions are remembered by it. */
  key: string;
}

export function parsePath(path: string, key: string): Location {
  const withoutHash = path.split('#')[0] ?? '';
  const queryAt = withoutHash.indexOf('?');
  let pathname = queryAt < 0 ? withoutHash : withoutHash.slice(0, queryAt);
  const search = queryAt < 0 ? '' : withoutHash.slice(queryAt);
  if (!pathname.startsWith('/')) pathname = `/${pathname}`;
  return { pathname, search: search === '?' ? '' : search, key };
}
