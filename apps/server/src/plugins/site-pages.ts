import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type {
  BuiltPages,
  PageAssets,
  PageRenderer,
  PageStyles,
  RouteId,
  ScreenId,
  StoredPagesManifest,
} from '@lumenfield/routes';
import type { StoredAnswer } from '../lib/stored-answer';

/** The web app's server-side renderer and the pages the build rendered with it. */
export interface SitePages {
  renderer: PageRenderer;
  assets: PageAssets;
  built: BuiltPages['pages'];
  /**
   * Each screen's pages' stylesheet, and the shell's alone (the not-found page's), with the
   * hash by which a page's CSP allows its own, and only its own.
   */
  styles: { shell: HashedStyles; screens: Record<ScreenId, HashedStyles> };
  /** The hash by which every page's CSP allows its one inline script (renderer.bootScript). */
  bootScriptHash: string;
  /** The prebuilt pages' documents as the build stored them, for the origin they name. */
  stored?: { origin: string; pages: Partial<Record<RouteId, StoredAnswer>> };
}

/** A page's inlined stylesheet and its SHA-256 (base64), which the CSP's style-src names. */
export interface HashedStyles extends PageStyles {
  hash: string;
}

/** The CSP hash of an inline `<style>` or `<script>` element's text. */
export function inlineHash(text: string): string {
  return crypto.createHash('sha256').update(text, 'utf8').digest('base64');
}

export const withHash = (styles: PageStyles): HashedStyles => ({
  ...styles,
  hash: inlineHash(styles.css),
});

/**
 * Loads `<site>/server/render.mjs` and `<site>/server/pages.json`, which the web build writes
 * (page-kit's vite/prerender.ts). Loaded at run time from the built site, so the server never
 * imports the web app's code. Undefined when the site is not built (only the API is served).
 */
export async function loadSitePages(staticDir: string): Promise<SitePages | undefined> {
  const dir = path.join(staticDir, 'server');
  const module = path.join(dir, 'render.mjs');
  if (!fs.existsSync(module)) return undefined;
  const renderer = (await import(pathToFileURL(module).href)) as PageRenderer;
  const { assets, styles, pages } = JSON.parse(
    fs.readFileSync(path.join(dir, 'pages.json'), 'utf8'),
  ) as BuiltPages;
  const screens = Object.fromEntries(
    Object.entries(styles.screens).map(([id, each]) => [id, withHash(each)]),
  ) as Record<ScreenId, HashedStyles>;
  return {
    renderer,
    assets,
    built: pages,
    styles: { shell: withHash(styles.shell), screens },
    bootScriptHash: inlineHash(renderer.bootScript),
    stored: loadStoredPages(dir),
  };
}

/**
 * The documents the build stored (`server/stored-pages.json`, page-kit's vite/prerender.ts)
 * with the `.br` and `.gz` the build wrote beside each; undefined when the build wrote none.
 */
function loadStoredPages(dir: string): SitePages['stored'] {
  const manifestFile = path.join(dir, 'stored-pages.json');
  if (!fs.existsSync(manifestFile)) return undefined;
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as StoredPagesManifest;
  const pages: Partial<Record<RouteId, StoredAnswer>> = {};
  for (const [id, { file, tag }] of Object.entries(manifest.pages)) {
    const full = path.join(dir, file);
    const forms = [full, `${full}.br`, `${full}.gz`];
    if (!forms.every((each) => fs.existsSync(each))) continue;
    const [identity, br, gzip] = forms.map((each) => fs.readFileSync(each));
    pages[id as RouteId] = { identity: identity!, br: br!, gzip: gzip!, tag };
  }
  return { origin: manifest.origin, pages };
}
