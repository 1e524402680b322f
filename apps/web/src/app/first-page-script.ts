// Relative, not '@/': the build's config (apps/web/prerender.ts) imports this file too.
import { prerenderedUrl, routeIds, routes } from '../config/routes';

/**
 * The page's one inline script, first in <head>: it starts the first route's prerendered HTML
 * downloading at once, alongside the stylesheet and the entry module rather than after the
 * entry has run (src/app/first-paint.ts takes the answer). The path is read as routeForPath
 * reads it: case-insensitive, trailing '/' ignored. apps/web/prerender.ts puts it in the page;
 * the server allows it by its hash (CSP).
 */
export function firstPageScript(): string {
  const pages = Object.fromEntries(
    routeIds.flatMap((id) => {
      const url = prerenderedUrl(id);
      return url ? [[routes[id].path, url]] : [];
    }),
  );
  return [
    `(function(){var pages=${JSON.stringify(pages)};`,
    `var path=location.hash.slice(1).split(/[?#]/)[0].toLowerCase().replace(/\\/+$/,"");`,
    `if(path.charAt(0)!=="/")path="/"+path;`,
    `var url=pages[path];`,
    `if(url)window.firstPage={url:url,response:fetch(url)};})()`,
  ].join('');
}
