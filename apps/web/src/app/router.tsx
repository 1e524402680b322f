import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { routeForPath, routes, type ScreenId, type ScreenProps } from '@lumenfield/routes';
import { useLocation } from '@/lib/router';
import { NotFound } from './shell/not-found';
import { RootLayout } from './shell/root-layout';

type Screen = LazyExoticComponent<ComponentType<ScreenProps>>;

/**
 * Each screen is its own chunk, loaded when a route first needs it: see docs/architecture.md.
 */
export const screens: Record<ScreenId, Screen> = {
  home: lazy(() => import('@/features/home/home-page')),
  about: lazy(() => import('@/features/about/about-page')),
  awards: lazy(() => import('@/features/awards/awards-page')),
  contact: lazy(() => import('@/features/contact/contact-page')),
  industry: lazy(() => import('@/features/industries/industry-page')),
  service: lazy(() => import('@/features/services/service-page')),
  privacy: lazy(() => import('@/features/privacy/privacy-page')),
  careers: lazy(() => import('@/features/careers/careers-page')),
  job: lazy(() => import('@/features/careers/job-page')),
  hr: lazy(() => import('@/features/hr/hr-page')),
};

/** The screen for the current location inside the shell, or the not-found screen. */
export function AppRoutes({ screenInHtml }: { screenInHtml: boolean }) {
  const match = routeForPath(useLocation().pathname);
  const Screen = match ? screens[routes[match.id].screen] : undefined;
  return (
    <RootLayout screenInHtml={screenInHtml}>
      {match && Screen ? <Screen routeId={match.id} param={match.param} /> : <NotFound />}
    </RootLayout>
  );
}
