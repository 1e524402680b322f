import type { ComponentType } from 'react';
import { createHashRouter, type RouteObject } from 'react-router-dom';
import { routeIds, routes, type ScreenId, type ScreenProps } from '@/config/routes';
import { NotFound } from './shell/not-found';
import { RootLayout } from './shell/root-layout';
import { RouteError } from './shell/route-error';

type ScreenModule = { default: ComponentType<ScreenProps> };

/** Each screen is its own chunk, loaded when a route first needs it. */
const screens: Record<ScreenId, () => Promise<ScreenModule>> = {
  home: () => import('@/features/home/home-page'),
  about: () => import('@/features/about/about-page'),
  awards: () => import('@/features/awards/awards-page'),
  contact: () => import('@/features/contact/contact-page'),
  industry: () => import('@/features/industries/industry-page'),
  service: () => import('@/features/services/service-page'),
  privacy: () => import('@/features/privacy/privacy-page'),
  careers: () => import('@/features/careers/careers-page'),
  job: () => import('@/features/careers/job-page'),
  hr: () => import('@/features/hr/hr-page'),
};

const screenRoutes: RouteObject[] = routeIds.map((id) => ({
  id,
  path: routes[id].path,
  lazy: async () => {
    const { default: Screen } = await screens[routes[id].screen]();
    return { Component: () => <Screen routeId={id} /> };
  },
}));

export const appRoutes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      {
        // The shell stays when a screen fails; only the routed part shows the error.
        errorElement: <RouteError />,
        children: [...screenRoutes, { path: '*', element: <NotFound /> }],
      },
    ],
  },
];

export function createRouter() {
  return createHashRouter(appRoutes);
}
