import fs from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import react from '@vitejs/plugin-react';
import { build, type Plugin, type ResolvedConfig, type Rollup } from 'vite';
import {
  routeIds,
  routes,
  type BuiltPages,
  type PageAssets,
  type PageRenderer,
  // By path: Vite loads its config with Node, which runs no TypeScript from node_modules.
} from '../../packages/routes/src/index';

/** Where the build puts the server-side renderer and the pages it rendered, inside the site. */
export const SERVER_DIR = 'server';

/** The page's own files, from the bundle: the stylesheet's text, the entry and its imports. */
function pageAssets(bundle: Rollup.OutputBundle): PageAssets {
  const items = Object.values(bundle);
  const entry = items.find(
    (item): item is Rollup.OutputChunk => item.type === 'chunk' && item.isEntry,
  );
  if (!entry) throw new Error('prerender: no entry chunk');
  const css = items
    .filter((item): item is Rollup.OutputAsset => item.type === 'asset')
    .filter((item) => item.fileName.endsWith('.css'))
    .map((item) =>
      typeof item.source === 'string' ? item.source : new TextDecoder().decode(item.source),
    )
    .join('\n');
  // Inlined into a <style> element: nothing in it may end the element early.
  if (/<\/style/i.test(css)) throw new Error('prerender: the stylesheet contains "</style"');
  return {
    css,
    scripts: [`/${entry.fileName}`],
    preloads: entry.imports.map((file) => `/${file}`),
  };
}

/**
 * The pages' build step. After the site is built: builds `entry` (src/entry-server.tsx) for
 * Node into `<outDir>/server/render.mjs` (the server loads it to render pages made of live
 * data), renders every route whose policy is `build` with it, and writes them with the page's
 * assets to `<outDir>/server/pages.json`. The server composes each answer from them.
 */
export function prerender(entry: string): Plugin {
  let config: ResolvedConfig;
  let assets: PageAssets | undefined;
  return {
    name: 'lumenfield:prerender',
    apply: (userConfig, env) => env.command === 'build' && !userConfig.build?.ssr,
    configResolved(resolved) {
      config = resolved;
    },
    writeBundle(_options, bundle) {
      assets = pageAssets(bundle);
    },
    closeBundle: {
      order: 'pre',
      sequential: true,
      async handler() {
        if (!assets) throw new Error('prerender: the site was not built');
        const outDir = path.resolve(config.root, config.build.outDir);
        const serverDir = path.join(outDir, SERVER_DIR);
        await build({
          configFile: false,
          root: config.root,
          mode: config.mode,
          logLevel: 'warn',
          plugins: [react()],
          resolve: { alias: { '@': path.join(config.root, 'src') } },
          // Our workspace packages are TypeScript sources: bundled in, like the app's own code.
          ssr: { noExternal: [/^@lumenfield\//] },
          build: {
            ssr: entry,
            outDir: serverDir,
            emptyOutDir: true,
            target: 'node20',
            rollupOptions: { output: { entryFileNames: 'render.mjs' } },
          },
        });
        // Loaded by its plain URL: its chunks import it so, and must share its module state.
        const url = pathToFileURL(path.join(serverDir, 'render.mjs')).href;
        const renderer = (await import(url)) as PageRenderer;
        const pages: BuiltPages['pages'] = {};
        for (const id of routeIds.filter((other) => routes[other].render === 'build')) {
          pages[id] = await renderer.renderPage(routes[id].path);
        }
        const built: BuiltPages = { assets, pages };
        await fs.writeFile(path.join(serverDir, 'pages.json'), JSON.stringify(built));
        config.logger.info(`rendered ${Object.keys(pages).length} pages into ${serverDir}`);
      },
    },
  };
}
