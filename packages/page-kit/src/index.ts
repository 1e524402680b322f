// @lumenfield/page-kit: the site's own page framework (README.md). Everything here is generic;
// which routes, screens and islands a site has, it passes in. start-islands.tsx is not
// exported: scheduleIslands loads it (with React DOM) when a first island hydrates.
export * from './router';
export * from './island';
export * from './schedule-islands';
export * from './page-data';
export * from './page-meta';
export * from './page-memory';
export * from './load-page-scripts';
