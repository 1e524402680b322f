import type { Plugin } from 'vite';

/**
 * The home screen is a lazy chunk, so the browser would only learn of it after the entry has
 * run. Hinting it (and its CSS) in the page lets it download alongside the entry: one network
 * round trip less before the first route paints (docs/performance.md).
 */
export function preloadFirstRoute(moduleSuffix: string): Plugin {
  return {
    name: 'lumenfield:preload-first-route',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const bundle = ctx.bundle;
        if (!bundle) return [];
        const chunks = Object.values(bundle).filter((item) => item.type === 'chunk');
        const first = chunks.find((chunk) => chunk.facadeModuleId?.endsWith(moduleSuffix));
        if (!first) throw new Error(`preload-first-route: no chunk for ${moduleSuffix}`);
        const entryFiles = new Set(
          chunks
            .filter((chunk) => chunk.isEntry)
            .flatMap((chunk) => [chunk.fileName, ...chunk.imports]),
        );
        const scripts = [first.fileName, ...first.imports].filter((file) => !entryFiles.has(file));
        const styles = [...(first.viteMetadata?.importedCss ?? [])];
        return [
          ...scripts.map((file) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` },
            injectTo: 'head' as const,
          })),
          ...styles.map((file) => ({
            tag: 'link',
            // Vite loads a chunk's CSS with crossorigin too: the hint must match to be used.
            attrs: { rel: 'preload', as: 'style', crossorigin: true, href: `/${file}` },
            injectTo: 'head' as const,
          })),
        ];
      },
    },
  };
}
