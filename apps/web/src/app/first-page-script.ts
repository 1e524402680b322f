// Relative, not '@/': the build's config (apps/web/prerender.ts) imports this file too.
import { prerenderedUrl, routeIds, routes, type ScreenId } from '../config/routes';

/** Each screen's code: its chunk and the chunks it imports, as URLs ('/assets/…'). */
export type ScreenCode = Partial<Record<ScreenId, readonly string[]>>;

/**
 * The page's one inline script, first in <head>. For the route in the hash it starts at once,
 * alongside the stylesheet and the entry module rather than after the entry has run:
 * - the route's prerendered HTML (src/app/first-paint.ts takes the answer);
 * - its screen's code, as a low-priority module preload (React hydrates or draws the screen
 *   with it; the first paint does not wait for it).
 *
 * The path is read as routeForPath reads it: case-insensitive, trailing '/' ignored.
 * apps/web/prerender.ts puts it in the page; the server allows it by its hash (CSP).
 */
export function firstPageScript(screenCode: ScreenCode = {}): string {
  const screens = [...new Set(routeIds.map((id) => routes[id].screen))];
  // path -> [prerendered HTML or 0, index of its screen's code]
  const pages = Object.fromEntries(
    routeIds.map((id) => [
      routes[id].path,
      [prerenderedUrl(id) ?? 0, screens.indexOf(routes[id].screen)],
    ]),
  );
  const code = screens.map((screen) => screenCode[screen] ?? []);
  return [
    `(function(){var pages=${JSON.stringify(pages)},code=${JSON.stringify(code)};`,
    `var path=location.hash.slice(1).split(/[?#]/)[0].toLowerCase().replace(/\\/+$/,"");`,
    `if(path.charAt(0)!=="/")path="/"+path;`,
    `var page=pages[path];if(!page)return;`,
    `if(page[0])window.firstPage={url:page[0],response:fetch(page[0])};`,
    `code[page[1]].forEach(function(src){var link=document.createElement("link");`,
    `link.rel="modulepreload";link.href=src;link.crossOrigin="";link.setAttribute("fetchpriority","low");`,
    `document.head.appendChild(link);});})()`,
  ].join('');
}
