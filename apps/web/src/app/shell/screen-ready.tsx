import { useEffect, useLayoutEffect } from 'react';
import { useLocation, useNavigationType } from '@lumenfield/page-kit';
import { useNavigationState } from './navigation-state';
import {
  applyScroll,
  hasSavedScroll,
  persistScrollPositions,
  rememberScroll,
} from './scroll-manager';

/**
 * Rendered after the routed screen inside its Suspense boundary, so its effects run once the
 * screen is on the page: the navigation has ended, and the scroll position can be set.
 */
export function ScreenReady() {
  const location = useLocation();
  const navigationType = useNavigationType();
  const { settled, paintedFromHtml } = useNavigationState();

  useLayoutEffect(() => {
    // A first screen from the server's HTML: a visitor who scrolled before the site's code
    // had loaded stays where they are; otherwise a section route brings its section into view.
    // A reload still returns to where the visitor was.
    if (paintedFromHtml(location.key) && !hasSavedScroll(location.key)) {
      if (window.scrollY === 0) applyScroll(location.key, location.pathname, false);
      return;
    }
    applyScroll(location.key, location.pathname, navigationType === 'POP');
  }, [location.key, location.pathname, navigationType, paintedFromHtml]);

  useEffect(() => {
    settled(location.key);
    // The page is live: its buttons and menus answer (the browser tests wait for this).
    document.documentElement.dataset.ready = 'true';
  }, [location.key, settled]);

  useEffect(() => {
    let frame = 0;
    const onScroll = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => rememberScroll(location.key));
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('pagehide', persistScrollPositions);
    return () => {
      cancelAnimationFrame(frame);
      rememberScroll(location.key);
      persistScrollPositions();
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('pagehide', persistScrollPositions);
    };
  }, [location.key]);

  return null;
}
