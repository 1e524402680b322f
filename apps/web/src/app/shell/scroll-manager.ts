import { routeDef, routeForPath } from '@lumenfield/routes';

/**
 * Scroll positions by history entry, so back and forward return to where the visitor was,
 * while every new navigation starts at the top, or at the section its route names
 * (about/founders, contact/whatwillhappen, ...: docs/search.md).
 */
const STORAGE_KEY = 'scroll-positions';
const positions = new Map<string, number>(readStored());

function readStored(): [string, number][] {
  try {
    const parsed: unknown = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '[]');
    return Array.isArray(parsed) ? (parsed as [string, number][]).slice(-50) : [];
  } catch {
    return [];
  }
}

export function rememberScroll(locationKey: string) {
  positions.set(locationKey, window.scrollY);
}

export function hasSavedScroll(locationKey: string): boolean {
  return positions.has(locationKey);
}

export function persistScrollPositions() {
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify([...positions].slice(-50)));
  } catch {
    // storage full or disabled: restoring scroll is a nicety
  }
}

export function sectionOf(pathname: string): string | undefined {
  const match = routeForPath(pathname);
  return match ? routeDef(match.id).section : undefined;
}

/** Called once the screen for a location has rendered. */
export function applyScroll(locationKey: string, pathname: string, isPop: boolean) {
  const saved = positions.get(locationKey);
  if (isPop && saved !== undefined) {
    window.scrollTo(0, saved);
    return;
  }
  const section = sectionOf(pathname);
  const target = section ? document.getElementById(section) : null;
  if (target) target.scrollIntoView({ block: 'start' });
  else if (!isPop || saved === undefined) window.scrollTo(0, 0);
}
