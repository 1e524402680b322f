import { Island as PageKitIsland } from '@lumenfield/page-kit';

/** Every island a page may carry (each has its component in src/app/islands.tsx). */
export type IslandName =
  | 'header'
  | 'inactivity'
  | 'tell-me'
  | 'timeline'
  | 'office-tabs'
  | 'service-tabs'
  | 'careers'
  | 'job-apply';

/**
 * Marks an interactive part of a page (an "island", @lumenfield/page-kit): the server renders
 * it with the page, and on a page rendered at build time the browser hydrates only these, each
 * on its own. `name` picks its component (src/app/islands.tsx); `props` must be plain data, as
 * they travel in the HTML.
 */
export const Island = PageKitIsland<IslandName>;
