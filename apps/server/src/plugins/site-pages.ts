import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { BuiltPages, PageAssets, PageRenderer } from '@lumenfield/routes';

/** The web app's server-side renderer and the pages the build rendered with it. */
export interface SitePages {
  renderer: PageRenderer;
  assets: PageAssets;
  built: BuiltPages['pages'];
  /** SHA-256 (base64) of the inlined stylesheet: the CSP's style-src allows it by this. */
  styleHashes: string[];
}

/** The CSP hash of a `<style>` element's text. */
export function styleHash(css: string): string {
  return crypto.createHash('sha256').update(css, 'utf8').digest('base64');
}

/**
 * Loads `<site>/server/render.mjs` and `<site>/server/pages.json`, which the web build writes
 * (apps/web/prerender.ts). Loaded at run time from the built site, so the server never imports
 * the web app's code. Undefined when the site is not built (only the API is served).
 */
export async function loadSitePages(staticDir: string): Promise<SitePages | undefined> {
  const dir = path.join(staticDir, 'server');
  const module = path.join(dir, 'render.mjs');
  if (!fs.existsSync(module)) return undefined;
  const renderer = (await import(pathToFileURL(module).href)) as PageRenderer;
  const { assets, pages } = JSON.parse(
    fs.readFileSync(path.join(dir, 'pages.json'), 'utf8'),
  ) as BuiltPages;
  return { renderer, assets, built: pages, styleHashes: [styleHash(assets.css)] };
}
