import { describe, expect, it } from 'vitest';
import { canonicalPath, canonicalRoute, normalisePath, pathFromHash, routeForPath } from './paths';
import { routeDef, routeIds, routes } from './routes';
import { paramRouteIds } from './paths';

describe('paths', () => {
  it('normalises case, trailing and repeated slashes once', () => {
    expect(normalisePath('/Careers/')).toBe('/careers');
    expect(normalisePath('/services//ccm///')).toBe('/services/ccm');
    expect(normalisePath('/')).toBe('/');
    expect(normalisePath('//')).toBe('/');
  });

  it('matches every route at its path, and openings by number', () => {
    for (const id of routeIds.filter((other) => !paramRouteIds.includes(other))) {
      expect(routeForPath(routes[id].path)?.id, id).toBe(id);
    }
    expect(routeForPath('/careers/jobs/42')).toEqual({ id: 'job', param: '42' });
    expect(routeForPath('/careers/jobs/abc')).toBeUndefined();
    expect(routeForPath('/nowhere')).toBeUndefined();
    expect(routeForPath('/applications/AbC-123')).toEqual({ id: 'applicant' });
    expect(canonicalPath('/applications/AbC-123')).toBe('/applications');
  });

  it('lands every hash form of an old link on its path', () => {
    expect(pathFromHash('#/about')).toBe('/about');
    expect(pathFromHash('#about')).toBe('/about');
    expect(pathFromHash('#/careers/')).toBe('/careers');
    expect(pathFromHash('#services/cloudbi')).toBe('/services/cloudbi');
    expect(pathFromHash('#/about/founders')).toBe('/about/founders');
    expect(pathFromHash('#/jobs?JobID=7&PageFrom=careers')).toBe('/careers/jobs/7');
    expect(pathFromHash('#/jobs')).toBe('/jobs');
    expect(pathFromHash('#/jobs?JobID=abc')).toBe('/jobs');
    expect(pathFromHash('#main-content')).toBeUndefined();
    expect(pathFromHash('#/')).toBeUndefined();
  });

  it('section routes and /dashboard are known by their page', () => {
    expect(canonicalRoute('aboutFounders')).toBe('about');
    expect(canonicalRoute('dashboard')).toBe('home');
    expect(canonicalRoute('servicesCcm')).toBe('servicesCcm');
    for (const id of routeIds) {
      const def = routeDef(id);
      if (def.section) expect(def.canonical, id).toBeDefined();
      if (def.canonical) expect(def.canonical in routes, id).toBe(true);
    }
  });
});
