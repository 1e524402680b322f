import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigation } from 'react-router-dom';
import { LoadingOverlay } from '@/components/loading-overlay';

/** Spec §4 and §9: shown when a navigation starts, hidden 700 ms after it ends. */
export const NAVIGATION_OVERLAY_DELAY_MS = 700;

/**
 * The navigation overlay. A navigation that fails (the route's module cannot load) ends on the
 * error screen, so the overlay shows for the same 700 ms there too. The first page load is
 * not a navigation: nothing covers the page while it first paints.
 */
export function NavigationOverlay() {
  const navigation = useNavigation();
  const location = useLocation();
  const [visible, setVisible] = useState(false);
  const firstKey = useRef(location.key);
  const hideTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => {
    if (navigation.state !== 'idle') {
      clearTimeout(hideTimer.current);
      setVisible(true);
    }
  }, [navigation.state]);

  useEffect(() => {
    if (location.key === firstKey.current) return;
    setVisible(true);
    clearTimeout(hideTimer.current);
    hideTimer.current = setTimeout(() => setVisible(false), NAVIGATION_OVERLAY_DELAY_MS);
  }, [location.key]);

  useEffect(() => () => clearTimeout(hideTimer.current), []);

  return <LoadingOverlay visible={visible} label="Loading page" labelVisible={false} />;
}
