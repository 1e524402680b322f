/**
 * The one inline script of every page (docs/architecture.md, "The page's scripts load after
 * its first paint"). The page is whole without its scripts, so their first request waits until
 * the page has loaded and painted a frame: nothing of theirs shares the first paint's
 * bandwidth or main thread. An old hash link (`/#/about`) is drawn by the entry, which loads at
 * once.
 *
 * It runs as the text of its own `<script>` (`BOOT_SCRIPT`), so it closes over nothing: what it
 * loads is in that element's `data-entry` and `data-preloads` (space-separated).
 */
export function loadPageScripts(): void {
  const own = document.currentScript;
  if (!(own instanceof HTMLScriptElement)) return;
  const entry = own.dataset.entry;
  const preloads = (own.dataset.preloads ?? '').split(' ').filter(Boolean);
  if (!entry) return;
  const load = () => {
    for (const href of preloads) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.href = href;
      document.head.append(link);
    }
    const script = document.createElement('script');
    script.type = 'module';
    script.src = entry;
    document.head.append(script);
  };
  if (window.location.hash.length > 1) load();
  else {
    window.addEventListener(
      'load',
      // After the next frame is painted: a task queued from a frame's callback runs after it.
      () => requestAnimationFrame(() => setTimeout(load, 0)),
      { once: true },
    );
  }
}

/** The inline script's text: the CSP allows it by its hash (apps/server, plugins/site-pages.ts). */
export const BOOT_SCRIPT = `(${loadPageScripts.toString()})()`;
