import fs from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import react from '@vitejs/plugin-react';
import {
  build,
  type HtmlTagDescriptor,
  type IndexHtmlTransformContext,
  type Plugin,
  type ResolvedConfig,
} from 'vite';
import { firstPageScript, type ScreenCode } from './src/app/first-page-script';
import { routeIds, routes } from './src/config/routes';

type Chunk = Extract<NonNullable<IndexHtmlTransformContext['bundle']>[string], { type: 'chunk' }>;

/** A module's chunk and the chunks it imports, less the files in `loaded`. */
function codeOf(chunks: Chunk[], moduleSuffix: string, loaded: ReadonlySet<string>): string[] {
  const chunk = chunks.find((c) => c.facadeModuleId?.endsWith(moduleSuffix));
  if (!chunk) throw new Error(`prerender: no chunk for ${moduleSuffix}`);
  return [chunk.fileName, ...chunk.imports].filter((file) => !loaded.has(file));
}

/**
 * What the page fetches early, from the bundle: the site's code (boot, which the entry imports
 * once the first paint is up), hinted in the page at low priority, and each screen's code for
 * the inline script (a screen's module is `src/features/<folder>/<screen>-page.tsx`), less what
 * the entry and boot already bring.
 */
function earlyCode(bundle: NonNullable<IndexHtmlTransformContext['bundle']>) {
  const chunks = Object.values(bundle).filter((item): item is Chunk => item.type === 'chunk');
  const entry = new Set(
    chunks.filter((chunk) => chunk.isEntry).flatMap((chunk) => [chunk.fileName, ...chunk.imports]),
  );
  const boot = codeOf(chunks, '/src/boot.tsx', entry);
  const loaded = new Set([...entry, ...boot]);
  const screens: ScreenCode = {};
  for (const screen of new Set(routeIds.map((id) => routes[id].screen))) {
    screens[screen] = codeOf(chunks, `/${screen}-page.tsx`, loaded).map((file) => `/${file}`);
  }
  return { boot, screens };
}

interface PrerenderModule {
  renderStaticRoutes(): Promise<{ url: string; html: string }[]>;
  renderShell(): Promise<string>;
}

/**
 * The first paint's build step. In the page: the inline first-page script and the low-priority
 * preload of the site's code. After the site is built, builds `entry` for Node and writes what
 * it renders: each route's
 * page into the output (`/prerendered/<route>.html`), which the entry module paints on a first
 * visit before React has loaded (src/app/first-paint.ts), and the header into index.html's
 * root, so every visit paints at once. It runs before precompress, so the pages are sent
 * brotli or gzip like every other file.
 */
export function prerender(entry: string): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'lumenfield:prerender',
    apply: (userConfig, env) => env.command === 'build' && !userConfig.build?.ssr,
    configResolved(resolved) {
      config = resolved;
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx): HtmlTagDescriptor[] {
        const { boot, screens } = ctx.bundle ? earlyCode(ctx.bundle) : { boot: [], screens: {} };
        return [
          {
            tag: 'script',
            attrs: { id: 'first-page' },
            children: firstPageScript(screens),
            injectTo: 'head-prepend',
          },
          // Low priority: the stylesheet, the entry and the route's HTML, which the first
          // paint needs, go first (docs/performance.md, "First paint").
          ...boot.map((file) => ({
            tag: 'link',
            attrs: {
              rel: 'modulepreload',
              crossorigin: true,
              fetchpriority: 'low',
              href: `/${file}`,
            },
            injectTo: 'head' as const,
          })),
        ];
      },
    },
    closeBundle: {
      order: 'pre',
      sequential: true,
      async handler() {
        const outDir = path.resolve(config.root, config.build.outDir);
        // Inside node_modules so the bundle's imports (react, react-dom) resolve from the repo;
        // a new folder each build, as Node caches modules by URL.
        const cache = path.join(config.root, 'node_modules/.cache');
        await fs.mkdir(cache, { recursive: true });
        const serverDir = await fs.mkdtemp(path.join(cache, 'lumenfield-prerender-'));
        await build({
          configFile: false,
          root: config.root,
          mode: config.mode,
          logLevel: 'warn',
          plugins: [react()],
          resolve: { alias: { '@': path.join(config.root, 'src') } },
          build: {
            ssr: entry,
            outDir: serverDir,
            emptyOutDir: true,
            target: 'node20',
            rollupOptions: { output: { entryFileNames: 'prerender.mjs' } },
          },
        });
        const bundle = pathToFileURL(path.join(serverDir, 'prerender.mjs')).href;
        const { renderStaticRoutes, renderShell } = (await import(bundle)) as PrerenderModule;
        const pages = await renderStaticRoutes();
        const shell = await renderShell();
        await fs.rm(serverDir, { recursive: true, force: true });
        await Promise.all(
          pages.map(async ({ url, html }) => {
            const file = path.join(outDir, url);
            await fs.mkdir(path.dirname(file), { recursive: true });
            await fs.writeFile(file, html);
          }),
        );
        const indexFile = path.join(outDir, 'index.html');
        const index = await fs.readFile(indexFile, 'utf8');
        const emptyRoot = '<div id="root"></div>';
        if (!index.includes(emptyRoot)) throw new Error(`prerender: no ${emptyRoot} in index.html`);
        // The server's job pages put their page at the marker (apps/server routes/seo.ts).
        await fs.writeFile(
          indexFile,
          index.replace(emptyRoot, `<div id="root">${shell}<!--page--></div>`),
        );
        config.logger.info(`prerendered ${pages.length} routes into ${outDir}/prerendered`);
      },
    },
  };
}
