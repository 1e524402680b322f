import { useEffect } from 'react';
import { useLocation, useNavigationType } from 'react-router-dom';
import { routeForPath, routes } from '@/config/routes';

/**
 * Routes that name a section (about/founders, contact/whatwillhappen, ...) bring it into view
 * on load. Back and forward are left to ScrollRestoration, which restores the old position.
 */
export function ScrollToSection() {
  const location = useLocation();
  const navigationType = useNavigationType();

  useEffect(() => {
    if (navigationType === 'POP' && window.history.state?.idx !== 0) return;
    const id = routeForPath(location.pathname);
    const def = id ? routes[id] : undefined;
    const section = def && 'section' in def ? def.section : undefined;
    if (!section) return;
    const frame = requestAnimationFrame(() => {
      document.getElementById(section)?.scrollIntoView({ block: 'start' });
    });
    return () => cancelAnimationFrame(frame);
  }, [location.key, location.pathname, navigationType]);

  return null;
}
