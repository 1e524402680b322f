import type { Plugin } from 'vite';

/**
 * The entry imports the site's code (React and the shell) lazily, once it has painted the first
 * route (src/main.tsx). Hinting that chunk and its imports in the page lets them download while
 * the first paint happens instead of after it, at low priority: the stylesheet, the entry and
 * the route's HTML, which the first paint needs, go first (docs/performance.md).
 */
export function preloadChunk(moduleSuffix: string): Plugin {
  return {
    name: 'lumenfield:preload-chunk',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const bundle = ctx.bundle;
        if (!bundle) return [];
        const chunks = Object.values(bundle).filter((item) => item.type === 'chunk');
        const target = chunks.find((chunk) => chunk.facadeModuleId?.endsWith(moduleSuffix));
        if (!target) throw new Error(`preload-chunk: no chunk for ${moduleSuffix}`);
        const entryFiles = new Set(
          chunks
            .filter((chunk) => chunk.isEntry)
            .flatMap((chunk) => [chunk.fileName, ...chunk.imports]),
        );
        return [target.fileName, ...target.imports]
          .filter((file) => !entryFiles.has(file))
          .map((file) => ({
            tag: 'link',
            attrs: {
              rel: 'modulepreload',
              crossorigin: true,
              fetchpriority: 'low',
              href: `/${file}`,
            },
            injectTo: 'head' as const,
          }));
      },
    },
  };
}
