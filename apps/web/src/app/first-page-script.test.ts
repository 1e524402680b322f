import { describe, expect, it, vi } from 'vitest';
import { prerenderedUrl, routeForPath, routeIds, routes } from '@/config/routes';
import { firstPageScript, type ScreenCode } from './first-page-script';

/** Runs the inline script as the page would, at `hash`; returns what it requested. */
function run(hash: string, code: ScreenCode = {}) {
  const fetch = vi.fn(() => Promise.resolve(new Response('')));
  const win: { firstPage?: { url: string } } = {};
  const head = document.createElement('head');
  const doc = { createElement: (tag: string) => document.createElement(tag), head };
  new Function('location', 'window', 'fetch', 'document', firstPageScript(code))(
    { hash },
    win,
    fetch,
    doc,
  );
  expect(fetch.mock.calls.length).toBe(win.firstPage ? 1 : 0);
  return Object.assign(() => win.firstPage?.url, { preloads: [...head.querySelectorAll('link')] });
}

describe('the inline first-page script', () => {
  it('requests the prerendered page of every route the build prerenders', () => {
    for (const id of routeIds) {
      expect(run(`#${routes[id].path}`)(), id).toBe(prerenderedUrl(id));
    }
    expect(run('')()).toBe(prerenderedUrl('home'));
  });

  it('reads the hash as the router does: case, trailing slash, no leading slash, query', () => {
    for (const hash of [
      '#/About/Founders/',
      '#about/founders',
      '#/about/founders?x=1',
      '#/services/CCM//',
      '#/careers?from=mail',
      '#/nowhere',
      '#/jobs?JobID=3',
    ]) {
      const id = routeForPath(
        hash
          .slice(1)
          .split('?')[0]!
          .replace(/^(?!\/)/, '/'),
      );
      expect(run(hash)(), hash).toBe(id && prerenderedUrl(id));
    }
  });

  it('requests no HTML for the job screen, nothing at all for unknown routes', () => {
    expect(run('#/jobs?JobID=3&PageFrom=careers')()).toBeUndefined();
    expect(run('#/no/such/page')()).toBeUndefined();
  });

  it("preloads the route's screen code at low priority, and only that screen's", () => {
    const code = { job: ['/assets/job-page-1.js', '/assets/careers-2.js'], home: ['/assets/h.js'] };
    const { preloads } = run('#/jobs?JobID=3', code);
    expect(preloads.map((link) => link.getAttribute('href'))).toEqual(code.job);
    for (const link of preloads) {
      expect(link.rel).toBe('modulepreload');
      expect(link.getAttribute('fetchpriority')).toBe('low');
    }
    expect(run('#/no/such/page', code).preloads).toEqual([]);
  });
});
