import type { CSSOptions } from 'vite';

/**
 * How every stylesheet of the site and the console is compiled: Lightning CSS (Vite's own
 * minifier already) with custom media queries, so the breakpoints are named once
 * (src/styles/breakpoints.css) and a stylesheet that names an unknown one fails the build.
 */
export const cssOptions: CSSOptions = {
  transformer: 'lightningcss',
  lightningcss: { drafts: { customMedia: true } },
};
