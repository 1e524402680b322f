import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { Route, Routes } from 'react-router-dom';
import { routeIds, routes, type ScreenId, type ScreenProps } from '@/config/routes';
import { NotFound } from './shell/not-found';
import { RootLayout } from './shell/root-layout';

type Screen = LazyExoticComponent<ComponentType<ScreenProps>>;

/**
 * Each screen is its own chunk, loaded when a route first needs it. The declarative router
 * (rather than the data router) keeps the first load small: see docs/architecture.md.
 */
const screens: Record<ScreenId, Screen> = {
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

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<RootLayout />}>
        {routeIds.map((id) => {
          const Screen = screens[routes[id].screen];
          return <Route key={id} path={routes[id].path} element={<Screen routeId={id} />} />;
        })}
        <Route path="*" element={<NotFound />} />
      </Route>
    </Routes>
  );
}
