import { describe, expect, it, vi } from 'vitest';
import { prerenderedUrl, routeForPath, routeIds, routes } from '@/config/routes';
import { firstPageScript } from './first-page-script';

/** Runs the inline script as the page would, at `hash`; returns what it requested. */
function run(hash: string): string | undefined {
  const fetch = vi.fn(() => Promise.resolve(new Response('')));
  const win: { firstPage?: { url: string } } = {};
  new Function('location', 'window', 'fetch', firstPageScript())({ hash }, win, fetch);
  expect(fetch.mock.calls.length).toBe(win.firstPage ? 1 : 0);
  return win.firstPage?.url;
}

describe('the inline first-page script', () => {
  it('requests the prerendered page of every route the build prerenders', () => {
    for (const id of routeIds) {
      expect(run(`#${routes[id].path}`), id).toBe(prerenderedUrl(id));
    }
    expect(run('')).toBe(prerenderedUrl('home'));
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
      expect(run(hash), hash).toBe(id && prerenderedUrl(id));
    }
  });

  it('requests nothing for the job screen and for unknown routes', () => {
    expect(run('#/jobs?JobID=3&PageFrom=careers')).toBeUndefined();
    expect(run('#/no/such/page')).toBeUndefined();
  });
});
