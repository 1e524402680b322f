import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { routeForPath, routes, type ScreenId, type ScreenProps } from '@lumenfield/routes';
import { useLocation } from '@lumenfield/page-kit';
import { NotFound } from './shell/not-found';
import { RootLayout } from './shell/root-layout';

type ScreenModule = { default: ComponentType<ScreenProps> };

/**
 * Each screen is its own chunk, loaded when a route first needs it: see docs/architecture.md.
 * The build also asks which module each screen is, to give its pages that module's stylesheet
 * (page-kit's vite/prerender.ts).
 */
export const screenModules: Record<ScreenId, () => Promise<ScreenModule>> = {
  home: () => import('@/features/home/home-page'),
  about: () => import('@/features/about/about-page'),
  awards: () => import('@/features/awards/awards-page'),
  contact: () => import('@/features/contact/contact-page'),
  industry: () => import('@/features/industries/industry-page'),
  service: () => import('@/features/services/service-page'),
  privacy: () => import('@/features/privacy/privacy-page'),
  careers: () => import('@/features/careers/careers-page'),
  job: () => import('@/features/careers/job-page'),
  applicant: () => import('@/features/applicant/applicant-page'),
  hr: () => import('@/features/hr/hr-page'),
};

const screens = Object.fromEntries(
  Object.entries(screenModules).map(([id, load]) => [id, lazy(load)]),
) as Record<ScreenId, LazyExoticComponent<ComponentType<ScreenProps>>>;

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
