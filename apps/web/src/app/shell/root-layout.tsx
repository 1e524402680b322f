import { Outlet, ScrollRestoration } from 'react-router-dom';
import { Footer } from './footer';
import { Header } from './header';
import { InactivityReload } from './inactivity-reload';
import { NavigationOverlay } from './navigation-overlay';
import { RequestOverlay } from './request-overlay';
import { ScrollToSection } from './scroll-to-section';

/** The shell: loading overlays, header, the routed screen, footer (spec §2). */
export function RootLayout() {
  return (
    <>
      <a className="skip-link" href="#main-content" onClick={skipToMain}>
        Skip to main content
      </a>
      <Header />
      <main id="main-content" className="site-main" tabIndex={-1}>
        <Outlet />
      </main>
      <Footer />
      <NavigationOverlay />
      <RequestOverlay />
      <ScrollRestoration />
      <ScrollToSection />
      <InactivityReload />
    </>
  );
}

/** The hash is our router's: move focus to <main> without touching the URL. */
function skipToMain(event: React.MouseEvent<HTMLAnchorElement>) {
  event.preventDefault();
  const main = document.getElementById('main-content');
  main?.focus();
  main?.scrollIntoView();
}
