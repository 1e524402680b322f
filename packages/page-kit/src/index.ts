// @lumenfield/page-kit: the site's own page framework (README.md). Everything here is generic;
// which routes, screens and islands a site has, it passes in.
export * from './router';
export * from './page-memory';
export * from './load-page-scripts';
