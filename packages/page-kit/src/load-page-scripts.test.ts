import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BOOT_SCRIPT } from './load-page-scripts';

/** Runs the inline script's own text, as the page's `<script>` element would. */
function runBootScript(dataset: Record<string, string>) {
  const own = document.createElement('script');
  Object.assign(own.dataset, dataset);
  document.head.append(own);
  vi.spyOn(document, 'currentScript', 'get').mockReturnValue(own);
  new Function(BOOT_SCRIPT)();
  vi.restoreAllMocks();
}

const added = () => ({
  scripts: Array.from(
    document.head.querySelectorAll<HTMLScriptElement>('script[type="module"]'),
  ).map((script) => script.getAttribute('src')),
  preloads: Array.from(document.head.querySelectorAll('link[rel="modulepreload"]')).map((link) =>
    link.getAttribute('href'),
  ),
});

describe('the inline script that loads the page scripts', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'requestAnimationFrame'] });
    document.head.innerHTML = '';
    window.history.replaceState(null, '', '/about');
  });
  afterEach(() => {
    vi.useRealTimers();
    window.history.replaceState(null, '', '/');
  });

  it('loads the entry and its imports once the page has loaded and painted a frame', () => {
    runBootScript({ entry: '/assets/index.js', preloads: '/assets/a.js /assets/b.js' });
    expect(added()).toEqual({ scripts: [], preloads: [] });

    window.dispatchEvent(new Event('load'));
    expect(added().scripts).toEqual([]);
    vi.runAllTimers();
    expect(added()).toEqual({
      scripts: ['/assets/index.js'],
      preloads: ['/assets/a.js', '/assets/b.js'],
    });

    // Once: a second load event (a restored page) adds nothing.
    window.dispatchEvent(new Event('load'));
    vi.runAllTimers();
    expect(added().scripts).toHaveLength(1);
  });

  it('loads at once for an old hash link, which the entry draws', () => {
    window.history.replaceState(null, '', '/#/about');
    runBootScript({ entry: '/assets/index.js' });
    expect(added()).toEqual({ scripts: ['/assets/index.js'], preloads: [] });
  });

  it('loads nothing without an entry', () => {
    runBootScript({});
    window.dispatchEvent(new Event('load'));
    vi.runAllTimers();
    expect(added()).toEqual({ scripts: [], preloads: [] });
  });
});
