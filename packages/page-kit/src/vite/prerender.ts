import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import react from '@vitejs/plugin-react';
import { build, type Plugin, type ResolvedConfig, type Rollup } from 'vite';
// Relative imports name their file: the site's Vite config imports this one by path.
import type {
  BuiltPages,
  PageAssets,
  PageStyles,
  PrerenderRenderer,
  StoredPagesManifest,
} from '../renderer.ts';

/** Where the build puts the server-side renderer and the pages it rendered, inside the site. */
export const SERVER_DIR = 'server';

/** A page the build renders: its id (the file's name), its path, and the screen it shows. */
export interface BuildPage<Screen extends string = string> {
  id: string;
  path: string;
  screen: Screen;
}

export interface PrerenderOptions<Screen extends string = string> {
  /** The site's server-side renderer (its module exports a PrerenderRenderer), from the root. */
  entry: string;
  /** The pages rendered at build. */
  pages: readonly BuildPage<Screen>[];
  /** The origin the stored documents are written for (their canonical and Open Graph URLs). */
  origin: () => string;
  /** A page's one canonical spelling of its path. */
  canonicalPath: (path: string) => string;
  /** The site's import aliases, for the renderer's build (as `resolve.alias`). */
  alias?: Record<string, string>;
}

type Chunk = Rollup.OutputChunk;

const chunksOf = (items: Iterable<Rollup.OutputChunk | Rollup.OutputAsset>): Chunk[] =>
  Array.from(items).filter((item): item is Chunk => item.type === 'chunk');

/** The page's scripts, from the bundle: the entry and its imports. */
function pageAssets(entry: Chunk): PageAssets {
  return { entry: `/${entry.fileName}`, preloads: entry.imports.map((file) => `/${file}`) };
}

/**
 * The stylesheets of the site, read from the bundlers' own module graphs: the browser's build
 * (Vite splits the CSS by chunk: each chunk's `viteMetadata.importedCss`) and the renderer's
 * (which modules a page is rendered with). A page gets the stylesheets of every browser chunk
 * holding a module it was rendered with: the shell's (the renderer's entry and what it imports)
 * and its screen's (the screen's chunk and what it imports). Nothing here names a page.
 */
class SiteStyles {
  private readonly byName = new Map<string, Chunk>();
  private readonly text = new Map<string, string>();

  constructor(
    private readonly client: Rollup.OutputBundle,
    private readonly server: Chunk[],
  ) {
    for (const chunk of chunksOf(Object.values(client))) this.byName.set(chunk.fileName, chunk);
    for (const item of Object.values(client)) {
      if (item.type !== 'asset' || !item.fileName.endsWith('.css')) continue;
      const css =
        typeof item.source === 'string' ? item.source : new TextDecoder().decode(item.source);
      // Inlined into a <style> element: nothing in it may end the element early.
      if (/<\/style/i.test(css)) throw new Error(`prerender: ${item.fileName} contains "</style"`);
      this.text.set(item.fileName, css);
    }
  }

  /** A browser chunk's stylesheets, those of its static imports first, as the browser orders them. */
  private cssOf(chunk: Chunk, into: Set<string>, seen = new Set<string>()): Set<string> {
    if (seen.has(chunk.fileName)) return into;
    seen.add(chunk.fileName);
    for (const file of chunk.imports) {
      const imported = this.byName.get(file);
      if (imported) this.cssOf(imported, into, seen);
    }
    for (const css of chunk.viteMetadata?.importedCss ?? []) into.add(css);
    return into;
  }

  /** The modules of a renderer chunk and of every chunk it imports statically. */
  private modulesOf(chunk: Chunk, into = new Set<string>(), seen = new Set<string>()) {
    if (seen.has(chunk.fileName)) return into;
    seen.add(chunk.fileName);
    for (const id of chunk.moduleIds) into.add(id);
    for (const file of chunk.imports) {
      const imported = this.server.find((other) => other.fileName === file);
      if (imported) this.modulesOf(imported, into, seen);
    }
    return into;
  }

  /** The stylesheets, in order, of the browser chunks holding any of these modules. */
  private cssFor(modules: Set<string>, into: Set<string>): Set<string> {
    for (const chunk of this.byName.values()) {
      if (chunk.moduleIds.some((id) => modules.has(id))) this.cssOf(chunk, into);
    }
    return into;
  }

  private styles(files: Set<string>): PageStyles {
    return {
      css: Array.from(files, (file) => this.text.get(file) ?? '').join('\n'),
      files: Array.from(files, (file) => `/${file}`),
    };
  }

  /** The shell's stylesheets: the browser's entry, and the renderer's entry with its imports. */
  private shellFiles(): Set<string> {
    const entry = chunksOf(this.byName.values()).find((chunk) => chunk.isEntry);
    const rendererEntry = this.server.find((chunk) => chunk.isEntry);
    if (!entry || !rendererEntry) throw new Error('prerender: no entry chunk');
    return this.cssFor(this.modulesOf(rendererEntry), this.cssOf(entry, new Set()));
  }

  shell(): PageStyles {
    return this.styles(this.shellFiles());
  }

  /** The shell's and a screen's, given the renderer chunk the screen's module is in. */
  screen(chunk: Chunk): PageStyles {
    const modules = this.modulesOf(chunk);
    // Only the screen's own: what the renderer's entry imports is the shell's.
    const shell = this.server.find((other) => other.isEntry);
    for (const id of shell ? this.modulesOf(shell) : []) modules.delete(id);
    return this.styles(this.cssFor(modules, this.shellFiles()));
  }
}

/**
 * Each screen's stylesheet. The renderer says which module a screen is by loading it; the
 * renderer chunk it comes from (the same module instance, loaded by the same URL) names the
 * modules its pages are rendered with.
 */
async function screenStyles<Screen extends string>(
  renderer: PrerenderRenderer<Screen>,
  serverDir: string,
  styles: SiteStyles,
  server: Chunk[],
): Promise<Record<Screen, PageStyles>> {
  const chunkOf = new Map<unknown, Chunk>();
  for (const chunk of server.filter((other) => other.isDynamicEntry)) {
    const url = pathToFileURL(path.join(serverDir, chunk.fileName)).href;
    chunkOf.set(await import(url), chunk);
  }
  const result = {} as Record<Screen, PageStyles>;
  for (const [id, load] of Object.entries(renderer.screenModules) as [
    Screen,
    () => Promise<unknown>,
  ][]) {
    const chunk = chunkOf.get(await load());
    if (!chunk) throw new Error(`prerender: screen ${id} is no chunk of its own`);
    result[id] = styles.screen(chunk);
  }
  return result;
}

/**
 * The pages' build step. After the site is built: builds `entry` (the site's
 * src/entry-server.tsx) for Node into `<outDir>/server/render.mjs` (the server loads it to
 * render pages made of live data), renders every page of `pages` with it, and writes them with
 * the page's assets to `<outDir>/server/pages.json`. The server composes each answer from them.
 */
export function prerender<Screen extends string>(options: PrerenderOptions<Screen>): Plugin {
  const { entry, pages: buildPages, alias = {} } = options;
  let config: ResolvedConfig;
  let client: Rollup.OutputBundle | undefined;
  return {
    name: 'page-kit:prerender',
    apply: (userConfig, env) => env.command === 'build' && !userConfig.build?.ssr,
    configResolved(resolved) {
      config = resolved;
    },
    writeBundle(_options, bundle) {
      client = bundle;
    },
    closeBundle: {
      order: 'pre',
      sequential: true,
      async handler() {
        if (!client) throw new Error('prerender: the site was not built');
        const outDir = path.resolve(config.root, config.build.outDir);
        const serverDir = path.join(outDir, SERVER_DIR);
        const output = await build({
          configFile: false,
          root: config.root,
          mode: config.mode,
          logLevel: 'warn',
          plugins: [react()],
          // The site's own CSS compiler and its drafts (custom media): the renderer's imports
          // name the same stylesheets, and any other compiler warns on each of their rules.
          css: { transformer: config.css.transformer, lightningcss: config.css.lightningcss },
          resolve: {
            alias: Object.fromEntries(
              Object.entries(alias).map(([find, to]) => [find, path.resolve(config.root, to)]),
            ),
          },
          // Our workspace packages are TypeScript sources: bundled in, like the app's own code.
          // React too, as its production build: left to Node, `react` picks its development
          // build wherever NODE_ENV is not set, and the site has no NODE_ENV switch (README).
          ssr: { noExternal: [/^@lumenfield\//, 'react', 'react-dom', 'scheduler'] },
          define: { 'process.env.NODE_ENV': JSON.stringify('production') },
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
        const renderer = (await import(url)) as PrerenderRenderer<Screen>;
        const server = (Array.isArray(output) ? output : [output]).flatMap((each) =>
          'output' in each ? chunksOf(each.output) : [],
        );
        const main = chunksOf(Object.values(client)).find((chunk) => chunk.isEntry);
        if (!main) throw new Error('prerender: no entry chunk');
        const styles = new SiteStyles(client, server);
        const pages: BuiltPages<Screen>['pages'] = {};
        for (const page of buildPages) pages[page.id] = await renderer.renderPage(page.path);
        const built: BuiltPages<Screen> = {
          assets: pageAssets(main),
          styles: {
            shell: styles.shell(),
            screens: await screenStyles(renderer, serverDir, styles, server),
          },
          pages,
        };
        await fs.writeFile(path.join(serverDir, 'pages.json'), JSON.stringify(built));
        await storePages(renderer, built, serverDir, options);
        config.logger.info(`rendered ${Object.keys(pages).length} pages into ${serverDir}`);
      },
    },
  };
}

/**
 * Each prebuilt page's whole document, as the server sends it (docs/performance.md, "Prebuilt
 * pages as stored bytes"), for the site's build origin, with the hash its ETag is made of;
 * precompress.ts writes its `.br` and `.gz` beside it. The server sends these bytes to requests
 * for that origin and renders nothing per request.
 */
async function storePages<Screen extends string>(
  renderer: PrerenderRenderer<Screen>,
  built: BuiltPages<Screen>,
  serverDir: string,
  { pages, origin: originOf, canonicalPath }: PrerenderOptions<Screen>,
) {
  const origin = originOf();
  const manifest: StoredPagesManifest = { origin, pages: {} };
  await fs.mkdir(path.join(serverDir, 'pages'), { recursive: true });
  for (const { id, path: pagePath, screen } of pages) {
    const html = renderer.renderDocument({
      page: built.pages[id]!,
      assets: built.assets,
      styles: built.styles.screens[screen],
      canonicalUrl: `${origin}${canonicalPath(pagePath)}`,
      noindex: false,
    });
    const bytes = Buffer.from(html, 'utf8');
    const file = `pages/${id}.html`;
    await fs.writeFile(path.join(serverDir, file), bytes);
    // The server's lib/stored-answer.ts bodyTag: SHA-256, base64url, 128 bits.
    const tag = crypto.createHash('sha256').update(bytes).digest('base64url').slice(0, 22);
    manifest.pages[id] = { file, tag };
  }
  await fs.writeFile(path.join(serverDir, 'stored-pages.json'), JSON.stringify(manifest));
}
