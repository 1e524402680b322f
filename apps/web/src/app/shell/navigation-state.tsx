import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { useLocation } from '@lumenfield/page-kit';

/** The navigation overlay (docs/architecture.md) shows when a navigation starts and hides 700 ms after it ends. */
export const NAVIGATION_OVERLAY_DELAY_MS = 700;

interface NavigationState {
  overlayVisible: boolean;
  /** The first screen has rendered: what follows <main> may appear without pushing anything. */
  firstScreenShown: boolean;
  /** A screen (or the error screen) for the current location has rendered: navigation ended. */
  settled: (locationKey: string) => void;
  /**
   * The location is the visit's first and its screen came prerendered: it was painted, and
   * scrolled to its section, before React loaded, and the visitor may have scrolled since.
   */
  paintedFromHtml: (locationKey: string) => boolean;
}

const NavigationContext = createContext<NavigationState | null>(null);

/**
 * Tracks navigations for the overlay. A location change starts one; the routed screen reports
 * when it has rendered (after its chunk loaded), or the error screen does when it failed.
 * The first page load is not a navigation: nothing covers the page while it first paints.
 */
export function NavigationStateProvider({
  children,
  screenInHtml,
}: {
  children: ReactNode;
  /** The first screen came with the page (prerendered), footer and all. */
  screenInHtml: boolean;
}) {
  const location = useLocation();
  const firstKey = useRef(location.key);
  const [overlayVisible, setOverlayVisible] = useState(false);
  const [firstScreenShown, setFirstScreenShown] = useState(screenInHtml);
  const hideTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const currentKey = useRef(location.key);
  currentKey.current = location.key;

  useEffect(() => {
    if (location.key === firstKey.current) return;
    clearTimeout(hideTimer.current);
    setOverlayVisible(true);
  }, [location.key]);

  useEffect(() => () => clearTimeout(hideTimer.current), []);

  const settled = useCallback((locationKey: string) => {
    setFirstScreenShown(true);
    if (locationKey !== currentKey.current || locationKey === firstKey.current) return;
    clearTimeout(hideTimer.current);
    hideTimer.current = setTimeout(() => setOverlayVisible(false), NAVIGATION_OVERLAY_DELAY_MS);
  }, []);

  const paintedFromHtml = useCallback(
    (locationKey: string) => screenInHtml && locationKey === firstKey.current,
    [screenInHtml],
  );

  const value = useMemo(
    () => ({ overlayVisible, firstScreenShown, settled, paintedFromHtml }),
    [overlayVisible, firstScreenShown, settled, paintedFromHtml],
  );
  return <NavigationContext.Provider value={value}>{children}</NavigationContext.Provider>;
}

export function useNavigationState(): NavigationState {
  const value = useContext(NavigationContext);
  if (!value) throw new Error('useNavigationState needs NavigationStateProvider');
  return value;
}
