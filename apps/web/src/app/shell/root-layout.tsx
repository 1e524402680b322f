import { Suspense, useLayoutEffect, type ReactNode } from 'react';
import { Island } from '@/lib/island';
import { useLocation } from '@lumenfield/page-kit';
import { Footer } from './footer';
import { Header } from './header';
import { InactivityReload } from './inactivity-reload';
import { NavigationOverlay } from './navigation-overlay';
import { NavigationStateProvider, useNavigationState } from './navigation-state';
import { RequestOverlay } from './request-overlay';
import { RouteError } from './route-error';
import { ScreenBoundary } from './screen-boundary';
import { ScreenReady } from './screen-ready';
import { sectionOf } from './scroll-manager';

/** The shell: loading overlays, header, the routed screen, footer. */
export function RootLayout({
  children,
  screenInHtml,
}: {
  children: ReactNode;
  screenInHtml: boolean;
}) {
  const location = useLocation();
  return (
    <NavigationStateProvider screenInHtml={screenInHtml}>
      <SkipLink />
      {/* Header, screen and footer are boundaries of their own: React hydrates a prerendered
          page one boundary at a time, yielding between them, not in one long task (TBT). */}
      <Suspense fallback={null}>
        <Island name="header">
          <Header />
        </Island>
      </Suspense>
      <main id="main-content" className="site-main" tabIndex={-1}>
        {/* Keyed by path so a failed screen does not stick once the visitor moves on. */}
        <ScreenBoundary
          key={location.pathname}
          fallback={() => (
            <>
              <RouteError />
              <ScreenReady />
            </>
          )}
        >
          <Suspense fallback={null}>
            {children}
            <ScreenReady />
          </Suspense>
        </ScreenBoundary>
      </main>
      <Suspense fallback={null}>
        <ShellFooter />
      </Suspense>
      <NavigationOverlay />
      <RequestOverlay />
      <Island name="inactivity">
        <InactivityReload />
      </Island>
    </NavigationStateProvider>
  );
}

/**
 * The footer joins the page once the first screen has rendered: shown earlier, right under an
 * empty <main>, the arriving screen would push it down in view (a layout shift, CLS).
 */
function ShellFooter() {
  const { firstScreenShown } = useNavigationState();
  const { pathname } = useLocation();
  useLayoutEffect(() => {
    // The /footer route lands on the footer: it exists only now.
    if (firstScreenShown && sectionOf(pathname) === 'site-footer') {
      document.getElementById('site-footer')?.scrollIntoView({ block: 'start' });
    }
    // Only when the footer first appears; later navigations scroll in ScreenReady.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [firstScreenShown]);
  return firstScreenShown ? <Footer /> : null;
}

export function SkipLink() {
  return (
    <a className="skip-link" href="#main-content" onClick={skipToMain}>
      Skip to main content
    </a>
  );
}

/** Moves focus to <main> without adding the fragment to the URL (and the history). */
function skipToMain(event: React.MouseEvent<HTMLAnchorElement>) {
  event.preventDefault();
  const main = document.getElementById('main-content');
  main?.focus();
  main?.scrollIntoView();
}
